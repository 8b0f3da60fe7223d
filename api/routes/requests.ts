/**
 * A buyer's requests, under /api/v1/profile/requests (401 not_signed_in for visitors; another
 * buyer's request is 404 request_not_found):
 *
 *   GET  /profile/requests/:id                          200 RequestDetail (lines, answers, totals,
 *                                                       timeline, messages, the buyer's next steps)
 *   POST /profile/requests/:id/cancel                   200 RequestDetail | 409 when no longer allowed
 *   POST /profile/requests/:id/lines/:lineId/reply      { reply: accepted|refused }  200 RequestDetail | 409
 *   POST /profile/requests/:id/messages                 { body }  201 RequestDetail | 409 request_closed
 *   GET  /profile/requests/:id/confirmation.pdf         the memo or pro-forma invoice (confirmed on) | 409
 *
 * The list stays GET /profile/bagRequests (routes/bag-requests.ts).
 */
import { noStore } from '../middleware/no-store.ts';
import { Hono } from 'hono';
import { AlternativeReplySchema, RequestMessageSchema } from '../../src/domain/trade/request-payloads.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import { idParams, jsonIn } from '../middleware/validate.ts';
import { replyToAlternative } from '../services/trade/request-answers.ts';
import { postRequestMessage } from '../services/trade/request-messages.ts';
import { moveRequest } from '../services/trade/request-moves.ts';
import { requestDetail } from '../services/trade/request-records.ts';
import { confirmationPdf } from '../services/trade/request-confirmation.ts';
import type { AppEnv, Deps } from '../types.ts';

const requestId = idParams({ id: 'request_not_found' });
const lineIds = idParams({ id: 'request_not_found', lineId: 'line_not_found' });

export function requestRoutes(deps: Deps) {
  const detail = (id: number, userId: number) => requestDetail(deps.db, id, { role: 'buyer', userId });
  return new Hono<AppEnv>()
    .use('*', requireUser(), jsonBody())
    .use('*', noStore())
    .get('/:id', requestId, async (c) => c.json(await detail(c.req.valid('param').id, signedInUser(c).id)))
    .get('/:id/confirmation.pdf', requestId, async (c) => {
      const pdf = await confirmationPdf(deps, c.req.valid('param').id, signedInUser(c).id);
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="${pdf.name}"`);
      return c.body(pdf.bytes);
    })
    .post('/:id/cancel', requestId, async (c) => {
      const user = signedInUser(c);
      const { id } = c.req.valid('param');
      await moveRequest(deps, { id: user.id, role: 'buyer' }, id, 'cancelled');
      return c.json(await detail(id, user.id));
    })
    .post('/:id/lines/:lineId/reply', lineIds, jsonIn(AlternativeReplySchema), async (c) => {
      const user = signedInUser(c);
      const { id, lineId } = c.req.valid('param');
      await replyToAlternative(deps, user.id, id, lineId, c.req.valid('json').reply);
      return c.json(await detail(id, user.id));
    })
    .post('/:id/messages', requestId, jsonIn(RequestMessageSchema), async (c) => {
      const user = signedInUser(c);
      const { id } = c.req.valid('param');
      await postRequestMessage(deps, { id: user.id, role: 'buyer' }, id, c.req.valid('json').body);
      return c.json(await detail(id, user.id), 201);
    });
}
