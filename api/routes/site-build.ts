/**
 * GET /admin/site-build (admins)  ->  200 { state, version, lastBuiltAt, lastError, reasons, built, unpacked }
 * The background regeneration's status (services/site/regenerate.ts); { state: 'off' } when the
 * API runs without a regenerator (tests, or a server without a built site).
 */
import { Hono } from 'hono';
import { requireAdmin } from '../middleware/roles.ts';
import { noBuildsYet } from '../services/site/regenerate.ts';
import type { AppEnv, Deps } from '../types.ts';

export function siteBuildRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', requireAdmin(), (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(deps.site?.status?.() ?? { ...noBuildsYet(), state: 'off' as const });
  });
}
