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
import { parseOr400 } from '../../middleware/errors.ts';
import { jsonBody, readJson } from '../../middleware/json-body.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import { getRequest, listRequests, searchCustomers, updateRequest } from '../../services/admin-inbox.ts';
import type { AppEnv, Deps } from '../../types.ts';
import { idParam } from './ids.ts';

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

export function adminRequestRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/', async (c) => c.json(await listRequests(deps.db, parseOr400(ListQuery, c.req.query()))))
    .get('/:id', async (c) => c.json(await getRequest(deps.db, idParam(c.req.param('id'), 'request_not_found'))))
    .patch('/:id', async (c) => {
      const admin = signedInAdmin(c);
      const id = idParam(c.req.param('id'), 'request_not_found');
      const input = await readJson(c, UpdateBody);
      return c.json(await updateRequest(deps, admin.id, id, input));
    });
}

export function customerLookupRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/search', async (c) => {
      const q = parseOr400(SearchQuery, c.req.query());
      return c.json(await searchCustomers(deps.db, q.q, q.page, q.limit));
    })
    .get('/:id/requests', async (c) => {
      const userId = idParam(c.req.param('id'), 'customer_not_found');
      const q = parseOr400(v.object(paging), c.req.query());
      return c.json(await listRequests(deps.db, { status: 'all', userId, ...q }));
    });
}
