/**
 * API Link holds (mounted at `/holds`), trade keys only (a retail key is refused, 403
 * trade_key_required): the key's account holds single stones as on the site.
 *
 *   POST   /holds { stock_code, hours? }   201 the hold | 400 | 404 stone_not_found
 *                                        | 409 stone_unavailable, stone_on_hold, already_held_by_you, hold_limit
 *   GET    /holds                         200 { data } running holds, soonest end first
 *   DELETE /holds/{id}                    200 the released hold | 404 hold_not_found | 409 hold_ended
 */
import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { Hold } from '../../db/tables.ts';
import { LinkHoldSchema } from '../../src/domain/trade/holds.ts';
import { HttpError } from '../middleware/errors.ts';
import { holdViewOf, listMyHolds } from '../services/trade/hold-views.ts';
import { placeHold, releaseHold } from '../services/trade/holds.ts';
import type { Holder } from '../services/link/stone-view.ts';
import type { Deps } from '../types.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { valid } from './request.ts';
import { HoldIdParam, LinkHoldsPageSchema, LinkHoldViewSchema } from './schemas.ts';
import type { LinkEnv } from './types.ts';

/** The calling key's account and the time, for the stones' hold fields. */
export const holderOf = (c: Context<LinkEnv>, deps: Deps): Holder => ({
  userId: c.get('linkUser').id,
  now: deps.clock.now(),
});

function tradeOnly(c: Context<LinkEnv>): number {
  if (c.get('linkKey').scope !== 'trade')
    throw new HttpError(403, 'trade_key_required', { message: 'Holds need a trade key; retail keys only read.' });
  return c.get('linkUser').id;
}

const view = (
  h: Pick<Hold, 'id' | 'createdAt' | 'expiresAt' | 'extended' | 'endedAt' | 'endReason'>,
  code: string,
) => ({
  id: h.id,
  stock_code: code,
  created_at: h.createdAt.toISOString(),
  expires_at: h.expiresAt.toISOString(),
  extended: h.extended,
  ended_at: h.endedAt ? h.endedAt.toISOString() : null,
  end_reason: h.endReason,
});

export function linkHoldRoutes(deps: Deps) {
  return new Hono<LinkEnv>()
    .post(
      '/',
      describeRoute({
        tags: ['Holds'],
        summary: 'Hold a single stone',
        description:
          'Keeps the stone for you for `hours` (1-168; default: the shop’s hold length). Nobody else can hold or request it meanwhile; it ends by itself. Trade keys only.',
        responses: { 201: jsonResponse('The hold', LinkHoldViewSchema), ...errorResponses(400, 404, 409) },
      }),
      valid('json', LinkHoldSchema),
      async (c) => {
        const userId = tradeOnly(c);
        const body = c.req.valid('json');
        const { hold, stone } = await placeHold(deps, userId, { stockCode: body.stock_code }, body.hours);
        return c.json(view(hold, stone.stockCode), 201);
      },
    )
    .get(
      '/',
      describeRoute({
        tags: ['Holds'],
        summary: 'Your running holds',
        responses: { 200: jsonResponse('Soonest end first', LinkHoldsPageSchema), ...errorResponses() },
      }),
      async (c) => {
        const userId = tradeOnly(c);
        const { active } = await listMyHolds(deps.db, userId, deps.clock.now());
        const data = active.map((h) => ({
          id: h.id,
          stock_code: h.stockCode,
          created_at: h.createdAt,
          expires_at: h.expiresAt,
          extended: h.extended,
          ended_at: null,
          end_reason: null,
        }));
        c.header('Cache-Control', 'no-store');
        return c.json({ data });
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags: ['Holds'],
        summary: 'Release a hold',
        responses: { 200: jsonResponse('The released hold', LinkHoldViewSchema), ...errorResponses(404, 409) },
      }),
      valid('param', HoldIdParam),
      async (c) => {
        const userId = tradeOnly(c);
        const hold = await releaseHold(deps, userId, Number(c.req.valid('param').id));
        const shown = await holdViewOf(deps.db, hold, false, deps.clock.now());
        return c.json(view(hold, shown.stockCode));
      },
    );
}
