/**
 * The signed-in user's bag, under /api/v1/profile/bag (401 not_signed_in for visitors):
 *
 *   GET    /profile/bag?ccy=             -                                               200 { bag: BagLineView[] }
 *   POST   /profile/bag                  { diamondId, selectedUnit?, quantity?, acceptsAlternatives? }
 *                                                                                        200 { bag } | 404 unknown_stone | 409 stone_unavailable
 *   PATCH  /profile/bag/:diamondId       { selectedUnit?, quantity?, acceptsAlternatives? }
 *                                                                                        200 { bag } | 400 quantity | 404 not_in_bag
 *   DELETE /profile/bag/:diamondId       -                                               200 { bag }
 *
 * Adding is idempotent per stone. A parcel's unit switch resets the quantity (weight 0.01,
 * items 1); singles are always quantity 1. Lines priced in `ccy` (else the user's remembered currency, else the default).
 */
import { Hono, type Context } from 'hono';
import { BagAddSchema, BagPatchSchema } from '../../src/domain/bag/payload.ts';
import { idParams, jsonIn } from '../middleware/validate.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import { addToBag, bagLines, removeFromBag, updateBagLine } from '../services/trade/bag.ts';
import type { AppEnv, Deps } from '../types.ts';

const stoneId = idParams({ diamondId: 'not_in_bag' });

export function bagRoutes(deps: Deps) {
  const answer = async (c: Context<AppEnv>, userId: number) => {
    c.header('Cache-Control', 'no-store');
    const ccy = c.req.query('ccy') ?? c.var.user?.currency ?? undefined; // else the user's remembered currency
    return c.json({ bag: await bagLines(deps.db, userId, ccy) });
  };
  return new Hono<AppEnv>()
    .use('*', requireUser())
    .get('/', (c) => answer(c, signedInUser(c).id))
    .post('/', jsonIn(BagAddSchema), async (c) => {
      const user = signedInUser(c);
      await addToBag(deps.db, user.id, c.req.valid('json'));
      return answer(c, user.id);
    })
    .patch('/:diamondId', stoneId, jsonIn(BagPatchSchema), async (c) => {
      const user = signedInUser(c);
      const { diamondId } = c.req.valid('param');
      await updateBagLine(deps.db, user.id, diamondId, c.req.valid('json'));
      return answer(c, user.id);
    })
    .delete('/:diamondId', stoneId, async (c) => {
      const user = signedInUser(c);
      const { diamondId } = c.req.valid('param');
      await removeFromBag(deps.db, user.id, diamondId);
      return answer(c, user.id);
    });
}
