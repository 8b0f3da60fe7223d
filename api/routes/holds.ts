/**
 * The signed-in trader's holds, under /api/v1/holds (401 not_signed_in for visitors, who see
 * no hold state at all):
 *
 *   GET    /holds                    200 { active: HoldView[], ended: HoldView[] (last 30 days),
 *                                    watching: { diamondId, stockCode, description, onHold }[] }
 *   GET    /holds/state              200 HoldState: stones on hold for others, the caller's own, watched,
 *                                    kept by the caller's requests
 *   POST   /holds { diamondId, hours? }   201 HoldView | 400 hold_single_only | 404 stone_not_found
 *                                    | 409 stone_unavailable, stone_on_hold, already_held_by_you, hold_limit
 *   DELETE /holds/:id                200 HoldView (released) | 404 hold_not_found | 409 hold_ended
 *   POST   /holds/:id/extend         200 HoldView | 403 hold_extend_not_allowed | 409 hold_already_extended
 *   PUT    /holds/watch/:diamondId   204 (one e-mail when the hold ends and the stone is in stock)
 *                                    | 409 stone_not_on_hold
 *   DELETE /holds/watch/:diamondId   204
 */
import { noStore } from '../middleware/no-store.ts';
import { Hono } from 'hono';
import { PlaceHoldSchema } from '../../src/domain/trade/holds.ts';
import { idParams, jsonIn } from '../middleware/validate.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import { extendHold, placeHold, releaseHold } from '../services/trade/holds.ts';
import { holdState, holdViewOf, listMyHolds, unwatchStone, watchStone } from '../services/trade/hold-views.ts';
import type { AppEnv, Deps } from '../types.ts';

export function holdRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .use('*', requireUser())
    .use('*', noStore())
    .get('/', async (c) => c.json(await listMyHolds(db, signedInUser(c).id, clock.now())))
    .get('/state', async (c) => c.json(await holdState(db, signedInUser(c).id, clock.now())))
    .post('/', jsonIn(PlaceHoldSchema), async (c) => {
      const user = signedInUser(c);
      const input = c.req.valid('json');
      const { hold } = await placeHold(deps, user.id, { diamondId: input.diamondId }, input.hours);
      return c.json(await holdViewOf(db, hold, user.holdExtendAllowed, clock.now()), 201);
    })
    .delete('/:id', idParams({ id: 'hold_not_found' }), async (c) => {
      const user = signedInUser(c);
      const hold = await releaseHold(deps, user.id, c.req.valid('param').id);
      return c.json(await holdViewOf(db, hold, user.holdExtendAllowed, clock.now()));
    })
    .post('/:id/extend', idParams({ id: 'hold_not_found' }), async (c) => {
      const user = signedInUser(c);
      const hold = await extendHold(deps, user.id, c.req.valid('param').id);
      return c.json(await holdViewOf(db, hold, user.holdExtendAllowed, clock.now()));
    })
    .put('/watch/:diamondId', idParams({ diamondId: 'stone_not_found' }), async (c) => {
      await watchStone(db, signedInUser(c).id, c.req.valid('param').diamondId, clock.now());
      return c.body(null, 204);
    })
    .delete('/watch/:diamondId', idParams({ diamondId: 'stone_not_found' }), async (c) => {
      await unwatchStone(db, signedInUser(c).id, c.req.valid('param').diamondId);
      return c.body(null, 204);
    });
}
