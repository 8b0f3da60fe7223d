/**
 * The signed-in customer's API Link keys and settings, under /api/v1/profile (401 for
 * visitors; 403 api_access_not_enabled unless the account is approved with api_allow):
 *
 *   GET    /profile/api-keys               200 { docs: ApiKeyView[], maxActive, retailMarkupPct }
 *   POST   /profile/api-keys  { name, scope: trade|retail }
 *                                          201 ApiKeyView & { key } (the only time the key is shown)
 *                                          | 409 too_many_keys (5 active)
 *   POST   /profile/api-keys/:id/roll  { overlapHours?: 0..168, default 24 }
 *                                          201 ApiKeyView & { key, replaces: { id, expiresAt } }
 *                                          | 409 key_already_rolled
 *   DELETE /profile/api-keys/:id           200 ApiKeyView (revoked at once)
 *   GET    /profile/api-usage              200 { days: [{ day, calls, errors, bytes }] } (30 UTC days)
 *   PATCH  /profile/api-link  { retailMarkupPct: 0..1000 }
 *                                          200 { retailMarkupPct }
 *
 * Unknown, revoked, expired or someone else's keys answer 404 key_not_found.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { NewKeySchema, RetailMarkupSchema, RollKeySchema } from '../../src/domain/validation/api-keys.ts';
import { HttpError } from '../middleware/errors.ts';
import { idParams, jsonIn } from '../middleware/validate.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import {
  MAX_ACTIVE_KEYS,
  canUseApi,
  createKey,
  listKeys,
  revokeKey,
  rollKey,
  setRetailMarkup,
} from '../services/link/api-keys.ts';
import { accountUsage } from '../services/link/api-usage.ts';
import type { AppEnv, Deps } from '../types.ts';

const apiUser = (c: Parameters<typeof signedInUser>[0]) => {
  const user = signedInUser(c);
  if (!canUseApi(user)) throw new HttpError(403, 'api_access_not_enabled');
  c.header('Cache-Control', 'no-store');
  return user;
};

/** The same check as route middleware, so it answers before the body is validated. */
const apiAccess = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  apiUser(c);
  await next();
};

/** A key id from the path, or 404 key_not_found. */
export const KEY_ID = { keyId: 'key_not_found' } as const;

export function apiKeyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', requireUser())
    .get('/api-keys', async (c) => {
      const user = apiUser(c);
      return c.json({
        docs: await listKeys(deps.db, user.id, deps.clock.now()),
        maxActive: MAX_ACTIVE_KEYS,
        retailMarkupPct: user.retailMarkupPct,
      });
    })
    .post('/api-keys', apiAccess(), jsonIn(NewKeySchema), async (c) => {
      const user = apiUser(c);
      return c.json(await createKey(deps, user, c.req.valid('json')), 201);
    })
    .post('/api-keys/:keyId/roll', apiAccess(), idParams(KEY_ID), jsonIn(RollKeySchema), async (c) => {
      const user = apiUser(c);
      const { overlapHours } = c.req.valid('json');
      return c.json(await rollKey(deps, user, c.req.valid('param').keyId, overlapHours), 201);
    })
    .delete('/api-keys/:keyId', apiAccess(), idParams(KEY_ID), async (c) => {
      const user = apiUser(c);
      return c.json(await revokeKey(deps, user, user.id, c.req.valid('param').keyId));
    })
    .get('/api-usage', async (c) => {
      const user = apiUser(c);
      return c.json({ days: await accountUsage(deps.db, user.id, deps.clock.now()) });
    })
    .patch('/api-link', apiAccess(), jsonIn(RetailMarkupSchema), async (c) => {
      const user = apiUser(c);
      const { retailMarkupPct } = c.req.valid('json');
      return c.json({ retailMarkupPct: await setRetailMarkup(deps, user, retailMarkupPct) });
    });
}
