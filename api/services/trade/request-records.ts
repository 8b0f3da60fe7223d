/**
 * Storing and reading a request with its lines, timeline and messages.
 *
 *   insertRequest(tx, input, now)       the request, one row per line (single stones claimed, the
 *                                       buyer's own holds on them ended as turned into the request),
 *                                       its first timeline entry (saying how it was made) and its
 *                                       request.updated webhook; in the caller's transaction
 *   requestDetail(db, id, viewer)       the whole request as the buyer (their own only) or staff see it
 *   addEvent(tx, ...)                   one timeline entry
 */
import { and, asc, eq } from 'drizzle-orm';
import { first, type Db } from '../../../db/client.ts';
import {
  bagRequests,
  requestEvents,
  requestLines,
  requestMessages,
  users,
  type RequestLine,
} from '../../../db/tables.ts';
import {
  canMessage,
  canReplyToAlternative,
  hasConfirmation,
  lineAmountCents,
  nextStates,
  requestTotalCents,
  type RequestState,
  type RequestTerms,
} from '../../../src/domain/trade/request-lifecycle.ts';
import { HttpError } from '../../middleware/errors.ts';
import { assertUnclaimed, claiming, recordReservationChange } from './request-claims.ts';
import { enqueueRequestUpdated } from './request-notices.ts';
import { endOwnHoldsRequested } from './holds.ts';

export type StoredRequest = typeof bagRequests.$inferSelect;
export type LineRow = typeof requestLines.$inferSelect;
export type Actor = { id: number | null; role: 'buyer' | 'staff' | 'system' };
export type Viewer = { role: 'buyer' | 'staff'; userId: number };

/**
 * How a request was made: from the bag on the site, or through API Link with one of the
 * account's keys. The one place that says which key made a request (its timeline says so).
 */
export type RequestVia = { channel: 'site' } | { channel: 'link'; keyId: number; keyName: string };

export type NewRequest = {
  userId: number;
  via: RequestVia;
  terms: RequestTerms;
  ccy: string;
  exRate: number;
  totalCents: number | null;
  orderNotes: string;
  acceptsAnyAlternatives: boolean;
  lines: RequestLine[];
};

export async function insertRequest(tx: Db, input: NewRequest, now: number): Promise<StoredRequest> {
  const singles = input.lines.filter((l) => l.type === 'single');
  await assertUnclaimed(
    tx,
    input.userId,
    singles.map((l) => l.diamondId),
  );
  const at = new Date(now);
  const stored = (
    await tx
      .insert(bagRequests)
      .values({
        userId: input.userId,
        terms: input.terms,
        orderNotes: input.orderNotes,
        acceptsAnyAlternatives: input.acceptsAnyAlternatives,
        ccy: input.ccy as StoredRequest['ccy'],
        exRate: input.exRate,
        totalCents: input.totalCents,
        items: input.lines,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
  )[0]!;
  await claiming(
    () =>
      tx.insert(requestLines).values(
        input.lines.map((l, position) => ({
          requestId: stored.id,
          position,
          diamondId: l.diamondId,
          stockCode: l.stockCode,
          type: l.type,
          description: l.description,
          selectedUnit: l.selectedUnit,
          quantity: l.quantity,
          acceptsAlternatives: l.acceptsAlternatives,
          ppcCents: l.ppcCents,
          itemPriceCents: l.itemPriceCents,
          reservedDiamondId: l.type === 'single' ? l.diamondId : null,
          updatedAt: at,
        })),
      ),
    singles.map((l) => l.stockCode).join(', '),
  );
  await recordReservationChange(
    tx,
    singles.map((l) => l.stockCode),
    now,
  );
  // the buyer's own holds on what they request become the request
  await endOwnHoldsRequested(
    tx,
    input.userId,
    singles.map((l) => l.diamondId),
    now,
  );
  const via = input.via.channel === 'link' ? ` via API Link (key “${input.via.keyName}”)` : '';
  await addEvent(tx, stored.id, { id: input.userId, role: 'buyer' }, now, {
    kind: 'created',
    to: 'submitted',
    detail: `Request sent on ${input.terms} terms (${input.lines.length} item${input.lines.length === 1 ? '' : 's'})${via}`,
  });
  await enqueueRequestUpdated(tx, stored.id, now);
  return stored;
}

export async function addEvent(
  tx: Db,
  requestId: number,
  actor: Actor,
  now: number,
  e: { kind: string; from?: RequestState; to?: RequestState; detail: string },
): Promise<void> {
  await tx.insert(requestEvents).values({
    requestId,
    actorId: actor.id,
    actor: actor.role,
    kind: e.kind,
    fromState: e.from ?? null,
    toState: e.to ?? null,
    detail: e.detail,
    createdAt: new Date(now),
  });
}

/** The request row, for the buyer only their own (else 404, never telling that it exists). */
export async function requestRowFor(db: Db, id: number, viewer: Viewer): Promise<StoredRequest> {
  const row = await first(
    db
      .select()
      .from(bagRequests)
      .where(
        viewer.role === 'buyer'
          ? and(eq(bagRequests.id, id), eq(bagRequests.userId, viewer.userId))
          : eq(bagRequests.id, id),
      )
      .limit(1),
  );
  if (!row) throw new HttpError(404, 'request_not_found');
  return row;
}

export const linesOf = (db: Db, requestId: number): Promise<LineRow[]> =>
  db.select().from(requestLines).where(eq(requestLines.requestId, requestId)).orderBy(asc(requestLines.position));

const major = (n: number | null): number | null => (n == null ? null : n / 100);
const iso = (d: Date) => d.toISOString();

export function lineView(l: LineRow) {
  return {
    _id: l.id,
    diamondId: l.diamondId,
    stockCode: l.stockCode,
    type: l.type,
    description: l.description,
    selectedUnit: l.selectedUnit,
    quantity: l.quantity,
    acceptsAlternatives: l.acceptsAlternatives,
    ppc: major(l.ppcCents),
    itemPrice: major(l.itemPriceCents),
    answer: l.answer,
    alternative:
      l.answer === 'alternative' && l.altStockCode
        ? {
            diamondId: l.altDiamondId,
            stockCode: l.altStockCode,
            description: l.altDescription ?? '',
            price: major(l.altPriceCents),
            reply: l.reply,
          }
        : null,
    reserved: l.reservedDiamondId != null,
    amount: major(lineAmountCents(l)),
  };
}

/** Everything about one request: lines with answers, totals, timeline, messages, next steps. */
export async function requestDetail(db: Db, id: number, viewer: Viewer) {
  const r = await requestRowFor(db, id, viewer);
  const [lines, events, messages, customer] = await Promise.all([
    linesOf(db, id),
    db
      .select({ e: requestEvents, name: users.firstName, last: users.lastName })
      .from(requestEvents)
      .leftJoin(users, eq(users.id, requestEvents.actorId))
      .where(eq(requestEvents.requestId, id))
      .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
    db
      .select({ m: requestMessages, name: users.firstName, last: users.lastName })
      .from(requestMessages)
      .leftJoin(users, eq(users.id, requestMessages.authorId))
      .where(eq(requestMessages.requestId, id))
      .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id)),
    first(db.select().from(users).where(eq(users.id, r.userId)).limit(1)),
  ]);
  const who = (role: string, name: string | null, last: string | null) =>
    role === 'staff'
      ? viewer.role === 'staff' && name
        ? `${name} ${last ?? ''}`.trim()
        : 'Facet Trade staff'
      : role === 'system'
        ? 'System'
        : `${name ?? ''} ${last ?? ''}`.trim() || 'Buyer';
  return {
    _id: r.id,
    status: r.status,
    terms: r.terms,
    carrierRef: r.carrierRef,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    ccy: r.ccy,
    ExRate: r.exRate,
    orderNotes: r.orderNotes,
    acceptsAnyAlternatives: r.acceptsAnyAlternatives,
    totalPrice: major(r.totalCents),
    currentTotal: major(requestTotalCents(lines)),
    lines: lines.map(lineView),
    timeline: events.map(({ e, name, last }) => ({
      at: iso(e.createdAt),
      who: who(e.actor, name, last),
      actor: e.actor,
      kind: e.kind,
      from: e.fromState,
      to: e.toState,
      what: e.detail,
    })),
    messages: messages.map(({ m, name, last }) => ({
      _id: m.id,
      at: iso(m.createdAt),
      author: m.author,
      who: who(m.author, name, last),
      body: m.body,
    })),
    customer: customer
      ? {
          _id: customer.id,
          email: customer.email,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          companyName: customer.companyName,
        }
      : null,
    next: nextStates(r.status, viewer.role, r.terms),
    canMessage: canMessage(r.status),
    canReplyToAlternative: viewer.role === 'buyer' && canReplyToAlternative(r.status),
    hasConfirmation: hasConfirmation(r.status),
  };
}
export type RequestDetail = Awaited<ReturnType<typeof requestDetail>>;
