/**
 * GET /changes?since={seq}&limit: the stock change log in order (added, updated with the
 * changed fields, price_changed, availability_changed, removed) and the next cursor. A cursor
 * older than the retention (API_CHANGES_RETENTION_DAYS) gets 410, one ahead of the newest event
 * (after a restore to an older backup) 409 `cursor_ahead`: resync from /feed.
 * A retail key (public) never learns that a stone was held or reserved: the fields `on_hold`
 * and `reserved` of its events read `available`, the one state its stones show.
 */
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { readChanges, retailChange } from '../services/link/change-log.ts';
import type { Deps } from '../types.ts';
import { CHANGES_EXAMPLE } from './examples.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { valid } from './request.ts';
import { ChangesPageSchema, ChangesQuerySchema, ErrorSchema } from './schemas.ts';
import type { LinkEnv } from './types.ts';
import { priceScopeOf } from './scopes.ts';

export function changeRoutes(deps: Deps) {
  return new Hono<LinkEnv>().get(
    '/',
    describeRoute({
      tags: ['Changes'],
      summary: 'Stock changes since a sequence number',
      description:
        'Take /feed once (its X-Change-Seq header is where to start), then poll with `since` = the last `next_since`. Events are in sequence order; `has_more` says another page is waiting.',
      responses: {
        200: jsonResponse('Events after `since`', ChangesPageSchema, CHANGES_EXAMPLE),
        410: jsonResponse('`since` is older than the retention: download /feed again', ErrorSchema, {
          errors: {
            msg: 'changes_expired',
            options: { since: 120, oldest_available: 4000, resync: 'Download /feed again' },
          },
        }),
        409: jsonResponse(
          '`cursor_ahead`: `since` is beyond the newest event (the shop restored an older backup): download /feed again and continue from its X-Change-Seq',
          ErrorSchema,
          { errors: { msg: 'cursor_ahead', options: { since: 9000, latest: 4200, resync: 'Download /feed again' } } },
        ),
        ...errorResponses(),
      },
    }),
    valid('query', ChangesQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      const page = await readChanges(deps.db, q.since, q.limit);
      if (priceScopeOf(c.var.linkKey.scope) !== 'retail') return c.json(page);
      return c.json({ ...page, data: page.data.map(retailChange) });
    },
  );
}
