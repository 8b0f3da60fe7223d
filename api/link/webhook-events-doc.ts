/**
 * The events API Link sends to webhook endpoints, as the OpenAPI 3.1 document's `webhooks`
 * section: one entry per event type with its payload (Standard Webhooks: `{ type, timestamp,
 * data }`, signed with the endpoint's whsec_ secret) and an example. The payloads are made by
 * api/services/webhooks/model.ts (stock changes, the `test` event), api/services/trade/hold-events.ts
 * (holds), api/services/trade/request-notices.ts (requests) and
 * api/services/saved-searches/alert-webhook.ts (saved searches). Every sample (POST
 * /test/events, POST /webhooks/{id}/test) and every event of what a test key did carries
 * `data.test: true`; a real event never does. The webhook tests hold every delivered body
 * against this section (tests/api/webhook-helpers.ts).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { STOCK_CHANGE_KINDS } from '../../db/schema.ts';
import { HOLD_EVENTS } from '../../src/domain/trade/holds.ts';
import { REQUEST_STATES, REQUEST_TERMS } from '../../src/domain/trade/request-lifecycle.ts';
import { HOLD_END_REASONS } from '../../src/domain/trade/holds.ts';
import { TEST_EVENT } from '../services/webhooks/model.ts';

type Schema = OpenAPIV3_1.SchemaObject;
const at = '2026-05-04T09:30:00.000Z';
const time: Schema = { type: 'string', format: 'date-time' };
const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });
const object = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

/** `data.test`: on samples and on what test keys do, never on a real event. */
const TEST_FLAG: Schema = {
  type: 'boolean',
  const: true,
  description:
    'Present, and true, on a sample (POST /test/events, POST /webhooks/{id}/test) and on an event of what a test key did (its test holds), which only test endpoints receive; absent on a real event. Do not act on an event that has it.',
};
const withTestFlag = (data: Schema): Schema => ({ ...data, properties: { ...data.properties, test: TEST_FLAG } });

function event(type: string, summary: string, data: Schema, example: unknown): OpenAPIV3_1.PathItemObject {
  return {
    post: {
      tags: ['Webhooks'],
      summary,
      description:
        'Sent as a POST to your endpoint with the headers webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks); answer 2xx within 10 s, else it is retried (5 s, 30 s, 2 min, 10 min, 1 h, 6 h, 12 h).',
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: object({ type: { type: 'string', const: type }, timestamp: time, data: withTestFlag(data) }),
            example: { type, timestamp: at, data: example },
          },
        },
      },
      responses: { 200: { description: 'Any 2xx: received' } },
    },
  } as OpenAPIV3_1.PathItemObject;
}

const holdData = object({
  id: { type: 'integer' },
  stock_code: { type: 'string' },
  expires_at: time,
  ended_at: nullable(time),
  end_reason: nullable({ type: 'string', enum: [...HOLD_END_REASONS] }),
});
const holdExample = { id: 41, stock_code: 'FT-10482', expires_at: at, ended_at: null, end_reason: null };

const HOLD_TEXT: Record<(typeof HOLD_EVENTS)[number], string> = {
  'hold.created': 'You placed a hold (your own endpoints only)',
  'hold.ending': 'Your hold ends in 2 hours',
  'hold.ended': 'Your hold ended (`end_reason` says why)',
};

/** The `webhooks` section of the API Link document. */
export function webhookEventDocs(): Record<string, OpenAPIV3_1.PathItemObject> {
  const stock = Object.fromEntries(
    STOCK_CHANGE_KINDS.map((kind) => [
      kind,
      event(
        kind,
        `A stock change (${kind}): every subscribed account`,
        object({
          seq: { type: 'integer', description: 'The change sequence (as in /changes)' },
          stock_code: { type: 'string' },
          kind: { type: 'string', const: kind },
          fields: { type: 'array', items: { type: 'string' }, description: 'API fields that changed' },
        }),
        {
          seq: 8123,
          stock_code: 'FT-10482',
          kind,
          fields: kind === 'availability_changed' ? ['reserved'] : kind === 'price_changed' ? ['price'] : [],
        },
      ),
    ]),
  );
  const holds = Object.fromEntries(
    HOLD_EVENTS.map((type) => [
      type,
      event(
        type,
        HOLD_TEXT[type],
        holdData,
        type === 'hold.ended' ? { ...holdExample, ended_at: at, end_reason: 'expired' } : holdExample,
      ),
    ]),
  );
  return {
    ...stock,
    ...holds,
    [TEST_EVENT]: event(
      TEST_EVENT,
      'The test event of POST /webhooks/{id}/test (the account page’s "Send test event"): one signed attempt, to check that your endpoint receives and verifies. Not a subscription kind: any endpoint may be sent one',
      object({ message: { type: 'string' }, test: TEST_FLAG }),
      { message: 'This is a test event from API Link.', test: true },
    ),
    'saved_search.matched': event(
      'saved_search.matched',
      "One of your saved searches has news (your own endpoints only): new matching stones, price drops of at least its threshold, matching stones back in stock. Sent with the search's alert e-mail: at once for instant alerts, with the digest for daily ones",
      object({
        saved_search_id: { type: 'integer', description: 'The saved search (GET /saved-searches)' },
        name: { type: 'string' },
        alert: { type: 'string', enum: ['instant', 'daily'] },
        events: {
          type: 'array',
          items: object({
            stock_code: { type: 'string' },
            kind: { type: 'string', enum: ['added', 'back_in_stock', 'price_changed'] },
            price: nullable(
              object({
                amount: { type: 'string', description: "Decimal, in the search's currency" },
                currency: { type: 'string' },
                unit: { type: 'string', enum: ['stone', 'carat'] },
              }),
            ),
            drop_pct: nullable({ type: 'number', description: 'price_changed: the drop in percent (1 decimal)' }),
          }),
        },
      }),
      {
        saved_search_id: 12,
        name: 'Round 1 ct, G-H, VS',
        alert: 'instant',
        events: [
          {
            stock_code: 'FT-10482',
            kind: 'added',
            price: { amount: '5400.00', currency: 'USD', unit: 'stone' },
            drop_pct: null,
          },
          {
            stock_code: 'FT-10377',
            kind: 'price_changed',
            price: { amount: '4100.00', currency: 'USD', unit: 'stone' },
            drop_pct: 12.5,
          },
        ],
      },
    ),
    'request.updated': event(
      'request.updated',
      'One of your requests moved or was answered (your own endpoints only): its state now',
      object({
        id: { type: 'integer', description: 'The request (GET /requests/{id})' },
        state: { type: 'string', enum: [...REQUEST_STATES] },
        terms: { type: 'string', enum: [...REQUEST_TERMS] },
        carrier_reference: nullable({ type: 'string' }),
      }),
      { id: 318, state: 'confirmed', terms: 'memo', carrier_reference: null },
    ),
  };
}
