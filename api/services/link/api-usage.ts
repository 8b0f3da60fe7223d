/**
 * API Link usage: one row per key and UTC day (calls, errors = 4xx/5xx answers, bytes sent),
 * read back as a zero-filled series of days for the customer's chart and the staff's customer
 * screen. Calls are added up in memory and written once a second, one upsert per key and day
 * (a write per call cost more than the call itself on SQLite, which syncs every commit); every
 * reader in this process writes the pending figures first, and a shutdown writes them before it
 * closes the database (`closeWithUsage`). Several nodes each add their own.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { apiKeys, apiUsage } from '../../../db/tables.ts';
import { logger } from '../platform/logger.ts';

export type UsageDay = { day: string; calls: number; errors: number; bytes: number };

const DAY_MS = 86_400_000;
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Figures = Omit<UsageDay, 'day'>;
const FLUSH_MS = 1000;
const pending = new Map<Db, Map<string, { keyId: number; day: string; add: Figures }>>();
const timers = new Map<Db, ReturnType<typeof setTimeout>>();

/** Counts one call's figures for the key's row of the day (written within a second). */
export function recordUsage(db: Db, keyId: number, day: string, add: Figures): void {
  let perDb = pending.get(db);
  if (!perDb) pending.set(db, (perDb = new Map()));
  const id = `${keyId}|${day}`;
  const row = perDb.get(id);
  if (row) {
    row.add.calls += add.calls;
    row.add.errors += add.errors;
    row.add.bytes += add.bytes;
  } else perDb.set(id, { keyId, day, add: { ...add } });
  if (!timers.has(db)) {
    const timer = setTimeout(() => {
      flushUsage(db).catch((err: unknown) => logger.error({ err }, 'API Link usage not recorded'));
    }, FLUSH_MS);
    timer.unref();
    timers.set(db, timer);
  }
}

/** Writes the figures counted so far (one upsert per key and day, on both engines). */
export async function flushUsage(db: Db): Promise<void> {
  clearTimeout(timers.get(db));
  timers.delete(db);
  const rows = pending.get(db);
  pending.delete(db);
  for (const { keyId, day, add } of rows?.values() ?? []) await addUsage(db, keyId, day, add);
}

/** A shutdown's last write: the figures counted so far, then the database closed (a failed write is logged). */
export async function closeWithUsage(db: Db): Promise<void> {
  await flushUsage(db).catch((err: unknown) => logger.error({ err }, 'API Link usage not recorded'));
  await db.close();
}

async function addUsage(db: Db, keyId: number, day: string, add: Figures): Promise<void> {
  await db
    .insert(apiUsage)
    .values({ keyId, day, ...add })
    .onConflictDoUpdate({
      target: [apiUsage.keyId, apiUsage.day],
      set: {
        calls: sql`${apiUsage.calls} + ${add.calls}`,
        errors: sql`${apiUsage.errors} + ${add.errors}`,
        bytes: sql`${apiUsage.bytes} + ${add.bytes}`,
      },
    });
}

/** One key's figures for the UTC day of `now` (zeros when unused). */
export async function keyUsageOn(db: Db, keyId: number, day: string): Promise<UsageDay> {
  await flushUsage(db);
  const row = (
    await db
      .select()
      .from(apiUsage)
      .where(and(eq(apiUsage.keyId, keyId), eq(apiUsage.day, day)))
      .limit(1)
  )[0];
  return { day, calls: row?.calls ?? 0, errors: row?.errors ?? 0, bytes: row?.bytes ?? 0 };
}

/** The account's usage over all its keys (revoked ones too), for the last `days` UTC days, oldest first. */
export async function accountUsage(db: Db, userId: number, now: number, days = 30): Promise<UsageDay[]> {
  await flushUsage(db);
  const from = utcDay(now - (days - 1) * DAY_MS);
  const keyIds = db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, userId));
  const rows = await db
    .select({
      day: apiUsage.day,
      calls: sql<number>`sum(${apiUsage.calls})`.mapWith(Number),
      errors: sql<number>`sum(${apiUsage.errors})`.mapWith(Number),
      bytes: sql<number>`sum(${apiUsage.bytes})`.mapWith(Number),
    })
    .from(apiUsage)
    .where(and(inArray(apiUsage.keyId, keyIds), gte(apiUsage.day, from)))
    .groupBy(apiUsage.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = utcDay(now - (days - 1 - i) * DAY_MS);
    const r = byDay.get(day);
    return { day, calls: r?.calls ?? 0, errors: r?.errors ?? 0, bytes: r?.bytes ?? 0 };
  });
}
