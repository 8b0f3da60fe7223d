/**
 * API Link holds (mounted at `/holds` behind requireScope('trade'): a retail key is refused,
 * 403 scope_not_allowed): the key's account holds single stones as on the site. With a test
 * key the same calls place, list and release test holds (api/services/trade/test-holds.ts):
 * validated and answered alike, `test: true`, reserving nothing and reaching no staff.
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
import { holdViewOf, listMyHolds } from '../services/trade/hold-views.ts';
import { placeHold, releaseHold } from '../services/trade/holds.ts';
import type { Holder } from '../services/link/stone-view.ts';
import type { Deps } from '../types.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { valid } from './request.ts';
import { HoldIdParam, LinkHoldsPageSchema, LinkHoldViewSchema } from './trade-schemas.ts';
import type { LinkEnv } from './types.ts';
import { isTestKey } from './scopes.ts';
import { listTestHolds, placeTestHold, releaseTestHold } from '../services/trade/test-holds.ts';

/** The calling key's account and the time, for the stones' hold fields. */
export const holderOf = (c: Context<LinkEnv>, deps: Deps): Holder => ({
  userId: c.get('linkUser').id,
  now: deps.clock.now(),
});

const HOLD_EXAMPLE = {
  id: 41,
  stock_code: 'FT-10482',
  created_at: '2026-05-04T09:30:00.000Z',
  expires_at: '2026-05-06T09:30:00.000Z',
  extended: false,
  ended_at: null,
  end_reason: null,
  test: false,
};
const RELEASED_EXAMPLE = { ...HOLD_EXAMPLE, ended_at: '2026-05-04T11:02:00.000Z', end_reason: 'released' };

const view = (
  h: Pick<Hold, 'id' | 'createdAt' | 'expiresAt' | 'extended' | 'endedAt' | 'endReason'>,
  code: string,
  test = false,
) => ({
  id: h.id,
  stock_code: code,
  created_at: h.createdAt.toISOString(),
  expires_at: h.expiresAt.toISOString(),
  extended: h.extended,
  ended_at: h.endedAt ? h.endedAt.toISOString() : null,
  end_reason: h.endReason,
  test,
});

export function linkHoldRoutes(deps: Deps) {
  return new Hono<LinkEnv>()
    .post(
      '/',
      describeRoute({
        tags: ['Holds'],
        summary: 'Hold a single stone',
        description:
          'Keeps the stone for you for `hours` (1-168; default: the shop’s hold length). Nobody else can hold or request it meanwhile; it ends by itself. Trade and test keys. A test key’s hold is checked and answered as a real one (`test: true`) but reserves nothing: nobody else sees the stone on hold, and no e-mail goes out.',
        responses: {
          201: jsonResponse('The hold', LinkHoldViewSchema, HOLD_EXAMPLE),
          ...errorResponses(404, 409),
        },
      }),
      valid('json', LinkHoldSchema),
      async (c) => {
        const userId = c.get('linkUser').id;
        const body = c.req.valid('json');
        if (isTestKey(c.var.linkKey)) {
          const made = await placeTestHold(deps, userId, body.stock_code, body.hours);
          return c.json(view(made.hold, made.stockCode, true), 201);
        }
        const { hold, stone } = await placeHold(deps, userId, { stockCode: body.stock_code }, body.hours);
        return c.json(view(hold, stone.stockCode), 201);
      },
    )
    .get(
      '/',
      describeRoute({
        tags: ['Holds'],
        summary: 'Your running holds (with a test key: your running test holds)',
        responses: {
          200: jsonResponse('Soonest end first', LinkHoldsPageSchema, { data: [HOLD_EXAMPLE] }),
          ...errorResponses(),
        },
      }),
      async (c) => {
        const userId = c.get('linkUser').id;
        c.header('Cache-Control', 'no-store');
        if (isTestKey(c.var.linkKey)) {
          const rows = await listTestHolds(deps.db, userId, deps.clock.now());
          return c.json({ data: rows.map((r) => view(r.hold, r.stockCode, true)) });
        }
        const { active } = await listMyHolds(deps.db, userId, deps.clock.now());
        const data = active.map((h) => ({
          id: h.id,
          stock_code: h.stockCode,
          created_at: h.createdAt,
          expires_at: h.expiresAt,
          extended: h.extended,
          ended_at: null,
          end_reason: null,
          test: false,
        }));
        return c.json({ data });
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags: ['Holds'],
        summary: 'Release a hold',
        responses: {
          200: jsonResponse('The released hold', LinkHoldViewSchema, RELEASED_EXAMPLE),
          ...errorResponses(404, 409),
        },
      }),
      valid('param', HoldIdParam),
      async (c) => {
        const userId = c.get('linkUser').id;
        const id = Number(c.req.valid('param').id);
        if (isTestKey(c.var.linkKey)) {
          const released = await releaseTestHold(deps, userId, id);
          return c.json(view(released.hold, released.stockCode, true));
        }
        const hold = await releaseHold(deps, userId, id);
        const shown = await holdViewOf(deps.db, hold, false, deps.clock.now());
        return c.json(view(hold, shown.stockCode));
      },
    );
}
