/**
 * POST /stones/lookup { codes: [...], currency? }: up to 500 stock codes or certificate numbers,
 * mixed (the paste-a-list of an integration). Each answer: `found` with the full stone (the
 * caller's currency and prices), `gone` with when it left (the change log), or `unknown`.
 */
import { inArray, or } from 'drizzle-orm';
import { describeRoute } from 'hono-openapi';
import type { Db } from '../../db/client.ts';
import { diamonds, type Diamond } from '../../db/tables.ts';
import { goneAt } from '../services/link/change-log.ts';
import { toLinkStones } from '../services/link/stone-view.ts';
import type { Deps } from '../types.ts';
import { STONE_EXAMPLE } from './examples.ts';
import { holderOf } from './holds.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
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

/** The row a code names: by stock code first, then by certificate number (in stock first). */
function pick(rows: Diamond[], code: string): [Diamond, 'stock_code' | 'certificate_number'] | null {
  const byCode = rows.find((r) => r.stockCode === code);
  if (byCode) return [byCode, 'stock_code'];
  const certs = rows.filter((r) => r.certNumber && r.certNumber.toLowerCase() === code.toLowerCase());
  const best = certs.find((r) => r.inStock) ?? certs[0];
  return best ? [best, 'certificate_number'] : null;
}

async function rowsFor(db: Db, codes: string[]): Promise<Diamond[]> {
  return db
    .select()
    .from(diamonds)
    .where(or(inArray(diamonds.stockCode, codes), inArray(diamonds.certNumber, codes)));
}

export function lookupRoute(deps: Deps, app: Hono<LinkEnv>) {
  return app.post(
    '/lookup',
    describeRoute({
      tags: ['Stones'],
      summary: 'Look up to 500 stock codes or certificate numbers at once (mixed)',
      description: 'For each code: found (the full stone, in the asked currency), gone (with when) or unknown.',
      responses: {
        200: jsonResponse('One answer per code, in the order asked', LookupAnswerSchema, EXAMPLE),
        ...errorResponses(413),
      },
    }),
    valid('json', LookupBodySchema),
    async (c) => {
      const body = c.req.valid('json');
      const view = await priceView(c, deps.db, body.currency);
      const rows = await rowsFor(deps.db, [...new Set(body.codes)]);
      const live = rows.filter((r) => r.inStock);
      const stones = new Map(
        (await toLinkStones(deps.db, live, view, deps.config.siteUrl, holderOf(c, deps))).map((s) => [s.stock_code, s]),
      );
      const data = [];
      for (const code of body.codes) {
        const hit = pick(rows, code);
        if (!hit) {
          data.push({ code, matched_by: null, status: 'unknown', stone: null, stock_code: null, gone_at: null });
          continue;
        }
        const [row, matchedBy] = hit;
        const base = { code, matched_by: matchedBy, stock_code: row.stockCode };
        if (row.inStock)
          data.push({ ...base, status: 'found', stone: stones.get(row.stockCode) ?? null, gone_at: null });
        else {
          const when = await goneAt(deps.db, row.stockCode, row.updatedAt);
          data.push({ ...base, status: 'gone', stone: null, gone_at: when.toISOString() });
        }
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ data });
    },
  );
}
