/**
 * API Link requests (mounted at `/requests` behind requireScope('trade'): a retail key is
 * refused, 403 scope_not_allowed): the key's account sends a request as it would from the bag,
 * and follows it.
 *
 *   POST /requests { lines: [{ stock_code, unit?, quantity? }], terms, notes?, accepts_alternatives?, currency? }
 *                         201 the request | 400 | 404 stone_not_found
 *                         | 409 stone_unavailable, stone_on_hold, stone_reserved (each naming the stone)
 *   GET  /requests        200 { data, next_cursor } newest first (?state=, ?limit=, ?cursor=)
 *   GET  /requests/{id}   200 the request with lines, answers, totals, timeline and messages | 404
 *
 * Priced by the server exactly as the bag request (api/services/trade/request-pricing.ts); it
 * reaches staff and the buyer's /my-account like a request from the bag, its timeline saying
 * which key sent it. With a test key (api/link/scopes.ts) POST /requests runs the same checks
 * and pricing in a transaction that is then rolled back: the answer is the request as it would
 * be, with `test: true`, and nothing is kept (no claim on a stone, no e-mail, no webhook, not
 * in GET /requests). Its `id` (and its lines' ids) is null: the rolled-back transaction's ids
 * are handed out again to the next real request, so an id in a test answer would name another.
 */
import { writeTx } from '../../db/client.ts';
import { Hono, type Context } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { LinkRequestSchema as LinkRequestBody } from '../../src/domain/trade/request-payloads.ts';
import { HttpError } from '../middleware/errors.ts';
import { toLinkRequest, toLinkRequestSummaries } from '../services/link/request-view.ts';
import { createCodedRequest, requestPageOf } from '../services/trade/coded-requests.ts';
import { deliverQueued } from '../services/platform/mailer.ts';
import { queueRequestSent } from '../services/trade/request-notices.ts';
import { requestDetail, type RequestVia } from '../services/trade/request-records.ts';
import type { Deps } from '../types.ts';
import { REQUEST_BODY_EXAMPLE, REQUEST_EXAMPLE, REQUESTS_PAGE_EXAMPLE } from './request-examples.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { valid } from './request.ts';
import {
  LinkRequestSchema,
  LinkRequestsPageSchema,
  LinkSentRequestSchema,
  RequestIdParam,
  RequestsQuerySchema,
} from './trade-schemas.ts';
import { NoQuerySchema } from './schemas.ts';
import type { LinkEnv } from './types.ts';
import { isTestKey } from './scopes.ts';
import { withoutKeeping } from '../../db/dry-run.ts';

/** Which key made the call: what the request's timeline records. */
const viaKey = (c: Context<LinkEnv>): RequestVia => {
  const key = c.get('linkKey');
  return { channel: 'link', keyId: key.id, keyName: key.name };
};

const encodeCursor = (id: number) => Buffer.from(`r:${id}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const m = /^r:(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw new HttpError(400, [{ param: 'cursor', msg: 'Not a cursor of this listing' }]);
  return Number(m[1]);
}

export function linkRequestRoutes(deps: Deps) {
  const detail = async (id: number, userId: number) =>
    toLinkRequest(await requestDetail(deps.db, id, { role: 'buyer', userId }));
  return new Hono<LinkEnv>()
    .post(
      '/',
      describeRoute({
        tags: ['Requests'],
        summary: 'Send a request for stones, on memo or invoice',
        description:
          'Priced by the server as a request from the bag on the site, in `currency` (default: the shop’s). Single stones are claimed for you at once: nobody else can hold or request them while the request is open. A stone on hold for another buyer, in another open request or out of stock is refused with 409, naming it. Trade and test keys: a test key’s request is checked and priced the same and answered with `test: true` and `id: null` (its lines too), but not kept (nothing reserved, nobody told, not listed, no id).',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: resolver(LinkRequestBody), example: REQUEST_BODY_EXAMPLE } },
        },
        responses: {
          201: jsonResponse(
            'The request, as sent; with a test key, as it would be (`test: true`, `id: null`)',
            LinkSentRequestSchema,
            REQUEST_EXAMPLE,
          ),
          ...errorResponses(404, 409),
        },
      }),
      valid('json', LinkRequestBody),
      async (c) => {
        const user = c.get('linkUser');
        c.header('Cache-Control', 'no-store');
        if (isTestKey(c.var.linkKey)) {
          const body = c.req.valid('json');
          const made = await withoutKeeping(deps.db, async () => {
            const stored = await createCodedRequest(deps.db, user.id, viaKey(c), body, deps.clock.now());
            return detail(stored.id, user.id);
          });
          // nothing kept, so no id: the rolled-back ids go to the next real request
          const lines = made.lines.map((l) => ({ ...l, id: null }));
          return c.json({ ...made, id: null, lines, test: true as const }, 201);
        }
        const { stored, mails } = await writeTx(deps.db, async (tx) => {
          const made = await createCodedRequest(tx, user.id, viaKey(c), c.req.valid('json'), deps.clock.now());
          return { stored: made, mails: await queueRequestSent(deps, tx, user, made) };
        });
        await deliverQueued(deps.mailer, mails);
        return c.json(await detail(stored.id, user.id), 201);
      },
    )
    .get(
      '/',
      describeRoute({
        tags: ['Requests'],
        summary: 'Your requests',
        description:
          'Newest first, from the site and from the API alike. Pass `next_cursor` as `cursor` until it is null.',
        responses: {
          200: jsonResponse('A page of requests', LinkRequestsPageSchema, REQUESTS_PAGE_EXAMPLE),
          ...errorResponses(),
        },
      }),
      valid('query', RequestsQuerySchema),
      async (c) => {
        const q = c.req.valid('query');
        const userId = c.get('linkUser').id;
        const before = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
        const page = await requestPageOf(deps.db, userId, { limit: q.limit, before, state: q.state });
        c.header('Cache-Control', 'no-store');
        return c.json({
          data: await toLinkRequestSummaries(deps.db, page.rows),
          next_cursor: page.next === null ? null : encodeCursor(page.next),
        });
      },
    )
    .get(
      '/:id',
      describeRoute({
        tags: ['Requests'],
        summary: 'One request: lines, answers, totals, timeline',
        responses: {
          200: jsonResponse('The request', LinkRequestSchema, REQUEST_EXAMPLE),
          ...errorResponses(404),
        },
      }),
      valid('param', RequestIdParam),
      valid('query', NoQuerySchema),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await detail(Number(c.req.valid('param').id), c.get('linkUser').id));
      },
    );
}
