/**
 * Webhook rules in one place: the event kinds, the limits, the retry schedule, the payload of
 * a change event, and the JSON views of an endpoint and of a delivery.
 */
import { STOCK_CHANGE_KINDS } from '../../../db/tables.ts';
import type { stockChanges, webhookDeliveries, webhooks } from '../../../db/tables.ts';
import { HOLD_EVENTS } from '../../../src/domain/trade/holds.ts';

/** A saved search's alert: its new matches, price drops and stones back in stock. */
export const SAVED_SEARCH_MATCHED = 'saved_search.matched';

/**
 * stock changes (every subscriber); hold events, request.updated and saved_search.matched go
 * to the holder's, buyer's or searcher's own endpoints only
 */
export const WEBHOOK_EVENTS = [...STOCK_CHANGE_KINDS, ...HOLD_EVENTS, 'request.updated', SAVED_SEARCH_MATCHED] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** endpoints per account, of each kind (live ones, and test ones made with a test key) */
export const MAX_WEBHOOKS = 5;
/** attempts per delivery: the first, then one after each step of RETRY_SCHEDULE_S */
export const RETRY_SCHEDULE_S = [5, 30, 120, 600, 3600, 6 * 3600, 12 * 3600];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_S.length + 1;
/** failed deliveries in a row that disable an endpoint */
export const DISABLE_AFTER_FAILURES = 10;
/** ...or this long failing: the first delivery that failed since the last success is older */
export const DISABLE_AFTER_FAILING_MS = 24 * 3600_000;
/** the `type` of "Send test event" */
export const TEST_EVENT = 'test';

/** Delay before attempt `attempts + 1` (after `attempts` failed), with ±20 % jitter, scaled. */
export function retryDelayMs(attempts: number, scale: number, random: () => number = Math.random): number {
  const base = RETRY_SCHEDULE_S[Math.min(attempts, RETRY_SCHEDULE_S.length) - 1] ?? RETRY_SCHEDULE_S[0]!;
  return Math.round(base * 1000 * scale * (0.8 + 0.4 * random()));
}

/** A row of the stock change log (stock_changes), as its writer hands it over. */
export type ChangeEvent = Pick<typeof stockChanges.$inferSelect, 'seq' | 'stockCode' | 'kind' | 'at'> & {
  fields?: string[];
};

/** Standard Webhooks payload: `{ type, timestamp, data }`. */
export function changePayload(change: ChangeEvent): Record<string, unknown> {
  return {
    type: change.kind,
    timestamp: change.at.toISOString(),
    data: { seq: change.seq, stock_code: change.stockCode, kind: change.kind, fields: change.fields ?? [] },
  };
}

/** The `test` event of "Send test event": a sample like every other, marked `data.test: true`. */
export function testPayload(at: Date): Record<string, unknown> {
  return {
    type: TEST_EVENT,
    timestamp: at.toISOString(),
    data: { message: 'This is a test event from API Link.', test: true },
  };
}

/** Does an endpoint subscribed to `events` (empty = all) take `kind`? */
export const wants = (events: readonly string[], kind: string) => events.length === 0 || events.includes(kind);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function webhookView(row: typeof webhooks.$inferSelect) {
  return {
    id: row.id,
    url: row.url,
    events: row.events.length ? row.events : [...WEBHOOK_EVENTS],
    all_events: row.events.length === 0,
    enabled: row.enabled,
    failures_in_a_row: row.failures,
    disabled_at: iso(row.disabledAt),
    test: row.test,
    created_at: iso(row.createdAt),
  };
}

export function deliveryView(row: typeof webhookDeliveries.$inferSelect) {
  return {
    id: row.id,
    message_id: row.msgId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    created_at: iso(row.createdAt),
    delivered_at: iso(row.deliveredAt),
    payload: row.payload,
  };
}
