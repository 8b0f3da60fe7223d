/**
 * API Link stone calls (mounted at `/stones`):
 * - GET /            the in-stock list: filters, sort, currency, keyset cursor paging (<= 500)
 * - GET /{code}      one stone, live price and availability; 410 when it left the stock
 *                    (with when), 404 for a code never known
 * Every stone says `available` (neither held nor kept by a request); for trade and test keys
 * also `on_hold` and `reserved`, and `held_by_you` / `hold_expires_at` / `reserved_for_you`
 * for the caller's own holds and requests. A retail key (public) gets `available` alone.
 * - POST /availability  up to 100 codes at once (in stock / gone / unknown, with prices)
 * - POST /lookup     up to 500 stock codes or certificate numbers, full stones (lookup.ts)
 */
import { eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { Db } from '../../db/client.ts';
import { diamonds, type Diamond } from '../../db/tables.ts';
import { HttpError } from '../middleware/errors.ts';
import { goneAt } from '../services/link/change-log.ts';
import { stonePage } from '../services/link/stone-query.ts';
import { availabilityOf, keptFieldsOf, linkPrice, stateOf, toLinkStones } from '../services/link/stone-view.ts';
import { holderOf } from './holds.ts';
import type { Deps } from '../types.ts';
import { AVAILABILITY_EXAMPLE, GONE_EXAMPLE, STONE_EXAMPLE } from './examples.ts';
import { lookupRoute } from './lookup.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { priceView, valid } from './request.ts';
import {
  AvailabilityAnswerSchema,
  AvailabilityBodySchema,
  GoneSchema,
  LinkStoneSchema,
  OneStoneQuerySchema,
  StockCodeParam,
  StonesPageSchema,
  StonesQuerySchema,
} from './schemas.ts';
import type { LinkEnv } from './types.ts';

async function byCode(db: Db, code: string): Promise<Diamond | undefined> {
  return (await db.select().from(diamonds).where(eq(diamonds.stockCode, code)).limit(1))[0];
}

export function stoneRoutes(deps: Deps) {
  const { db, config } = deps;
  const routes = new Hono<LinkEnv>()
    .get(
      '/',
      describeRoute({
        tags: ['Stones'],
        summary: 'List the stones in stock',
        description:
          'Filters, sort and keyset paging: pass `next_cursor` as `cursor` until it is null. An import between two pages neither skips nor repeats a stone.',
        responses: {
          200: jsonResponse('A page of stones', StonesPageSchema, {
            data: [STONE_EXAMPLE],
            next_cursor: 'eyJrIjoxMDQ4Mn0',
          }),
          ...errorResponses(),
        },
      }),
      valid('query', StonesQuerySchema),
      async (c) => {
        const q = c.req.valid('query');
        const view = await priceView(c, db, q.currency);
        const { rows, next } = await stonePage(db, q, view);
        return c.json({
          data: await toLinkStones(db, rows, view, config.siteUrl, holderOf(c, deps)),
          next_cursor: next,
        });
      },
    )
    .post(
      '/availability',
      describeRoute({
        tags: ['Stones'],
        summary: 'Check up to 100 stones at once',
        description: 'For each code: in_stock (with availability and live price), gone (with when) or unknown.',
        responses: {
          200: jsonResponse('One answer per code, in the order asked', AvailabilityAnswerSchema, AVAILABILITY_EXAMPLE),
        },
      }),
      valid('json', AvailabilityBodySchema),
      async (c) => {
        const body = c.req.valid('json');
        const view = await priceView(c, db, body.currency);
        const rows = await db.select().from(diamonds).where(inArray(diamonds.stockCode, body.stock_codes));
        const found = new Map(rows.map((r) => [r.stockCode, r]));
        const held = await keptFieldsOf(
          db,
          rows.map((r) => r.id),
          holderOf(c, deps),
        );
        const data = [];
        for (const code of body.stock_codes) {
          const r = found.get(code);
          if (!r)
            data.push({
              stock_code: code,
              status: 'unknown',
              availability: null,
              price: null,
              gone_at: null,
              ...stateOf(undefined, view.scope, false),
            });
          else if (!r.inStock) {
            const at = await goneAt(db, code, r.updatedAt);
            data.push({
              stock_code: code,
              status: 'gone',
              availability: null,
              price: null,
              gone_at: at.toISOString(),
              ...stateOf(undefined, view.scope, false),
            });
          } else {
            data.push({
              stock_code: code,
              status: 'in_stock',
              availability: availabilityOf(r.availability),
              price: linkPrice(r, view),
              gone_at: null,
              ...stateOf(held.get(r.id), view.scope),
            });
          }
        }
        return c.json({ data });
      },
    )
    .get(
      '/:stock_code',
      describeRoute({
        tags: ['Stones'],
        summary: 'One stone: live price and availability',
        responses: {
          200: jsonResponse('The stone', LinkStoneSchema, STONE_EXAMPLE),
          410: jsonResponse(
            'The stone left the stock (sold or withdrawn); `gone_at` says when',
            GoneSchema,
            GONE_EXAMPLE,
          ),
          ...errorResponses(404),
        },
      }),
      valid('param', StockCodeParam),
      valid('query', OneStoneQuerySchema),
      async (c) => {
        const code = c.req.valid('param').stock_code;
        const row = await byCode(db, code);
        if (!row) throw new HttpError(404, 'stone_not_found', { stock_code: code });
        if (!row.inStock) {
          const at = await goneAt(db, code, row.updatedAt);
          throw new HttpError(410, 'stone_gone', { stock_code: code, gone_at: at.toISOString() });
        }
        const view = await priceView(c, db, c.req.valid('query').currency);
        c.header('Cache-Control', 'no-store');
        return c.json((await toLinkStones(db, [row], view, config.siteUrl, holderOf(c, deps)))[0]);
      },
    );
  return lookupRoute(deps, routes);
}
