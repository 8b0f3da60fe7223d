/**
 * What a request's change tells others:
 * - `enqueueRequestUpdated(tx, request, now)`: the `request.updated` webhook (with the new
 *   state) to the buyer's own enabled endpoints, in the change's transaction;
 * - `queueRequestSent(deps, tx, user, request)`: the staff summary and the buyer's copy of a
 *   new request (from the bag or through API Link alike);
 * - `queueRequestChange(deps, tx, id, change)`: the buyer's e-mail for each step they can
 *   see, and for what the buyer did (cancel, answer an alternative, write) a staff e-mail and
 *   an entry in the staff messages inbox.
 * Both store their e-mails in the outbox inside the change's transaction, so a request and its
 * e-mails exist together or not at all; the caller delivers them after the commit
 * (`deliverQueued`), and a node killed in between leaves them to any node's outbox resend.
 */
import { eq } from 'drizzle-orm';
import { first, type Db } from '../../../db/client.ts';
import { bagRequests, contactMessages, users, type User } from '../../../db/tables.ts';
import type { Deps } from '../../types.ts';
import { siteOf } from '../accounts/accounts.ts';
import type { QueuedMail } from '../platform/mailer.ts';
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

/** The staff summary and the buyer's copy of a new request, stored in the request's transaction. */
export async function queueRequestSent(deps: Deps, tx: Db, user: User, stored: StoredRequest): Promise<QueuedMail[]> {
  const view = toRequestView(stored);
  const site = await siteOf(deps);
  const mails = [
    staffRequestEmail(site, deps.config.STAFF_EMAIL, user, view, stored.items),
    customerRequestCopy(site, user, view, stored.items),
  ];
  const queued: QueuedMail[] = [];
  for (const m of mails) queued.push(await deps.mailer.queue(tx, m));
  return queued;
}

/**
 * What one step of a request tells, stored in the step's transaction (`tx`): the buyer's e-mail
 * for a staff step; for the buyer's own doing, an entry in the staff inbox and the staff e-mail.
 */
export async function queueRequestChange(
  deps: Deps,
  tx: Db,
  requestId: number,
  change: RequestChange,
): Promise<QueuedMail[]> {
  const row = await first(
    tx
      .select({ r: bagRequests, u: users })
      .from(bagRequests)
      .innerJoin(users, eq(users.id, bagRequests.userId))
      .where(eq(bagRequests.id, requestId))
      .limit(1),
  );
  if (!row) return [];
  const site = await siteOf(deps);
  if (change.by === 'staff') {
    const what = staffSays(change, row.r);
    return what ? [await deps.mailer.queue(tx, buyerStepMail(site, row.u, requestId, what))] : [];
  }
  const what = buyerSays(change);
  if (!what) return [];
  await inboxEntry(tx, row.u, requestId, what, deps.clock.now());
  return [await deps.mailer.queue(tx, staffStepMail(site, deps.config.STAFF_EMAIL, row.u, requestId, what))];
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
