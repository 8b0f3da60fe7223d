/**
 * The requests inbox, under /api/v1/admin/requests (admins only, see index.ts):
 *
 *   GET   /admin/requests?status=all|new|in_progress|completed|cancelled&userId=&q=&page=1&limit=50
 *                                  200 { docs: RequestView[], totalDocs, page, limit }
 *   GET   /admin/requests/:id      200 RequestView | 404 request_not_found
 *   PATCH /admin/requests/:id { status?, staffNotes? }   200 RequestView (each change audited)
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
import { getRequest, listRequests, searchCustomers, updateRequest } from '../../services/admin/inbox.ts';
import type { AppEnv, Deps } from '../../types.ts';

export const STAFF_NOTES_MAX = 5000;

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

const UpdateBody = v.object(
  {
    status: v.optional(v.picklist(REQUEST_STATUSES, `status must be one of ${REQUEST_STATUSES.join(', ')}`)),
    staffNotes: v.optional(
      v.pipe(
        v.string('staffNotes must be text'),
        v.maxLength(STAFF_NOTES_MAX, `staffNotes must be at most ${STAFF_NOTES_MAX} characters`),
      ),
    ),
  },
  'The request body must be a JSON object',
);

const SearchQuery = v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''), ...paging });
const requestId = idParams({ id: 'request_not_found' });

export function adminRequestRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/', queryIn(ListQuery), async (c) => c.json(await listRequests(deps.db, c.req.valid('query'))))
    .get('/:id', requestId, async (c) => c.json(await getRequest(deps.db, c.req.valid('param').id)))
    .patch('/:id', requestId, jsonIn(UpdateBody), async (c) => {
      const admin = signedInAdmin(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await updateRequest(deps, admin.id, id, input));
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
