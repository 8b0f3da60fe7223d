/**
 * Everything under /api/v1/admin: signed-in admins only (401 not_signed_in for visitors,
 * 403 forbidden for any other role), checked here once for every admin resource.
 */
import { Hono } from 'hono';
import { requireAdmin } from '../../middleware/roles.ts';
import type { AppEnv, Deps } from '../../types.ts';
import { adminApiKeyRoutes } from './api-keys.ts';
import { approvalRoutes } from './approvals.ts';
import { auditRoutes } from './audit.ts';
import { dashboardRoutes } from './dashboard.ts';
import { adminMessageRoutes } from './messages.ts';
import { adminPostRoutes } from './posts.ts';
import { adminRequestRoutes, customerLookupRoutes } from './requests.ts';
import { adminSettingsRoutes } from './settings.ts';
import { stockImportRoutes } from './stock-import.ts';
import { stockMediaRoutes } from './stock-media.ts';
import { stockSourceRoutes } from './stock-sources.ts';
import { adminHoldLimitRoutes, adminHoldRoutes, adminHoldSettingRoutes } from './holds.ts';

export function adminRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin())
    .route('/customers', approvalRoutes(deps))
    .route('/customers', customerLookupRoutes(deps))
    .route('/customers', adminApiKeyRoutes(deps))
    .route('/customers', adminHoldLimitRoutes(deps))
    .route('/holds', adminHoldRoutes(deps))
    .route('/dashboard', dashboardRoutes(deps))
    .route('/posts', adminPostRoutes(deps))
    .route('/requests', adminRequestRoutes(deps))
    .route('/messages', adminMessageRoutes(deps))
    .route('/settings', adminSettingsRoutes(deps))
    .route('/settings', adminHoldSettingRoutes(deps))
    .route('/stock-import', stockImportRoutes(deps))
    .route('/stock-media', stockMediaRoutes(deps))
    .route('/stock-sources', stockSourceRoutes(deps))
    .route('/audit', auditRoutes(deps));
}
