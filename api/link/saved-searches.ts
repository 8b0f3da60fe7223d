/**
 * API Link saved searches (mounted at `/saved-searches` behind requireScope('trade'): a
 * retail key is refused). The account's saved searches, the same ones /my-account lists;
 * alerts go to the account's e-mail and, as `saved_search.matched`, to its webhooks.
 * A test key reads the account's searches; what it saves or deletes is checked and answered
 * as the real thing (`test: true`) but changes nothing.
 *
 *   GET    /saved-searches          200 { data, limit }
 *   POST   /saved-searches          201 the search | 400 (naming `filters.<parameter>`) | 409 saved_search_limit
 *   GET    /saved-searches/{id}     200 the search | 404 saved_search_not_found
 *   DELETE /saved-searches/{id}     204 | 404 saved_search_not_found
 */
import { noStore } from '../middleware/no-store.ts';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { MAX_SAVED_SEARCHES } from '../../src/domain/saved-searches/alerts.ts';
import { saveFromLink, toLinkView } from '../services/saved-searches/link-searches.ts';
import { deleteSearch, getSearch, listSearches } from '../services/saved-searches/saved-searches.ts';
import type { Deps } from '../types.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { valid } from './request.ts';
import {
  LinkSavedSearchBodySchema,
  LinkSavedSearchListSchema,
  LinkSavedSearchSchema,
  SavedSearchIdParam,
} from './saved-search-schemas.ts';
import { isTestKey } from './scopes.ts';
import type { LinkEnv } from './types.ts';

const EXAMPLE = {
  id: 12,
  name: 'Round 1-2 ct D-G',
  filters: {
    category: 'stone',
    origin: 'natural',
    shape: ['round'],
    carat_min: 1,
    carat_max: 2,
    colour: ['D', 'E', 'F', 'G'],
    sort: 'price',
    currency: 'USD',
  },
  list_url: 'https://facet.trade/diamonds/all?sort=price&shape=round&wt=1-2&col=D-G',
  alert: 'instant',
  price_drop_pct: 5,
  digest_hour: null,
  time_zone: null,
  test: false,
  created_at: '2026-05-04T09:30:00.000Z',
  updated_at: '2026-05-04T09:30:00.000Z',
};

export function linkSavedSearchRoutes(deps: Deps) {
  const { db, clock, config } = deps;
  return new Hono<LinkEnv>()
    .use('*', noStore())
    .get(
      '/',
      describeRoute({
        tags: ['Saved searches'],
        summary: 'Your saved searches',
        description: 'The account’s saved searches (also those saved on the site), oldest first.',
        responses: {
          200: jsonResponse('The searches', LinkSavedSearchListSchema, { data: [EXAMPLE], limit: MAX_SAVED_SEARCHES }),
          ...errorResponses(),
        },
      }),
      async (c) => {
        const rows = await listSearches(db, c.get('linkUser').id);
        return c.json({ data: rows.map((r) => toLinkView(r, config.siteUrl)), limit: MAX_SAVED_SEARCHES });
      },
    )
    .post(
      '/',
      describeRoute({
        tags: ['Saved searches'],
        summary: 'Save a search',
        description: `Saves \`filters\` (the query parameters of GET /stones) under a name, at most ${MAX_SAVED_SEARCHES} per account. Alerts: new stones matching, a price drop of at least \`price_drop_pct\` on a matching stone, a matching stone back in stock; instant (within minutes) or a daily digest at \`digest_hour\` in \`time_zone\`, by e-mail and the \`saved_search.matched\` webhook. Only changes after the search is saved alert. A filter the site’s list cannot keep answers 400 naming it. Trade and test keys; a test key’s search is checked and answered (\`test: true\`, \`id: null\`) but not kept.`,
        responses: {
          201: jsonResponse('The saved search', LinkSavedSearchSchema, EXAMPLE),
          ...errorResponses(409),
        },
      }),
      valid('json', LinkSavedSearchBodySchema),
      async (c) => {
        const userId = c.get('linkUser').id;
        const test = isTestKey(c.var.linkKey);
        const saved = await saveFromLink(db, userId, c.req.valid('json'), clock.now(), config.siteUrl, test);
        return c.json(saved, 201);
      },
    )
    .get(
      '/:id',
      describeRoute({
        tags: ['Saved searches'],
        summary: 'One saved search',
        responses: { 200: jsonResponse('The search', LinkSavedSearchSchema, EXAMPLE), ...errorResponses(404) },
      }),
      valid('param', SavedSearchIdParam),
      async (c) => {
        const row = await getSearch(db, c.get('linkUser').id, Number(c.req.valid('param').id));
        return c.json(toLinkView(row, config.siteUrl));
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags: ['Saved searches'],
        summary: 'Delete a saved search',
        description: 'Its alerts stop. With a test key: checked and answered, nothing is deleted.',
        responses: { 204: { description: 'Deleted' }, ...errorResponses(404) },
      }),
      valid('param', SavedSearchIdParam),
      async (c) => {
        const userId = c.get('linkUser').id;
        const id = Number(c.req.valid('param').id);
        if (isTestKey(c.var.linkKey)) await getSearch(db, userId, id);
        else await deleteSearch(db, userId, id);
        return c.body(null, 204);
      },
    );
}
