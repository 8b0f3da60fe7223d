/**
 * Staff and holds, under /api/v1/admin (admins only, see index.ts); every change is audited:
 *
 *   GET    /admin/holds?status=active|recent&customer=id&limit   200 { docs } (active: soonest end first)
 *   DELETE /admin/holds/:id                        200 HoldView (ended by staff) | 404 | 409 hold_ended
 *   PATCH  /admin/holds/:id { expires_at }         200 HoldView (extend or shorten; ISO time; not after now: ended by staff)
 *   GET    /admin/customers/:id/hold-limits        200 { maxHolds, holdExtendAllowed }
 *   PUT    /admin/customers/:id/hold-limits { maxHolds, holdExtendAllowed }   200 the same
 *   GET    /admin/settings/holds                   200 { default_hours }
 *   PUT    /admin/settings/holds { default_hours } 200 { default_hours } (1-168)
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { HoldExpirySchema, HoldLimitsSchema, HoldSettingsSchema } from '../../../src/domain/trade/holds.ts';
import { wholeNumberParam } from '../../lib/query-params.ts';
import { jsonBody } from '../../middleware/json-body.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import { idParams, jsonIn, queryIn } from '../../middleware/validate.ts';
import { holdViewOf, listAllHolds } from '../../services/trade/hold-views.ts';
import {
  holdLimitsOf,
  holdSettings,
  setHoldLimits,
  setHoldSettings,
  staffReleaseHold,
  staffSetExpiry,
} from '../../services/trade/holds-admin.ts';
import type { AppEnv, Deps } from '../../types.ts';

const ListQuery = v.object({
  status: v.optional(v.picklist(['active', 'recent'], 'status is active or recent'), 'active'),
  customer: v.optional(wholeNumberParam('customer', 1e12)),
  limit: v.optional(wholeNumberParam('limit', 500), '200'),
});

export function adminHoldRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/', queryIn(ListQuery), async (c) => {
      const q = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json({
        docs: await listAllHolds(db, { status: q.status, customer: q.customer, limit: Number(q.limit) }, clock.now()),
      });
    })
    .delete('/:id', idParams({ id: 'hold_not_found' }), async (c) => {
      const hold = await staffReleaseHold(deps, signedInAdmin(c).id, c.req.valid('param').id);
      return c.json(await holdViewOf(db, hold, false, clock.now()));
    })
    .patch('/:id', idParams({ id: 'hold_not_found' }), jsonIn(HoldExpirySchema), async (c) => {
      const at = new Date(c.req.valid('json').expires_at);
      const hold = await staffSetExpiry(deps, signedInAdmin(c).id, c.req.valid('param').id, at);
      return c.json(await holdViewOf(db, hold, false, clock.now()));
    });
}

export function adminHoldLimitRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/:id/hold-limits', idParams({ id: 'customer_not_found' }), async (c) =>
      c.json(await holdLimitsOf(deps, c.req.valid('param').id)),
    )
    .put('/:id/hold-limits', idParams({ id: 'customer_not_found' }), jsonIn(HoldLimitsSchema), async (c) =>
      c.json(await setHoldLimits(deps, signedInAdmin(c).id, c.req.valid('param').id, c.req.valid('json'))),
    );
}

export function adminHoldSettingRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/holds', async (c) => c.json(await holdSettings(deps)))
    .put('/holds', jsonIn(HoldSettingsSchema), async (c) =>
      c.json(await setHoldSettings(deps, signedInAdmin(c).id, c.req.valid('json'))),
    );
}
