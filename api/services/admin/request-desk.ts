/**
 * The staff side of one request: its inbox view joined with the lifecycle detail, and the
 * PATCH that keeps notes and makes a lifecycle move (trade/request-moves.ts), each audited.
 */
import { eq } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { bagRequests } from '../../../db/tables.ts';
import type { RequestState, RequestTerms } from '../../../src/domain/trade/request-lifecycle.ts';
import type { Deps } from '../../types.ts';
import { moveRequest } from '../trade/request-moves.ts';
import { requestDetail } from '../trade/request-records.ts';
import { audit } from './audit.ts';
import { getRequest } from './inbox.ts';

export async function staffRequestView(db: Db, id: number) {
  const view = await getRequest(db, id);
  const detail = await requestDetail(db, id, { role: 'staff', userId: 0 });
  return { ...detail, ...view };
}

export type RequestUpdate = {
  status?: RequestState;
  staffNotes?: string;
  terms?: RequestTerms;
  carrierRef?: string;
  note?: string;
};

export async function updateRequest(deps: Deps, adminId: number, id: number, input: RequestUpdate): Promise<void> {
  const before = await getRequest(deps.db, id);
  if (input.staffNotes !== undefined && input.staffNotes !== before.staffNotes) {
    const now = deps.clock.now();
    const notes = input.staffNotes;
    await writeTx(deps.db, async (tx) => {
      await tx
        .update(bagRequests)
        .set({ staffNotes: notes, updatedAt: new Date(now) })
        .where(eq(bagRequests.id, id));
      await audit(tx, adminId, 'request.notes', 'bag_request', id, { length: notes.length }, now);
    });
  }
  if (input.status !== undefined && input.status !== before.status)
    await moveRequest(deps, { id: adminId, role: 'staff' }, id, input.status, input);
  else if (input.terms !== undefined && input.terms !== before.terms)
    await moveRequest(deps, { id: adminId, role: 'staff' }, id, before.status, input);
}
