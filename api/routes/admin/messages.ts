/**
 * The messages inbox (contact form and API access messages), under /api/v1/admin/messages:
 *
 *   GET   /admin/messages?status=all|new|read|handled&kind=all|contact|api|chat&page=1&limit=50
 *                                     200 { docs: MessageView[], totalDocs, page, limit }
 *   PATCH /admin/messages/:id { status: 'new'|'read'|'handled' }   200 MessageView | 404 message_not_found
 *   POST  /admin/messages/:id/replies { message }   201 ReplyView | 400 | 404 message_not_found
 *         (stored for the sender's "Message us" conversation, e-mailed to them; the message is handled)
 *
 * A MessageView carries the staff answers (replies) and, for widget messages, the threadId.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '../../../db/tables.ts';
import { wholeNumberParam } from '../../lib/query-params.ts';
import { jsonBody } from '../../middleware/json-body.ts';
import { idParams, jsonIn, queryIn } from '../../middleware/validate.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import { listMessages, setMessageStatus } from '../../services/admin/inbox.ts';
import { replyToMessage } from '../../services/admin/message-replies.ts';
import { StaffReplySchema } from '../../../src/domain/validation/chat.ts';
import type { AppEnv, Deps } from '../../types.ts';

const ListQuery = v.object({
  status: v.optional(v.picklist([...MESSAGE_STATUSES, 'all'], 'status must be all, new, read or handled'), 'all'),
  kind: v.optional(v.picklist([...MESSAGE_KINDS, 'all'], 'kind must be all, contact, api, request or chat'), 'all'),
  page: v.optional(wholeNumberParam('page', 1_000_000), '1'),
  limit: v.optional(wholeNumberParam('limit', 200), '50'),
});
const StatusBody = v.object(
  { status: v.picklist(MESSAGE_STATUSES, 'status must be new, read or handled') },
  'The request body must be a JSON object',
);

export function adminMessageRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/', queryIn(ListQuery), async (c) => c.json(await listMessages(deps.db, c.req.valid('query'))))
    .patch('/:id', idParams({ id: 'message_not_found' }), jsonIn(StatusBody), async (c) => {
      const admin = signedInAdmin(c);
      const { id } = c.req.valid('param');
      const { status } = c.req.valid('json');
      return c.json(await setMessageStatus(deps, admin.id, id, status));
    })
    .post('/:id/replies', idParams({ id: 'message_not_found' }), jsonIn(StaffReplySchema), async (c) => {
      const admin = signedInAdmin(c);
      const { id } = c.req.valid('param');
      return c.json(await replyToMessage(deps, admin, id, c.req.valid('json').message), 201);
    });
}
