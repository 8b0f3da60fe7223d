/**
 * The webhook endpoint calls, for any owner: API Link (`/api/link/v1/webhooks`, the key's
 * account) and the account page (`/api/v1/profile/webhooks`, the session's account) mount the
 * same routes with their own way of naming the owner.
 *
 *   GET    /                 -                               200 { webhooks: [Webhook] }
 *   POST   /                 { url, events? }                201 { webhook, secret } | 400 url refused | 409 webhook_limit_reached
 *   GET    /:id              -                               200 { webhook } | 404 webhook_not_found
 *   PATCH  /:id              { url?, events?, enabled? }     200 { webhook }
 *   DELETE /:id              -                               204
 *   GET    /:id/secret       -                               200 { id, secret }
 *   POST   /:id/test         -                               200 { delivery } (one attempt, made now)
 * An id that is not a number answers 404 webhook_not_found, as an id of no endpoint does.
 *   GET    /:id/deliveries   ?limit=1..100&before=id         200 { deliveries: [Delivery], next_before }
 * POST / and POST /:id/test share a limit of 30 an hour per account (429 too_many_requests).
 * The owner also says which kind of endpoint the caller manages (services/webhooks/endpoints.ts
 * `Owner`): an API Link test key its test endpoints, a trade key its live ones (the other kind
 * is 404 webhook_not_found), the account page both.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { HttpError } from '../middleware/errors.ts';
import { jsonIn, queryIn } from '../middleware/validate.ts';
import { rateLimiter } from '../middleware/rate-limit.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  sendTestEvent,
  updateWebhook,
  webhookSecret,
  type Owner,
} from '../services/webhooks/endpoints.ts';
import { WEBHOOK_EVENTS } from '../services/webhooks/model.ts';
import type { Deps } from '../types.ts';

const Url = v.pipe(
  v.string('url must be a string'),
  v.trim(),
  v.nonEmpty('Enter the URL'),
  v.maxLength(2000, 'The URL is too long'),
);
const Events = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, `events: each one of ${WEBHOOK_EVENTS.join(', ')}`), 'events must be a list'),
  v.maxLength(WEBHOOK_EVENTS.length * 2),
);
export const WebhookCreateSchema = v.object({ url: Url, events: v.optional(Events) });
export const WebhookPatchSchema = v.object({
  url: v.optional(Url),
  events: v.optional(Events),
  enabled: v.optional(v.boolean('enabled must be true or false')),
});
const ID_RE = /^[1-9]\d{0,9}$/;
const DeliveriesQuery = v.object({
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '50'),
  before: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))),
});

type Op = 'list' | 'create' | 'get' | 'patch' | 'delete' | 'secret' | 'test' | 'deliveries';
const pass: MiddlewareHandler = async (_c, next) => {
  await next();
};

/**
 * `ownerOf(c)` names the account and the kind of endpoint it manages (or throws 401/403); the
 * mounting app's variables are read through it. `docs` (API Link: api/link/webhook-docs.ts)
 * describes each call for the document.
 */
export function webhookCrudRoutes(
  deps: Deps,
  ownerOf: (c: Context) => Owner,
  docs: Partial<Record<Op, MiddlewareHandler>> = {},
) {
  const doc = (op: Op) => docs[op] ?? pass;
  const id = (c: Context) => {
    const raw = c.req.param('id') ?? '';
    if (!ID_RE.test(raw)) throw new HttpError(404, 'webhook_not_found');
    return Number(raw);
  };
  const limiter = rateLimiter(deps);
  /** registering (DNS look-ups) and test events (requests to the customer's host) are capped per account */
  const sending = (c: Context) => limiter.hit(c, 'webhookSend', { account: `user:${ownerOf(c).user.id}` });
  return new Hono()
    .use('*', async (c, next) => {
      ownerOf(c); // 401/403 before the body is read
      await next();
    })
    .get('/', doc('list'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ webhooks: await listWebhooks(deps.db, ownerOf(c)) });
    })
    .post('/', doc('create'), jsonIn(WebhookCreateSchema), async (c) => {
      const input = c.req.valid('json');
      await sending(c);
      return c.json(await createWebhook(deps, ownerOf(c), input), 201);
    })
    .get('/:id', doc('get'), async (c) => c.json({ webhook: await getWebhook(deps.db, ownerOf(c), id(c)) }))
    .patch('/:id', doc('patch'), jsonIn(WebhookPatchSchema), async (c) => {
      const patch = c.req.valid('json');
      return c.json({ webhook: await updateWebhook(deps, ownerOf(c), id(c), patch) });
    })
    .delete('/:id', doc('delete'), async (c) => {
      await deleteWebhook(deps.db, ownerOf(c), id(c));
      return c.body(null, 204);
    })
    .get('/:id/secret', doc('secret'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await webhookSecret(deps.db, ownerOf(c), id(c)));
    })
    .post('/:id/test', doc('test'), async (c) => {
      await sending(c);
      return c.json({ delivery: await sendTestEvent(deps, ownerOf(c), id(c)) });
    })
    .get('/:id/deliveries', doc('deliveries'), queryIn(DeliveriesQuery), async (c) => {
      const q = c.req.valid('query');
      return c.json(await listDeliveries(deps.db, ownerOf(c), id(c), q));
    });
}
