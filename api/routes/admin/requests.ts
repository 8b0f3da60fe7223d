/**
 * The requests inbox, under /api/v1/admin/requests (admins only, see index.ts):
 *
 *   GET   /admin/requests?status=all|submitted|in_review|confirmed|...&userId=&q=&page=1&limit=50
 *                                  200 { docs: RequestView[], totalDocs, page, limit }
 *   GET   /admin/requests/:id      200 RequestView with the lifecycle detail (lines and answers,
 *                                  timeline, messages, next states) | 404 request_not_found
 *   PATCH /admin/requests/:id { status?, staffNotes?, terms?, carrierRef?, note? }
 *                                  200 as GET; a status change is a lifecycle move (409 when
 *                                  illegal; terms only when confirming; carrierRef to ship)
 *   POST  /admin/requests/:id/lines/:lineId { answer: confirmed|unavailable|alternative, stockCode? }
 *   POST  /admin/requests/:id/messages { body }          201 as GET
 * Each change is audited.
 *
 * A RequestView is the bag request with its customer and the priced snapshot (items, ccy,
 * exRate, totalCents, per-line acceptsAlternatives) frozen when it was sent.
 *
 * Customers (mounted at /admin/customers next to the approvals):
 *   GET /admin/customers/search?q=&page=1&limit=50   200 { docs: [{ _id, email, name, companyName, status, requests, ... }], totalDocs }
 *   GET /admin/customers/:id/requests                200 { docs: RequestView[], totalDocs, page, limit }
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { REQUEST_STATUSES } from '../../../db/tables.ts';
import { wholeNumberParam } from '../../lib/query-params.ts';
import { jsonBody } from '../../middleware/json-body.ts';
import { idParams, jsonIn, queryIn } from '../../middleware/validate.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import {
  LineAnswerSchema,
  RequestMessageSchema,
  RequestUpdateSchema,
} from '../../../src/domain/trade/request-payloads.ts';
import { listRequests, searchCustomers } from '../../services/admin/inbox.ts';
import { staffRequestView, updateRequest } from '../../services/admin/request-desk.ts';
import { answerLine } from '../../services/trade/request-answers.ts';
import { postRequestMessage } from '../../services/trade/request-messages.ts';
import type { AppEnv, Deps } from '../../types.ts';

export { STAFF_NOTES_MAX } from '../../../src/domain/trade/request-payloads.ts';

const paging = {
  page: v.optional(wholeNumberParam('page', 1_000_000), '1'),
  limit: v.optional(wholeNumberParam('limit', 200), '50'),
};

const ListQuery = v.object({
  status: v.optional(
    v.picklist([...REQUEST_STATUSES, 'all'], `status must be all, ${REQUEST_STATUSES.join(', ')}`),
    'all',
  ),
  userId: v.optional(wholeNumberParam('userId', Number.MAX_SAFE_INTEGER)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  ...paging,
});

const SearchQuery = v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''), ...paging });
const requestId = idParams({ id: 'request_not_found' });
const lineIds = idParams({ id: 'request_not_found', lineId: 'line_not_found' });

export function adminRequestRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/', queryIn(ListQuery), async (c) => c.json(await listRequests(deps.db, c.req.valid('query'))))
    .get('/:id', requestId, async (c) => c.json(await staffRequestView(deps.db, c.req.valid('param').id)))
    .patch('/:id', requestId, jsonIn(RequestUpdateSchema), async (c) => {
      const admin = signedInAdmin(c);
      const { id } = c.req.valid('param');
      await updateRequest(deps, admin.id, id, c.req.valid('json'));
      return c.json(await staffRequestView(deps.db, id));
    })
    .post('/:id/lines/:lineId', lineIds, jsonIn(LineAnswerSchema), async (c) => {
      const admin = signedInAdmin(c);
      const { id, lineId } = c.req.valid('param');
      await answerLine(deps, admin.id, id, lineId, c.req.valid('json'));
      return c.json(await staffRequestView(deps.db, id));
    })
    .post('/:id/messages', requestId, jsonIn(RequestMessageSchema), async (c) => {
      const admin = signedInAdmin(c);
      const { id } = c.req.valid('param');
      await postRequestMessage(deps, { id: admin.id, role: 'staff' }, id, c.req.valid('json').body);
      return c.json(await staffRequestView(deps.db, id), 201);
    });
}

export function customerLookupRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/search', queryIn(SearchQuery), async (c) => {
      const q = c.req.valid('query');
      return c.json(await searchCustomers(deps.db, q.q, q.page, q.limit));
    })
    .get('/:id/requests', idParams({ id: 'customer_not_found' }), queryIn(v.object(paging)), async (c) => {
      const userId = c.req.valid('param').id;
      return c.json(await listRequests(deps.db, { status: 'all', userId, ...c.req.valid('query') }));
    });
}
