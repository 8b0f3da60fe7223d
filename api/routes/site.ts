/** GET /site: site state for the islands (see services/site/state.ts). */
import { Hono } from 'hono';
import { siteState } from '../services/site/state.ts';
import type { AppEnv, Deps } from '../types.ts';

export function siteRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await siteState(deps.db, deps.config.PUBLIC_SITE_NAME));
  });
}
