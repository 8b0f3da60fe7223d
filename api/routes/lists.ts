/**
 * The signed-in customer's favourites and compare list, under /api/v1/profile
 * (401 not_signed_in for visitors; foreign Origin 403 on writes, see middleware/origin.ts):
 *
 *   GET    /profile/favourites          -                                     200 ListAnswer { ids, docs }
 *   PUT    /profile/favourites/:id      -                                     200 ListAnswer | 404 diamond_not_found
 *   DELETE /profile/favourites/:id      -                                     200 ListAnswer | 404 diamond_not_found
 *   GET    /profile/compare             -                                     200 ListAnswer (ids in position order)
 *   PUT    /profile/compare/:id         -                                     200 ListAnswer (appended) | 404
 *   DELETE /profile/compare/:id         -                                     200 ListAnswer | 404
 *   PUT    /profile/compare             { ids: number[] }                     200 ListAnswer (reordered)
 *   POST   /profile/lists/merge         { favourites: number[], compare: number[] }
 *                                                                             200 { favourites, compare } (de-duplicated;
 *                                                                             unknown ids dropped)
 * docs are authorised DiamondDocs with `inStock`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { idParams, jsonIn } from '../middleware/validate.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import {
  addToList,
  getList,
  MAX_LIST,
  mergeLists,
  removeFromList,
  reorderCompare,
  type ListName,
} from '../services/catalogue/lists.ts';
import type { AppEnv, Deps } from '../types.ts';

const StoneId = v.pipe(
  v.number('ids must be numbers'),
  v.integer('ids must be whole numbers'),
  v.minValue(1, 'ids must be positive'),
);
const IdList = (name: string) =>
  v.pipe(
    v.array(StoneId, `${name} must be a list of stone ids`),
    v.maxLength(MAX_LIST, `${name} may hold at most ${MAX_LIST} stones`),
  );

export const ReorderSchema = v.object({ ids: IdList('ids') });
export const MergeSchema = v.object({
  favourites: v.optional(IdList('favourites'), []),
  compare: v.optional(IdList('compare'), []),
});

const stoneId = idParams({ id: 'diamond_not_found' });

export function listRoutes(deps: Deps) {
  const now = () => deps.clock.now();
  const list = (name: ListName) =>
    new Hono<AppEnv>()
      .get('/', async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await getList(deps.db, signedInUser(c).id, name));
      })
      .put('/:id', stoneId, async (c) =>
        c.json(await addToList(deps.db, signedInUser(c).id, name, c.req.valid('param').id, now())),
      )
      .delete('/:id', stoneId, async (c) =>
        c.json(await removeFromList(deps.db, signedInUser(c).id, name, c.req.valid('param').id)),
      );

  return new Hono<AppEnv>()
    .use('*', requireUser())
    .route('/favourites', list('favourites'))
    .put('/compare', jsonIn(ReorderSchema), async (c) => {
      const user = signedInUser(c);
      const { ids } = c.req.valid('json');
      return c.json(await reorderCompare(deps.db, user.id, ids));
    })
    .route('/compare', list('compare'))
    .post('/lists/merge', jsonIn(MergeSchema), async (c) => {
      const user = signedInUser(c);
      const input = c.req.valid('json');
      return c.json(await mergeLists(deps.db, user.id, input, now()));
    });
}
