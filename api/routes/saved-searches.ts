/**
 * The signed-in trader's saved searches, under /api/v1/saved-searches (401 not_signed_in for
 * visitors; foreign Origin 403 on writes):
 *
 *   GET    /saved-searches              200 { searches: SavedSearchView[], limit: 25 }
 *   POST   /saved-searches  SavedSearchSchema   201 SavedSearchView | 400 field errors
 *                                       | 409 saved_search_limit { max }
 *   PATCH  /saved-searches/:id  SavedSearchPatchSchema   200 SavedSearchView | 400 | 404 saved_search_not_found
 *   DELETE /saved-searches/:id          204 | 404 saved_search_not_found
 */
import { noStore } from '../middleware/no-store.ts';
import { Hono } from 'hono';
import { MAX_SAVED_SEARCHES } from '../../src/domain/saved-searches/alerts.ts';
import { SavedSearchPatchSchema, SavedSearchSchema } from '../../src/domain/saved-searches/schema.ts';
import type { SavedSearchList } from '../../src/domain/saved-searches/schema.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import { idParams, jsonIn } from '../middleware/validate.ts';
import {
  createSearch,
  deleteSearch,
  listSearches,
  toView,
  updateSearch,
} from '../services/saved-searches/saved-searches.ts';
import type { AppEnv, Deps } from '../types.ts';

const searchId = idParams({ id: 'saved_search_not_found' });

export function savedSearchRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .use('*', requireUser())
    .use('*', noStore())
    .get('/', async (c) => {
      const rows = await listSearches(db, signedInUser(c).id);
      const body: SavedSearchList = { searches: rows.map(toView), limit: MAX_SAVED_SEARCHES };
      return c.json(body);
    })
    .post('/', jsonIn(SavedSearchSchema), async (c) => {
      const row = await createSearch(db, signedInUser(c).id, c.req.valid('json'), clock.now());
      return c.json(toView(row), 201);
    })
    .patch('/:id', searchId, jsonIn(SavedSearchPatchSchema), async (c) => {
      const row = await updateSearch(db, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json'), clock.now());
      return c.json(toView(row));
    })
    .delete('/:id', searchId, async (c) => {
      await deleteSearch(db, signedInUser(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
