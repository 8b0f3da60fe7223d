/**
 * Shared compare links, under /api/v1/compare:
 *
 *   POST /compare/share    { ids: number[] }  (1-50 stones, the board's order; signed-in traders)
 *        200 { token, path } | 401 not_signed_in | 404 diamond_not_found | 400
 *   GET  /compare/shared?t={token}
 *        200 SharedCompare { priced, docs, gone } | 404 shared_compare_not_found | 400
 *
 * Anyone with the link reads the stones' grades; only a signed-in trader gets prices (the docs
 * the compare screen shows them); a visitor's docs carry no price, per carat, RAP, total or
 * special price. The answer depends on who asks, so it is never cached.
 */
import { Hono } from 'hono';
import { ShareCompareSchema, SharedTokenSchema } from '../../src/domain/catalogue/compare-share.ts';
import { routes } from '../../src/domain/routes.ts';
import { requireUser } from '../middleware/roles.ts';
import { jsonIn, queryIn } from '../middleware/validate.ts';
import { sharedCompare, shareToken } from '../services/catalogue/compare-share.ts';
import type { AppEnv, Deps } from '../types.ts';

export function compareShareRoutes(deps: Deps) {
  const secret = deps.config.SESSION_SECRET;
  return new Hono<AppEnv>()
    .post('/share', requireUser(), jsonIn(ShareCompareSchema), async (c) => {
      const token = await shareToken(deps.db, secret, c.req.valid('json').ids);
      c.header('Cache-Control', 'no-store');
      return c.json({ token, path: routes.compareShared(token) });
    })
    .get('/shared', queryIn(SharedTokenSchema), async (c) => {
      const user = c.var.user;
      const priced = user != null && user.status === 'approved';
      const answer = await sharedCompare(deps.db, secret, c.req.valid('query').t, priced);
      c.header('Cache-Control', 'private, no-store');
      return c.json(answer);
    });
}
