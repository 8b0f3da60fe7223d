/**
 * What a request's change tells others:
 * - `enqueueRequestUpdated(tx, request, now)`: the `request.updated` webhook (with the new
 *   state) to the buyer's own enabled endpoints, in the change's transaction;
 * - `afterRequestSent(deps, user, request)`: after commit, the staff summary and the buyer's
 *   copy of a new request (from the bag or through API Link alike);
 * - `afterRequestChange(deps, id, change)`: after commit, the buyer's e-mail for each step
 *   they can see, and for what the buyer did (cancel, answer an alternative, write) a staff
 *   e-mail and an entry in the staff messages inbox. A mail failure is logged (the outbox
 *   keeps it), never answered.
 */
import { eq } from 'drizzle-orm';
import { first, type Db } from '../../../db/client.ts';
import { bagRequests, contactMessages, users, type User } from '../../../db/tables.ts';
import type { Deps } from '../../types.ts';
import { siteOf } from '../accounts/accounts.ts';
import { logger } from '../platform/logger.ts';
import type { MailMessage } from '../platform/mailer.ts';
import { enqueueForAccount } from '../webhooks/enqueue.ts';
import { buyerStepMail, staffStepMail, stateSentence } from './request-mails.ts';
import { customerRequestCopy, staffRequestEmail } from './request-emails.ts';
import { toRequestView } from './bag-requests.ts';
import type { StoredRequest } from './request-records.ts';

export const REQUEST_UPDATED = 'request.updated';

export function requestPayload(r: StoredRequest, at: Date): Record<string, unknown> {
  return {
    type: REQUEST_UPDATED,
    timestamp: at.toISOString(),
    data: { id: r.id, state: r.status, terms: r.terms, carrier_reference: r.carrierRef },
  };
}

export async function enqueueRequestUpdated(tx: Db, requestId: number, now: number): Promise<number> {
  const r = await first(tx.select().from(bagRequests).where(eq(bagRequests.id, requestId)).limit(1));
  if (!r) return 0;
  return enqueueForAccount(tx, r.userId, REQUEST_UPDATED, requestPayload(r, new Date(now)), now);
}

export type RequestChange =
  | { kind: 'state'; by: 'buyer' | 'staff'; from: string; to: string }
  | { kind: 'line'; by: 'staff'; answer: string }
  | { kind: 'alternative'; by: 'buyer'; reply: string }
  | { kind: 'message'; by: 'buyer' | 'staff'; body: string };

function buyerSays(c: RequestChange): string | null {
  if (c.kind === 'state' && c.to === 'cancelled') return 'The buyer cancelled the request.';
  if (c.kind === 'alternative') return `The buyer ${c.reply} an offered alternative.`;
  if (c.kind === 'message') return `The buyer wrote:\n${c.body}`;
  return null;
}

function staffSays(c: RequestChange, r: StoredRequest): string | null {
  if (c.kind === 'state') return stateSentence(c.to, r.carrierRef);
  if (c.kind === 'line' && c.answer === 'alternative')
    return 'We have offered an alternative stone; please accept or refuse it.';
  if (c.kind === 'line' && c.answer === 'unavailable') return 'A stone in your request is no longer available.';
  if (c.kind === 'message') return `We wrote:\n${c.body}`;
  return null;
}

async function send(deps: Deps, m: MailMessage): Promise<void> {
  await deps.mailer.send(m).catch((err: unknown) => {
    logger.error({ err, worker: 'mail' }, 'request e-mail failed');
  });
}

export async function afterRequestSent(deps: Deps, user: User, stored: StoredRequest): Promise<void> {
  const view = toRequestView(stored);
  const site = await siteOf(deps);
  await Promise.all(
    [
      staffRequestEmail(site, deps.config.STAFF_EMAIL, user, view, stored.items),
      customerRequestCopy(site, user, view, stored.items),
    ].map((m) => send(deps, m)),
  );
}

export async function afterRequestChange(deps: Deps, requestId: number, change: RequestChange): Promise<void> {
  const row = await first(
    deps.db
      .select({ r: bagRequests, u: users })
      .from(bagRequests)
      .innerJoin(users, eq(users.id, bagRequests.userId))
      .where(eq(bagRequests.id, requestId))
      .limit(1),
  );
  if (!row) return;
  const site = await siteOf(deps);
  if (change.by === 'staff') {
    const what = staffSays(change, row.r);
    if (what) await send(deps, buyerStepMail(site, row.u, requestId, what));
    return;
  }
  const what = buyerSays(change);
  if (!what) return;
  await inboxEntry(deps.db, row.u, requestId, what, deps.clock.now());
  await send(deps, staffStepMail(site, deps.config.STAFF_EMAIL, row.u, requestId, what));
}

async function inboxEntry(db: Db, u: User, requestId: number, what: string, now: number): Promise<void> {
  await db.insert(contactMessages).values({
    kind: 'request',
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    phone: u.phone,
    companyName: u.companyName,
    message: what,
    pageTitle: `Request #${requestId}`,
    userId: u.id,
    createdAt: new Date(now),
  });
}
