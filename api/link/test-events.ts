/**
 * POST /test/events { type } (trade and test keys; a retail key gets 403 scope_not_allowed):
 * a sample event of any documented webhook type, with a realistic payload marked
 * `data.test: true`, queued to the caller's enabled endpoints that take that type (a trade
 * key's live endpoints, a test key's test endpoints) and sent like every delivery (Standard Webhooks signature, retries). 202 with the deliveries; 409
 * no_webhook_endpoint when no endpoint takes it. Shares the 30 an hour per account of
 * registering endpoints and POST /webhooks/{id}/test.
 */
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { rateLimiter } from '../middleware/rate-limit.ts';
import { sendSampleEvent } from '../services/webhooks/samples.ts';
import type { Deps } from '../types.ts';
import { jsonResponse } from './openapi-responses.ts';
import { valid } from './request.ts';
import { ErrorSchema } from './schemas.ts';
import { TestEventAnswerSchema, TestEventBodySchema } from './webhook-schemas.ts';
import type { LinkEnv } from './types.ts';
import { isTestKey } from './scopes.ts';

const EXAMPLE = {
  type: 'price_changed',
  deliveries: [{ id: 812, webhook_id: 7, message_id: 'msg_2b7Xq9yZ0aP4kLmN8rT1vW' }],
};

export function testEventRoutes(deps: Deps) {
  const limiter = rateLimiter(deps);
  return new Hono<LinkEnv>().post(
    '/events',
    describeRoute({
      tags: ['Webhooks'],
      summary: 'Send a sample of any webhook event type to your endpoints',
      description:
        'For building a receiver: a realistic payload of `type` (a real stone in stock), marked `data.test: true`, goes to each of your enabled endpoints that takes that type, signed and retried like every delivery: with a trade key your live endpoints, with a test key the test endpoints made with test keys. Trade and test keys; shares the limit of 30 an hour with registering endpoints and POST /webhooks/{id}/test.',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: resolver(TestEventBodySchema), example: { type: 'price_changed' } } },
      },
      responses: {
        202: jsonResponse('Queued: one delivery per endpoint', TestEventAnswerSchema, EXAMPLE),
        409: jsonResponse('`no_webhook_endpoint`: none of your enabled endpoints takes this type', ErrorSchema, {
          errors: { msg: 'no_webhook_endpoint', options: { type: 'hold.created' } },
        }),
      },
    }),
    valid('json', TestEventBodySchema),
    async (c) => {
      const { type } = c.req.valid('json');
      const userId = c.get('linkUser').id;
      await limiter.hit(c, 'webhookSend', { account: `user:${userId}` });
      return c.json(await sendSampleEvent(deps, userId, type, isTestKey(c.var.linkKey)), 202);
    },
  );
}
