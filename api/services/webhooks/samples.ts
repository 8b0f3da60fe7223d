/**
 * Sample events for `POST /test/events` (API Link): any webhook event type, with a realistic
 * payload of the shape a real delivery of that type has, marked `data.test: true`, queued to
 * the caller's own enabled endpoints that take that type (a trade key's: the live endpoints; a
 * test key's: the test endpoints) and sent (signed, retried) by the worker like every other
 * delivery. The stone named is a real one in stock, so a receiver that
 * looks it up finds it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { first, writeTx } from '../../../db/client.ts';
import { diamonds } from '../../../db/tables.ts';
import { HOLD_HOURS_DEFAULT, holdEnd } from '../../../src/domain/trade/holds.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { latestSeq } from '../link/change-log.ts';
import { holdPayload } from '../trade/hold-events.ts';
import { REQUEST_UPDATED } from '../trade/request-notices.ts';
import { accountDeliveries } from './enqueue.ts';
import { changePayload, SAVED_SEARCH_MATCHED, WEBHOOK_EVENTS, type WebhookEvent } from './model.ts';

/** Every type POST /test/events sends: the documented events (`test` has POST /webhooks/{id}/test). */
export const SAMPLE_EVENT_TYPES = WEBHOOK_EVENTS;
export type SampleEventType = WebhookEvent;

const CHANGED_FIELDS: Partial<Record<WebhookEvent, string[]>> = {
  updated: ['comments'],
  price_changed: ['price'],
  availability_changed: ['availability'],
};

function samplePayload(type: SampleEventType, stockCode: string, seq: number, now: number) {
  const at = new Date(now);
  if (type === REQUEST_UPDATED)
    return {
      type,
      timestamp: at.toISOString(),
      data: { id: 1, state: 'confirmed', terms: 'memo', carrier_reference: null },
    };
  if (type === SAVED_SEARCH_MATCHED)
    return {
      type,
      timestamp: at.toISOString(),
      data: {
        saved_search_id: 1,
        name: 'Round 1 ct, G-H, VS',
        alert: 'instant',
        events: [
          {
            stock_code: stockCode,
            kind: 'added',
            price: { amount: '5400.00', currency: 'USD', unit: 'stone' },
            drop_pct: null,
          },
        ],
      },
    };
  if (type.startsWith('hold.')) {
    const ended = type === 'hold.ended';
    const hold = {
      id: 1,
      expiresAt: new Date(ended ? now : holdEnd(now, type === 'hold.ending' ? 2 : HOLD_HOURS_DEFAULT)),
      endedAt: ended ? at : null,
      endReason: ended ? ('expired' as const) : null,
    };
    return holdPayload(type as 'hold.created', hold, stockCode, at);
  }
  const kind = type as Exclude<WebhookEvent, `hold.${string}` | 'request.updated' | typeof SAVED_SEARCH_MATCHED>;
  return changePayload({ seq: seq + 1, stockCode, kind, fields: CHANGED_FIELDS[kind] ?? [], at });
}

/**
 * Queues a sample `type` event to the account's live endpoints (`test`: its test endpoints);
 * 409 when none of them takes it.
 */
export async function sendSampleEvent(deps: Deps, userId: number, type: SampleEventType, test = false) {
  const now = deps.clock.now();
  const stone = await first(
    deps.db
      .select({ code: diamonds.stockCode })
      .from(diamonds)
      .where(and(eq(diamonds.inStock, true), eq(diamonds.catType, 'Single Item')))
      .orderBy(asc(diamonds.id))
      .limit(1),
  );
  const payload = samplePayload(type, stone?.code ?? 'FT-10482', await latestSeq(deps.db), now);
  const data = { ...(payload.data as Record<string, unknown>), test: true };
  const rows = await writeTx(deps.db, (tx) => accountDeliveries(tx, userId, type, { ...payload, data }, now, test));
  if (rows.length === 0)
    throw new HttpError(409, 'no_webhook_endpoint', {
      type,
      message: `None of your enabled ${test ? 'test ' : ''}webhook endpoints takes ${type} events: register one (POST /webhooks${test ? ' with this test key' : ''}) or add the event to one.`,
    });
  return { type, deliveries: rows.map((r) => ({ id: r.id, webhook_id: r.webhookId, message_id: r.msgId })) };
}
