/**
 * Which request lines claim which single stones. A line's reserved_diamond_id is the stone it
 * keeps for its buyer: the requested stone from sending until staff answer (kept when
 * confirmed), the offered alternative while the buyer decides and once accepted; nothing when
 * unavailable or refused, or once the request is declined, cancelled or returned. A partial
 * unique index lets one line in the shop claim a stone, so two buyers can never both have it.
 *
 * Every change of a claim writes an `availability_changed` row (fields ['reserved']) to the
 * stock change log, so API Link clients syncing /changes re-read the stone, and bumps the
 * `holds` version (the API Link feed's cache key for hold and reservation state).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bagRequests, diamonds, requestLines, stockChanges } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import { lockStock } from '../link/change-log.ts';
import { bumpVersion } from '../site/versions.ts';
import { enqueueChangeEvents } from '../webhooks/enqueue.ts';
import { announceStockChange } from '../live/notify.ts';

export type Claim = { diamondId: number; userId: number; requestId: number };

/** The claims on these stones (all claimed stones when `ids` is left out). */
export async function claimsOn(db: Db, ids?: readonly number[]): Promise<Claim[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ diamondId: requestLines.reservedDiamondId, userId: bagRequests.userId, requestId: bagRequests.id })
    .from(requestLines)
    .innerJoin(bagRequests, eq(bagRequests.id, requestLines.requestId))
    .where(ids ? inArray(requestLines.reservedDiamondId, [...ids]) : isNotNull(requestLines.reservedDiamondId));
  return rows.map((r) => ({ diamondId: r.diamondId!, userId: r.userId, requestId: r.requestId }));
}

/** Does this buyer's request keep any stone? */
export async function hasClaims(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: requestLines.id })
    .from(requestLines)
    .innerJoin(bagRequests, eq(bagRequests.id, requestLines.requestId))
    .where(and(eq(bagRequests.userId, userId), isNotNull(requestLines.reservedDiamondId)))
    .limit(1);
  return rows.length > 0;
}

/** 409 stone_reserved naming the first stone that a request (another's, or the buyer's own open one) keeps. */
export async function assertUnclaimed(tx: Db, userId: number, ids: readonly number[]): Promise<void> {
  const taken = (await claimsOn(tx, ids))[0];
  if (!taken) return;
  const stone = (await tx.select().from(diamonds).where(eq(diamonds.id, taken.diamondId)).limit(1))[0];
  // named by its stock code only: the internal id is nobody's business (a claim's stone exists)
  const code = stone?.stockCode ?? 'unknown';
  const yours = taken.userId === userId;
  throw new HttpError(409, 'stone_reserved', {
    stockCode: code,
    ...(yours ? { request: taken.requestId } : {}),
    message: yours
      ? `Stone ${code} is already in your request #${taken.requestId}.`
      : `Stone ${code} is reserved for another buyer.`,
  });
}

/** SQLite's and PostgreSQL's "unique index violated", also when wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as never, i++) {
    if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === '23505') return true;
  }
  return false;
}

/** Runs a claim write; a lost race on the unique index answers 409 stone_reserved. */
export async function claiming<T>(write: () => Promise<T>, stockCode: string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new HttpError(409, 'stone_reserved', {
        stockCode,
        message: `Stone ${stockCode} is reserved for another buyer.`,
      });
    throw err;
  }
}

/** Writes one change-log row per stone whose reservation changed (and queues its webhooks). */
export async function recordReservationChange(tx: Db, stockCodes: readonly string[], now: number): Promise<void> {
  const codes = [...new Set(stockCodes)];
  if (codes.length === 0) return;
  await lockStock(tx);
  const at = new Date(now);
  const rows = await tx
    .insert(stockChanges)
    .values(codes.map((stockCode) => ({ stockCode, kind: 'availability_changed' as const, fields: ['reserved'], at })))
    .returning();
  await enqueueChangeEvents(tx, rows, at);
  await announceStockChange(tx);
  await bumpVersion(tx, 'holds');
}

/** Frees every stone a request claims; returns their stock codes. */
export async function releaseClaims(tx: Db, requestId: number, now: number): Promise<string[]> {
  const mine = and(eq(requestLines.requestId, requestId), isNotNull(requestLines.reservedDiamondId));
  const held = await tx
    .select({ code: diamonds.stockCode })
    .from(requestLines)
    .innerJoin(diamonds, eq(diamonds.id, requestLines.reservedDiamondId))
    .where(mine);
  if (held.length === 0) return [];
  await tx
    .update(requestLines)
    .set({ reservedDiamondId: null, updatedAt: new Date(now) })
    .where(mine);
  const codes = held.map((r) => r.code);
  await recordReservationChange(tx, codes, now);
  return codes;
}
