/**
 * How API Link documents its `/webhooks` calls (the calls themselves are in webhook-routes.ts,
 * shared with the account page): one describeRoute per call, with the path and query
 * parameters typed as the server reads them, and an example of each answer.
 */
import { describeRoute, resolver } from 'hono-openapi';
import { WEBHOOK_EVENTS } from '../services/webhooks/model.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import {
  DeliveriesPageSchema,
  DeliveryOneSchema,
  WebhookCreatedSchema,
  WebhookListSchema,
  WebhookOneSchema,
  WebhookSecretSchema,
} from './webhook-schemas.ts';
import type { WebhookCreateSchema, WebhookPatchSchema } from './webhook-routes.ts';

const tags = ['Webhooks'];
const idParam = {
  name: 'id',
  in: 'path' as const,
  required: true,
  description: 'The endpoint id',
  schema: { type: 'integer' as const, minimum: 1, maximum: 9_999_999_999 },
};
const webhook = {
  id: 7,
  url: 'https://shop.example/hooks/facet',
  events: [...WEBHOOK_EVENTS],
  all_events: true,
  enabled: true,
  failures_in_a_row: 0,
  disabled_at: null,
  test: false,
  created_at: '2026-05-04T09:30:00.000Z',
};
const delivery = {
  id: 41,
  message_id: 'msg_2b7Xq9yZ0aP4kLmN8rT1vW',
  type: 'test',
  status: 'delivered',
  attempts: 1,
  last_status: 200,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-05-04T09:31:00.000Z',
  delivered_at: '2026-05-04T09:31:00.000Z',
  payload: {
    type: 'test',
    timestamp: '2026-05-04T09:31:00.000Z',
    data: { message: 'This is a test event from API Link.', test: true },
  },
};
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** The describeRoute of each webhook call, for webhookCrudRoutes(deps, owner, docs). */
export function webhookDocs(create: typeof WebhookCreateSchema, patch: typeof WebhookPatchSchema) {
  const body = (schema: typeof create | typeof patch, example: unknown) => ({
    required: true,
    content: { 'application/json': { schema: resolver(schema), example } },
  });
  return {
    list: describeRoute({
      tags,
      summary: 'The webhook endpoints of the account',
      responses: {
        200: jsonResponse('The endpoints', WebhookListSchema, { webhooks: [webhook] }),
        ...errorResponses(),
      },
    }),
    create: describeRoute({
      tags,
      summary: 'Register an HTTPS endpoint for change events (signed per Standard Webhooks)',
      description: 'At most 5 endpoints; registering and test events share a limit of 30 an hour per account.',
      requestBody: body(create, { url: webhook.url, events: ['price_changed', 'removed'] }),
      responses: {
        201: jsonResponse('The endpoint and its whsec_ secret', WebhookCreatedSchema, { webhook, secret }),
        ...errorResponses(409),
      },
    }),
    get: describeRoute({
      tags,
      summary: 'One endpoint',
      parameters: [idParam],
      responses: { 200: jsonResponse('The endpoint', WebhookOneSchema, { webhook }), ...errorResponses(404) },
    }),
    patch: describeRoute({
      tags,
      summary: 'Change an endpoint (url, events, enabled); enabling clears its failures',
      parameters: [idParam],
      requestBody: body(patch, { enabled: false }),
      responses: {
        200: jsonResponse('The endpoint', WebhookOneSchema, { webhook: { ...webhook, enabled: false } }),
        ...errorResponses(404),
      },
    }),
    delete: describeRoute({
      tags,
      summary: 'Remove an endpoint',
      parameters: [idParam],
      responses: { 204: { description: 'Removed' }, ...errorResponses(404) },
    }),
    secret: describeRoute({
      tags,
      summary: "The endpoint's signing secret",
      parameters: [idParam],
      responses: { 200: jsonResponse('The secret', WebhookSecretSchema, { id: 7, secret }), ...errorResponses(404) },
    }),
    test: describeRoute({
      tags,
      summary: 'Send a test event to the endpoint now (one signed attempt)',
      parameters: [idParam],
      responses: {
        200: jsonResponse('The delivery as it ended', DeliveryOneSchema, { delivery }),
        ...errorResponses(404),
      },
    }),
    deliveries: describeRoute({
      tags,
      summary: 'Recent deliveries of an endpoint, newest first',
      parameters: [
        idParam,
        {
          name: 'limit',
          in: 'query',
          description: 'Deliveries per page, 1-100',
          schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
        },
        {
          name: 'before',
          in: 'query',
          description: '`next_before` of the previous page',
          schema: { type: 'integer', minimum: 1, maximum: 9_999_999_999 },
        },
      ],
      responses: {
        200: jsonResponse('A page of deliveries', DeliveriesPageSchema, { deliveries: [delivery], next_before: null }),
        ...errorResponses(404),
      },
    }),
  };
}
export type WebhookDocs = ReturnType<typeof webhookDocs>;
