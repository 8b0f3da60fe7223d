/**
 * One attempt of one delivery, safe with several app nodes and workers:
 *
 * 1. claim: `UPDATE webhook_deliveries SET attempts = n + 1, next_attempt_at = now + lease
 *    WHERE id = ? AND status = 'pending' AND attempts = n AND next_attempt_at <= now`. Only the
 *    caller whose update touched the row sends attempt n + 1; a node that dies mid-send leaves
 *    the row due again once the lease has passed.
 * 2. send, signed (Standard Webhooks), with the SSRF guard at connect time and a 10 s timeout.
 * 3. record: 2xx = delivered (and the endpoint's failures-in-a-row reset); otherwise the next
 *    attempt is scheduled with back-off and jitter, or, after the last, the delivery is failed
 *    and counted against the endpoint, which is disabled after DISABLE_AFTER_FAILURES failed
 *    deliveries in a row, or once its deliveries have failed for 24 hours since the last success,
 *    with an e-mail to the customer. A test event has one attempt and
 *    counts against nothing. Every attempt is logged (one line) and kept on the row (attempts,
 *    last status, last error).
 */
import { and, eq, gt, lte, max, min, ne, sql } from 'drizzle-orm';
import { changes, first, writeTx, type Db } from '../../../db/client.ts';
import { users, webhookDeliveries, webhooks } from '../../../db/tables.ts';
import { siteOf } from '../accounts/accounts.ts';
import * as templates from '../accounts/email-templates.ts';
import type { Deps } from '../../types.ts';
import { DISABLE_AFTER_FAILING_MS, DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, retryDelayMs, TEST_EVENT } from './model.ts';
import { SEND_TIMEOUT_MS, sendWebhook, type SendResult } from './send.ts';
import { signedHeaders } from './signing.ts';
import { logger } from '../platform/logger.ts';
import { webhookOutcomes } from '../platform/metrics.ts';

export type Delivery = typeof webhookDeliveries.$inferSelect;
/** How long a claimed attempt is held before another node may take the row again. */
export const CLAIM_LEASE_MS = SEND_TIMEOUT_MS + 60_000;

/** One log line per attempt (and per endpoint disabled); quiet in tests. */
const log = (deps: Deps, line: string) => {
  if (deps.config.NODE_ENV !== 'test') logger.info({ worker: 'webhooks' }, line);
};

export const policyOf = (deps: Pick<Deps, 'config'>) => ({ allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK });

/** Claims the next attempt of `row` (as read); true when this caller may send it. */
export async function claimAttempt(db: Db, row: Delivery, now: number): Promise<boolean> {
  const result = await db
    .update(webhookDeliveries)
    .set({ attempts: row.attempts + 1, nextAttemptAt: new Date(now + CLAIM_LEASE_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, row.id),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, row.attempts),
        lte(webhookDeliveries.nextAttemptAt, new Date(now)),
      ),
    );
  return changes(result) === 1;
}

type Target = { url: string; secret: string; enabled: boolean; usable: boolean };

async function targetOf(db: Db, webhookId: number): Promise<Target | undefined> {
  const row = await first(
    db
      .select({
        url: webhooks.url,
        secret: webhooks.secret,
        enabled: webhooks.enabled,
        status: users.status,
        apiAllow: users.apiAllow,
      })
      .from(webhooks)
      .innerJoin(users, eq(users.id, webhooks.userId))
      .where(eq(webhooks.id, webhookId))
      .limit(1),
  );
  return row && { ...row, usable: row.status === 'approved' && row.apiAllow };
}

/** Claims and makes one attempt of `row`; returns the row as it is afterwards, or null if another took it. */
export async function attemptDelivery(deps: Deps, row: Delivery): Promise<Delivery | null> {
  const now = deps.clock.now();
  if (!(await claimAttempt(deps.db, row, now))) return null;
  const attempt = row.attempts + 1;
  const target = await targetOf(deps.db, row.webhookId);
  let result: SendResult;
  let sent = false;
  if (!target) result = { ok: false, status: null, error: 'endpoint deleted' };
  else if (!target.usable) result = { ok: false, status: null, error: 'API Link access withdrawn' };
  else if (!target.enabled && row.type !== TEST_EVENT) result = { ok: false, status: null, error: 'endpoint disabled' };
  else {
    const body = JSON.stringify(row.payload);
    const headers = signedHeaders(target.secret, row.msgId, new Date(now), body);
    result = await sendWebhook(target.url, headers, body, policyOf(deps));
    sent = true;
  }
  log(
    deps,
    `delivery ${row.id} (${row.type}) to endpoint ${row.webhookId}, attempt ${attempt}: ${result.ok ? `delivered ${result.status}` : `failed ${result.error}`}`,
  );
  const final =
    !result.ok && (attempt >= MAX_ATTEMPTS || row.type === TEST_EVENT || !target?.enabled || !target.usable);
  webhookOutcomes.inc({ outcome: result.ok ? 'delivered' : final ? 'failed' : 'retry' });
  // only what was really sent counts against the endpoint (test events never do)
  return recordAttempt(deps, row, attempt, result, final, sent && row.type !== TEST_EVENT);
}

async function recordAttempt(
  deps: Deps,
  row: Delivery,
  attempt: number,
  result: SendResult,
  final: boolean,
  counts: boolean,
): Promise<Delivery> {
  const now = deps.clock.now();
  const disabled = await writeTx(deps.db, async (tx) => {
    const base = { lastStatus: result.status, lastError: result.error };
    const mine = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, attempt));
    if (result.ok) {
      await tx
        .update(webhookDeliveries)
        .set({ ...base, status: 'delivered', deliveredAt: new Date(now) })
        .where(mine);
      if (counts) await tx.update(webhooks).set({ failures: 0 }).where(eq(webhooks.id, row.webhookId));
      return null;
    }
    if (!final) {
      const next = new Date(now + retryDelayMs(attempt, deps.config.WEBHOOKS_RETRY_SCALE));
      await tx
        .update(webhookDeliveries)
        .set({ ...base, nextAttemptAt: next })
        .where(mine);
      return null;
    }
    await tx
      .update(webhookDeliveries)
      .set({ ...base, status: 'failed' })
      .where(mine);
    if (!counts) return null;
    const hook = await first(
      tx
        .update(webhooks)
        .set({ failures: sql`${webhooks.failures} + 1` })
        .where(eq(webhooks.id, row.webhookId))
        .returning(),
    );
    if (!hook || !hook.enabled) return null;
    if (hook.failures < DISABLE_AFTER_FAILURES && !(await failingSinceADay(tx, hook.id, now))) return null;
    const off = await tx
      .update(webhooks)
      .set({ enabled: false, disabledAt: new Date(now) })
      .where(and(eq(webhooks.id, hook.id), eq(webhooks.enabled, true)));
    return changes(off) === 1 ? hook : null;
  });
  if (disabled) await tellDisabled(deps, disabled, result.error ?? 'failed');
  return (await first(deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id))))!;
}

/** Has every delivery to the endpoint failed for DISABLE_AFTER_FAILING_MS (test events aside)? */
async function failingSinceADay(db: Db, webhookId: number, now: number): Promise<boolean> {
  const mine = and(eq(webhookDeliveries.webhookId, webhookId), ne(webhookDeliveries.type, TEST_EVENT));
  const [{ success } = { success: null }] = await db
    .select({ success: max(webhookDeliveries.deliveredAt) })
    .from(webhookDeliveries)
    .where(and(mine, eq(webhookDeliveries.status, 'delivered')));
  const [{ since } = { since: null }] = await db
    .select({ since: min(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(
      and(mine, eq(webhookDeliveries.status, 'failed'), success ? gt(webhookDeliveries.createdAt, success) : undefined),
    );
  return since !== null && now - new Date(since).getTime() >= DISABLE_AFTER_FAILING_MS;
}

async function tellDisabled(deps: Deps, hook: typeof webhooks.$inferSelect, lastError: string): Promise<void> {
  const user = await first(deps.db.select().from(users).where(eq(users.id, hook.userId)));
  if (!user) return;
  log(deps, `endpoint ${hook.id} disabled after ${hook.failures} failed deliveries in a row`);
  const reason = `${hook.failures} deliveries in a row failed; the last error was: ${lastError}`;
  await deps.mailer.send(templates.webhookDisabled(await siteOf(deps), user.email, user.firstName, hook.url, reason));
}

/** Deliveries whose next attempt is due, oldest first. */
export function dueDeliveries(db: Db, now: number, limit: number): Promise<Delivery[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, new Date(now))))
    .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
    .limit(limit);
}
