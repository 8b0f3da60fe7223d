/**
 * API Link's webhook endpoint and delivery shapes (valibot; documented by webhook-docs.ts).
 */
import * as v from 'valibot';
import { DELIVERY_STATUSES } from '../../db/schema.ts';
import { WEBHOOK_EVENTS } from '../services/webhooks/model.ts';
import { isoTime } from './schemas.ts';

const d = v.description;

export const WebhookSchema = v.object({
  id: v.number(),
  url: v.string(),
  events: v.pipe(v.array(v.picklist(WEBHOOK_EVENTS)), d('The event kinds sent (all of them when all_events)')),
  all_events: v.pipe(v.boolean(), d('Subscribed to every kind, also kinds added later')),
  enabled: v.boolean(),
  failures_in_a_row: v.number(),
  disabled_at: v.nullable(isoTime),
  test: v.pipe(
    v.boolean(),
    d(
      'Made with a test key: only test keys manage it, and it receives test events only (what test keys do, and samples), all marked `data.test: true`. A trade key manages the other endpoints, which never receive what a test key does',
    ),
  ),
  created_at: isoTime,
});
export const WebhookListSchema = v.object({ webhooks: v.array(WebhookSchema) });
export const WebhookOneSchema = v.object({ webhook: WebhookSchema });
export const WebhookCreatedSchema = v.object({
  webhook: WebhookSchema,
  secret: v.pipe(v.string(), d('whsec_...: verify the signatures with it (also at GET /webhooks/{id}/secret)')),
});
export const WebhookSecretSchema = v.object({ id: v.number(), secret: v.string() });
export const DeliverySchema = v.object({
  id: v.number(),
  message_id: v.pipe(v.string(), d('The webhook-id header of the delivery')),
  type: v.pipe(v.string(), d('The event type (a change kind, or `test`)')),
  status: v.picklist(DELIVERY_STATUSES),
  attempts: v.number(),
  last_status: v.pipe(v.nullable(v.number()), d('HTTP status of the last attempt')),
  last_error: v.nullable(v.string()),
  next_attempt_at: v.nullable(isoTime),
  created_at: isoTime,
  delivered_at: v.nullable(isoTime),
  payload: v.pipe(v.record(v.string(), v.unknown()), d('The JSON sent: { type, timestamp, data }')),
});
export const DeliveryOneSchema = v.object({ delivery: DeliverySchema });
export const DeliveriesPageSchema = v.object({
  deliveries: v.array(DeliverySchema),
  next_before: v.pipe(v.nullable(v.number()), d('Pass as `before` for older deliveries; null on the last page')),
});

/** POST /test/events: a sample of any webhook event type to the caller's endpoints. */
export const TestEventBodySchema = v.object({
  type: v.pipe(
    v.picklist(WEBHOOK_EVENTS, `type: one of ${WEBHOOK_EVENTS.join(', ')}`),
    d('The webhook event type to send a sample of'),
  ),
});
export const TestEventAnswerSchema = v.object({
  type: v.picklist(WEBHOOK_EVENTS),
  deliveries: v.pipe(
    v.array(
      v.object({
        id: v.pipe(v.number(), d('The delivery (see GET /webhooks/{id}/deliveries)')),
        webhook_id: v.number(),
        message_id: v.pipe(v.string(), d('The webhook-id header the delivery carries')),
      }),
    ),
    d('One delivery per endpoint that takes this type, queued and sent as real ones'),
  ),
});
