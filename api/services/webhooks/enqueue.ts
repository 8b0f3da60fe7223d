/**
 * `enqueueChangeEvents(tx, changes)`: called by the stock change-log writer inside its own
 * transaction, it writes one webhook_deliveries row per change and per enabled live endpoint
 * that takes that kind of event, of an approved account that still has API Link (`api_allow`).
 * `enqueueForAccount(tx, userId, type, payload, now, test?)`: one event (a hold's or a request's)
 * for that account's own endpoints only, under the same conditions: its live endpoints, or,
 * with `test` (what a test key did, marked `data.test: true`), its test endpoints only.
 * A test endpoint (made with a test key) never gets a real event, a live one never gets what a
 * test key did (docs/decisions/017-test-keys-and-webhooks.md).
 * The worker sends them (api/services/webhooks/worker.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, webhookDeliveries, webhooks } from '../../../db/tables.ts';
import { changePayload, wants, type ChangeEvent } from './model.ts';
import { newMessageId } from './signing.ts';

const CHUNK = 200;

export async function enqueueChangeEvents(tx: Db, changes: ChangeEvent[], now: Date = new Date()): Promise<number> {
  if (changes.length === 0) return 0;
  const hooks = await tx
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .innerJoin(users, eq(users.id, webhooks.userId))
    .where(
      and(eq(webhooks.enabled, true), eq(webhooks.test, false), eq(users.status, 'approved'), eq(users.apiAllow, true)),
    );
  if (hooks.length === 0) return 0;
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const change of changes) {
    for (const hook of hooks) {
      if (!wants(hook.events, change.kind)) continue;
      rows.push({
        webhookId: hook.id,
        msgId: newMessageId(),
        type: change.kind,
        payload: changePayload(change),
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(webhookDeliveries).values(rows.slice(i, i + CHUNK));
  return rows.length;
}

/**
 * One event for one account's own enabled endpoints that take it (approved, with API Link):
 * its live endpoints, or its test endpoints when `test`.
 */
export async function enqueueForAccount(
  tx: Db,
  userId: number,
  type: string,
  payload: Record<string, unknown>,
  now: number,
  test = false,
): Promise<number> {
  return (await accountDeliveries(tx, userId, type, payload, now, test)).length;
}

/** enqueueForAccount, answering the delivery rows it wrote. */
export async function accountDeliveries(
  tx: Db,
  userId: number,
  type: string,
  payload: Record<string, unknown>,
  now: number,
  test = false,
): Promise<(typeof webhookDeliveries.$inferSelect)[]> {
  const hooks = await tx
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .innerJoin(users, eq(users.id, webhooks.userId))
    .where(
      and(
        eq(webhooks.userId, userId),
        eq(webhooks.enabled, true),
        eq(webhooks.test, test),
        eq(users.status, 'approved'),
        eq(users.apiAllow, true),
      ),
    );
  const at = new Date(now);
  const rows = hooks
    .filter((h) => wants(h.events, type))
    .map((h) => ({ webhookId: h.id, msgId: newMessageId(), type, payload, nextAttemptAt: at, createdAt: at }));
  return rows.length ? await tx.insert(webhookDeliveries).values(rows).returning() : [];
}
