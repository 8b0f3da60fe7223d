/**
 * Everything under /api/v1/admin: signed-in admins only (401 not_signed_in for visitors,
 * 403 forbidden for any other role), checked here once for every admin resource.
 */
import { Hono } from 'hono';
import { requireAdmin } from '../../middleware/roles.ts';
import type { AppEnv, Deps } from '../../types.ts';
import { approvalRoutes } from './approvals.ts';

export function adminRoutes(deps: Deps) {
  return new Hono<AppEnv>().use('*', requireAdmin()).route('/customers', approvalRoutes(deps));
}
