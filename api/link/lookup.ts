/**
 * POST /stones/lookup { codes: [...], currency? }: up to 500 stock codes or certificate numbers,
 * mixed (the paste-a-list of an integration). Each answer: `found` with the full stone (the
 * caller's currency and prices), `gone` with when it left (the change log), or `unknown`.
 */
import { describeRoute } from 'hono-openapi';
import { lookupCodes } from '../services/catalogue/code-lookup.ts';
import { toLinkStones } from '../services/link/stone-view.ts';
import type { Deps } from '../types.ts';
import { STONE_EXAMPLE } from './examples.ts';
import { holderOf } from './holds.ts';
import { jsonResponse } from './openapi-responses.ts';
import { priceView, valid } from './request.ts';
import { LookupAnswerSchema, LookupBodySchema } from './schemas.ts';
import type { Hono } from 'hono';
import type { LinkEnv } from './types.ts';

const at = '2026-05-04T09:30:00.000Z';
const EXAMPLE = {
  data: [
    {
      code: 'FT-10482',
      matched_by: 'stock_code',
      status: 'found',
      stone: STONE_EXAMPLE,
      stock_code: 'FT-10482',
      gone_at: null,
    },
    {
      code: '2215487931',
      matched_by: 'certificate_number',
      status: 'gone',
      stone: null,
      stock_code: 'FT-10301',
      gone_at: at,
    },
    { code: 'NOPE-1', matched_by: null, status: 'unknown', stone: null, stock_code: null, gone_at: null },
  ],
};

export function lookupRoute(deps: Deps, app: Hono<LinkEnv>) {
  return app.post(
    '/lookup',
    describeRoute({
      tags: ['Stones'],
      summary: 'Look up to 500 stock codes or certificate numbers at once (mixed)',
      description: 'For each code: found (the full stone, in the asked currency), gone (with when) or unknown.',
      responses: {
        200: jsonResponse('One answer per code, in the order asked', LookupAnswerSchema, EXAMPLE),
      },
    }),
    valid('json', LookupBodySchema),
    async (c) => {
      const body = c.req.valid('json');
      const view = await priceView(c, deps.db, body.currency);
      const matches = await lookupCodes(deps.db, body.codes);
      const live = [...new Map(matches.filter((m) => m.status === 'found').map((m) => [m.row!.id, m.row!])).values()];
      const stones = new Map(
        (await toLinkStones(deps.db, live, view, deps.config.siteUrl, holderOf(c, deps))).map((s) => [s.stock_code, s]),
      );
      const data = matches.map(({ code, status, matchedBy, row, goneAt }) => ({
        code,
        matched_by: matchedBy,
        status,
        stone: status === 'found' ? (stones.get(row!.stockCode) ?? null) : null,
        stock_code: row?.stockCode ?? null,
        gone_at: goneAt?.toISOString() ?? null,
      }));
      c.header('Cache-Control', 'no-store');
      return c.json({ data });
    },
  );
}
