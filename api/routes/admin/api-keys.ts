/**
 * Staff view of a customer's API Link keys, under /api/v1/admin/customers (admins only):
 *
 *   GET    /admin/customers/:id/api-keys          200 { docs: ApiKeyView[], usage: [{ day, calls, errors, bytes }] }
 *   DELETE /admin/customers/:id/api-keys/:keyId   200 ApiKeyView (revoked; audited; the customer is e-mailed)
 *
 * 404 customer_not_found for unknown customers, 404 key_not_found for keys not theirs or not active.
 */
import { Hono } from 'hono';
import { signedInAdmin } from '../../middleware/roles.ts';
import { HttpError } from '../../middleware/errors.ts';
import { findUserById } from '../../services/accounts/accounts.ts';
import { listKeys, revokeKey } from '../../services/link/api-keys.ts';
import { accountUsage } from '../../services/link/api-usage.ts';
import type { AppEnv, Deps } from '../../types.ts';
import { KEY_ID } from '../api-keys.ts';
import { idParams } from '../../middleware/validate.ts';

const CUSTOMER_ID = { id: 'customer_not_found' } as const;

async function customerOr404(deps: Deps, id: number) {
  const user = await findUserById(deps.db, id);
  if (!user || user.role !== 'user') throw new HttpError(404, 'customer_not_found');
  return user;
}

export function adminApiKeyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/:id/api-keys', idParams(CUSTOMER_ID), async (c) => {
      const customer = await customerOr404(deps, c.req.valid('param').id);
      const now = deps.clock.now();
      return c.json({
        docs: await listKeys(deps.db, customer.id, now),
        usage: await accountUsage(deps.db, customer.id, now),
      });
    })
    .delete('/:id/api-keys/:keyId', idParams({ ...CUSTOMER_ID, ...KEY_ID }), async (c) => {
      const { id, keyId } = c.req.valid('param');
      const customer = await customerOr404(deps, id);
      return c.json(await revokeKey(deps, signedInAdmin(c), customer.id, keyId));
    });
}
