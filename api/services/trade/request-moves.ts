/**
 * Moving a request through its lifecycle (src/domain/trade/request-lifecycle.ts has the rules):
 *
 *   moveRequest(deps, actor, id, to, opts)   staff: any legal move (terms may change on
 *                                            confirming; shipping needs a carrier reference);
 *                                            buyer: cancel before confirmation. 409 when illegal.
 *
 * The move is a conditional update on the state it was read in, so two staff pressing at once
 * make one move and the other a 409 state_changed. Declined, cancelled and returned requests
 * free every stone they claimed. Each move is a timeline entry, audited when staff made it,
 * and tells the buyer (e-mail, request.updated webhook); a buyer's cancel tells staff.
 */
import { and, eq } from 'drizzle-orm';
import { changes, writeTx } from '../../../db/client.ts';
import { bagRequests } from '../../../db/tables.ts';
import {
  CONFIRM_REFUSALS,
  confirmError,
  FREES_RESERVATIONS,
  transitionError,
  type RequestState,
  type RequestTerms,
} from '../../../src/domain/trade/request-lifecycle.ts';
import { statusLabel } from '../../../src/domain/status-label.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { audit } from '../admin/audit.ts';
import { releaseClaims } from './request-claims.ts';
import { deliverQueued } from '../platform/mailer.ts';
import { announceMine } from '../live/notify.ts';
import { enqueueRequestUpdated, queueRequestChange } from './request-notices.ts';
import { addEvent, linesOf, requestRowFor, type Actor } from './request-records.ts';
import { endHoldsForConfirmed } from './request-stones.ts';

export type MoveOptions = { terms?: RequestTerms; carrierRef?: string; note?: string };

export async function moveRequest(
  deps: Deps,
  actor: Actor & { id: number; role: 'buyer' | 'staff' },
  id: number,
  to: RequestState,
  opts: MoveOptions = {},
): Promise<void> {
  const now = deps.clock.now();
  const mails = await writeTx(deps.db, async (tx) => {
    const r = await requestRowFor(tx, id, { role: actor.role, userId: actor.id });
    const terms = opts.terms ?? r.terms;
    if (opts.terms && opts.terms !== r.terms && to !== 'confirmed')
      throw new HttpError(409, 'terms_change_on_confirm', { message: 'Terms can be changed when confirming only.' });
    const refused = transitionError({ from: r.status, to, by: actor.role, terms: r.terms });
    if (refused)
      throw new HttpError(409, refused, {
        from: r.status,
        to,
        message: `A ${statusLabel(r.status).toLowerCase()} request cannot be ${statusLabel(to).toLowerCase()}${actor.role === 'buyer' ? ' by you' : ''}.`,
      });
    const lines = await linesOf(tx, id);
    if (to === 'confirmed') {
      const why = confirmError(lines);
      if (why) throw new HttpError(409, why, { from: r.status, to, message: CONFIRM_REFUSALS[why].sentence });
    }
    const carrierRef = opts.carrierRef?.trim();
    if (to === 'shipped' && !carrierRef)
      throw new HttpError(400, [{ param: 'carrierRef', msg: 'A carrier reference is needed to ship' }]);
    const moved = changes(
      await tx
        .update(bagRequests)
        .set({
          status: to,
          terms,
          ...(to === 'shipped' ? { carrierRef } : {}),
          updatedAt: new Date(now),
        })
        .where(and(eq(bagRequests.id, id), eq(bagRequests.status, r.status))),
    );
    if (moved !== 1)
      throw new HttpError(409, 'state_changed', { message: 'The request changed meanwhile; reload it.' });
    const freed = FREES_RESERVATIONS.includes(to) ? await releaseClaims(tx, id, now) : [];
    if (to === 'confirmed') await endHoldsForConfirmed(tx, r.userId, lines, now);
    const parts = [`${statusLabel(r.status)} → ${statusLabel(to)}`];
    if (terms !== r.terms) parts.push(`terms changed to ${terms}`);
    if (to === 'shipped') parts.push(`carrier reference ${carrierRef}`);
    if (opts.note?.trim()) parts.push(opts.note.trim());
    await enqueueRequestUpdated(tx, id, now);
    // freed stones tell the buyer with their change-log rows (live/events.ts); else it is told here
    if (freed.length === 0) await announceMine(tx, { userId: r.userId, what: 'request', id, state: to });
    await addEvent(tx, id, actor, now, { kind: 'state', from: r.status, to, detail: parts.join('; ') });
    if (actor.role === 'staff')
      await audit(tx, actor.id, 'request.status', 'bag_request', id, { from: r.status, to, terms, carrierRef }, now);
    return queueRequestChange(deps, tx, id, { kind: 'state', by: actor.role, from: r.status, to });
  });
  await deliverQueued(deps.mailer, mails);
}
