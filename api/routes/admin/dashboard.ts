/**
 *   GET /admin/dashboard   200 { counts: { pendingApprovals, apiAccessRequests, newRequests, openRequests,
 *                                           newMessages, draftPosts, publishedPosts },
 *                                stock: [{ category, inStock, outOfStock }], recent: AuditView[] (last 10) }
 */
import { Hono } from 'hono';
import { dashboard } from '../../services/admin/dashboard.ts';
import type { AppEnv, Deps } from '../../types.ts';

export function dashboardRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => c.json(await dashboard(deps.db)));
}
