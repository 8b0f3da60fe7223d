/**
 * Staff approval of customers, under /api/v1/admin/customers (admins only, see index.ts):
 *
 *   GET  /admin/customers?status=pending|unverified|approved|rejected|disabled|all
 *                        &apiAccess=requested|allowed|any&q=words&page=1&limit=50
 *                        (q: each word in the e-mail, first or last name or company)
 *                                                   200 { docs: CustomerView[], totalDocs, page, limit }
 *   POST /admin/customers/:id/approve               200 CustomerView (e-mails the customer) | 409 email_not_verified
 *   POST /admin/customers/:id/reject                200 CustomerView (ends their sessions)
 *   POST /admin/customers/:id/api-access { allow }  200 CustomerView
 *   POST /admin/customers/:id/disable               200 CustomerView (ends their sessions)
 *
 * Unknown ids (or staff accounts) answer 404 customer_not_found. Each change is audited.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { USER_STATUSES } from '../../../db/tables.ts';
import { jsonBody } from '../../middleware/json-body.ts';
import { idParams, jsonIn, queryIn } from '../../middleware/validate.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import {
  approveCustomer,
  disableCustomer,
  listCustomers,
  rejectCustomer,
  setApiAccess,
} from '../../services/accounts/approvals.ts';
import type { AppEnv, Deps } from '../../types.ts';
import { wholeNumberParam } from '../../lib/query-params.ts';

export const CUSTOMERS_MAX_LIMIT = 200;

const ListQuery = v.object({
  status: v.optional(
    v.picklist([...USER_STATUSES, 'all'], `status must be one of ${[...USER_STATUSES, 'all'].join(', ')}`),
    'pending',
  ),
  apiAccess: v.optional(
    v.picklist(['requested', 'allowed', 'any'], 'apiAccess must be requested, allowed or any'),
    'any',
  ),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'q must be at most 100 characters'))),
  page: v.optional(wholeNumberParam('page', 1_000_000), '1'),
  limit: v.optional(wholeNumberParam('limit', CUSTOMERS_MAX_LIMIT), '50'),
});

const ApiAccessBody = v.object(
  { allow: v.boolean('allow must be true or false') },
  'The request body must be a JSON object',
);

const customerId = idParams({ id: 'customer_not_found' });

export function approvalRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/', queryIn(ListQuery), async (c) => c.json(await listCustomers(deps.db, c.req.valid('query'))))
    .post('/:id/approve', customerId, async (c) =>
      c.json(await approveCustomer(deps, signedInAdmin(c), c.req.valid('param').id)),
    )
    .post('/:id/reject', customerId, async (c) =>
      c.json(await rejectCustomer(deps, signedInAdmin(c), c.req.valid('param').id)),
    )
    .post('/:id/disable', customerId, async (c) =>
      c.json(await disableCustomer(deps, signedInAdmin(c), c.req.valid('param').id)),
    )
    .post('/:id/api-access', customerId, jsonIn(ApiAccessBody), async (c) => {
      const admin = signedInAdmin(c);
      const { allow } = c.req.valid('json');
      return c.json(await setApiAccess(deps, admin, c.req.valid('param').id, allow));
    });
}
