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
import { Hono } from 'hono';
import { NewKeySchema, RetailMarkupSchema, RollKeySchema } from '../../src/domain/validation/api-keys.ts';
import { HttpError } from '../middleware/errors.ts';
import { readJson } from '../middleware/json-body.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import {
  MAX_ACTIVE_KEYS,
  canUseApi,
  createKey,
  listKeys,
  revokeKey,
  rollKey,
  setRetailMarkup,
} from '../services/api-keys.ts';
import { accountUsage } from '../services/api-usage.ts';
import type { AppEnv, Deps } from '../types.ts';

/** A key id from the path, or 404 key_not_found. */
export const keyId = (raw: string): number => {
  if (!/^\d{1,12}$/.test(raw)) throw new HttpError(404, 'key_not_found');
  return Number(raw);
};

const apiUser = (c: Parameters<typeof signedInUser>[0]) => {
  const user = signedInUser(c);
  if (!canUseApi(user)) throw new HttpError(403, 'api_access_not_enabled');
  c.header('Cache-Control', 'no-store');
  return user;
};

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
    .post('/api-keys', async (c) => {
      const user = apiUser(c);
      return c.json(await createKey(deps, user, await readJson(c, NewKeySchema)), 201);
    })
    .post('/api-keys/:id/roll', async (c) => {
      const user = apiUser(c);
      const { overlapHours } = await readJson(c, RollKeySchema);
      return c.json(await rollKey(deps, user, keyId(c.req.param('id')), overlapHours), 201);
    })
    .delete('/api-keys/:id', async (c) => {
      const user = apiUser(c);
      return c.json(await revokeKey(deps, user, user.id, keyId(c.req.param('id'))));
    })
    .get('/api-usage', async (c) => {
      const user = apiUser(c);
      return c.json({ days: await accountUsage(deps.db, user.id, deps.clock.now()) });
    })
    .patch('/api-link', async (c) => {
      const user = apiUser(c);
      const { retailMarkupPct } = await readJson(c, RetailMarkupSchema);
      return c.json({ retailMarkupPct: await setRetailMarkup(deps, user, retailMarkupPct) });
    });
}
