/** The message thread on a request: plain text, buyer and staff, while the request is open. */
import { writeTx } from '../../../db/client.ts';
import { requestMessages } from '../../../db/tables.ts';
import { canMessage } from '../../../src/domain/trade/request-lifecycle.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { audit } from '../admin/audit.ts';
import { deliverQueued } from '../platform/mailer.ts';
import { queueRequestChange } from './request-notices.ts';
import { requestRowFor } from './request-records.ts';

export async function postRequestMessage(
  deps: Deps,
  author: { id: number; role: 'buyer' | 'staff' },
  requestId: number,
  body: string,
): Promise<void> {
  const now = deps.clock.now();
  const mails = await writeTx(deps.db, async (tx) => {
    const r = await requestRowFor(tx, requestId, { role: author.role, userId: author.id });
    if (!canMessage(r.status)) throw new HttpError(409, 'request_closed', { message: 'This request is closed.' });
    await tx
      .insert(requestMessages)
      .values({ requestId, authorId: author.id, author: author.role, body, createdAt: new Date(now) });
    if (author.role === 'staff')
      await audit(tx, author.id, 'request.message', 'bag_request', requestId, { length: body.length }, now);
    return queueRequestChange(deps, tx, requestId, { kind: 'message', by: author.role, body });
  });
  await deliverQueued(deps.mailer, mails);
}
