/**
 * Holds: one trader keeps one in-stock single stone for a while (src/domain/trade/holds.ts
 * has the rules). The functions other trade code uses:
 *
 *   activeHoldOn(db, diamondId, now)              the stone's running hold, if any
 *   lockStones(tx, ids)                           orders writers on these stones (hold vs request)
 *   assertMayRequest(tx, userId, ids, now)        409 stone_on_hold when another buyer holds one
 *   endHoldsOnStone(tx, diamondId, reason, now, exceptUserId?)   ends them (sold, left stock,
 *                                                 confirmed elsewhere); notices follow by the sweep
 *   endOwnHoldsRequested(tx, userId, ids, now)    the buyer's own holds on stones they request
 *   placeHold / releaseHold / extendHold          the buyer's calls
 *
 * Exactly one running hold per stone is the database's rule: a partial unique index on
 * holds(diamond_id) where ended_at is null; the insert is ON CONFLICT DO NOTHING, so the
 * loser of a race gets no row and answers 409 on SQLite and PostgreSQL at either isolation.
 * A hold past its end but not yet swept counts as ended everywhere (reads compare expires_at
 * with the clock) and is closed on the spot when someone holds the stone again.
 */
import { and, count, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { first, writeTx, type Db } from '../../../db/client.ts';
import { configs, diamonds, holds, users, type Hold } from '../../../db/tables.ts';
import {
  HOLD_HOURS_DEFAULT,
  holdableKind,
  holdEnd,
  HOUR_MS,
  type HoldEndReason,
} from '../../../src/domain/trade/holds.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { enqueueHoldEvent, recordHoldChange } from './hold-events.ts';
import { sendPlacedNotices } from './hold-notices.ts';
import { assertUnclaimed } from './request-claims.ts';

export const HOLD_SETTINGS = 'holds';

/** The shop's default hold length in hours (configs `holds`.default_hours; 48 when unset). */
export async function defaultHoldHours(db: Db): Promise<number> {
  const row = await first(db.select().from(configs).where(eq(configs.type, HOLD_SETTINGS)).limit(1));
  const n = Number(row?.fields.default_hours);
  return Number.isInteger(n) && n >= 1 && n <= 168 ? n : HOLD_HOURS_DEFAULT;
}

/** Running: not ended and not past its end. */
export const running = (now: number) => and(isNull(holds.endedAt), gt(holds.expiresAt, new Date(now)));

export function activeHoldOn(db: Db, diamondId: number, now: number): Promise<Hold | undefined> {
  return first(
    db
      .select()
      .from(holds)
      .where(and(eq(holds.diamondId, diamondId), running(now)))
      .limit(1),
  );
}

/**
 * Takes the stones' row locks (an update that changes nothing): a hold and a request for the
 * same stone by two buyers then run one after the other on PostgreSQL (read committed re-reads
 * after the wait; serializable retries), and SQLite has one writer anyway.
 */
export async function lockStones(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await tx
      .update(diamonds)
      .set({ inStock: sql`${diamonds.inStock}` })
      .where(inArray(diamonds.id, ids));
}

/** Refuses (409 stone_on_hold, naming the stone) when another buyer holds any of the stones. */
export async function assertMayRequest(tx: Db, userId: number, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await lockStones(tx, ids);
  const held = await first(
    tx
      .select({ id: diamonds.id, stockCode: diamonds.stockCode })
      .from(holds)
      .innerJoin(diamonds, eq(diamonds.id, holds.diamondId))
      .where(and(inArray(holds.diamondId, [...ids]), running(now), ne(holds.userId, userId)))
      .limit(1),
  );
  if (held) {
    throw new HttpError(409, 'stone_on_hold', {
      stockCode: held.stockCode,
      message: `Stone ${held.stockCode} is on hold for another buyer. It stays in your bag; ask to be told when it is free.`,
    });
  }
}

/** Ends the running holds on a stone (all, or all but `exceptUserId`'s); returns them. */
export async function endHoldsOnStone(
  tx: Db,
  diamondId: number,
  reason: HoldEndReason,
  now: number,
  exceptUserId?: number,
): Promise<Hold[]> {
  const ended = await tx
    .update(holds)
    .set({ endedAt: new Date(now), endReason: reason })
    .where(
      and(
        eq(holds.diamondId, diamondId),
        isNull(holds.endedAt),
        exceptUserId === undefined ? undefined : ne(holds.userId, exceptUserId),
      ),
    )
    .returning();
  if (ended.length) {
    const stone = await first(tx.select({ code: diamonds.stockCode }).from(diamonds).where(eq(diamonds.id, diamondId)));
    if (stone) await recordHoldChange(tx, [stone.code], now);
  }
  return ended;
}

/** A buyer's own running holds on the stones they now request end, turned into the request. */
export async function endOwnHoldsRequested(tx: Db, userId: number, ids: readonly number[], now: number) {
  if (ids.length === 0) return;
  const ended = await tx
    .update(holds)
    .set({ endedAt: new Date(now), endReason: 'requested' })
    .where(and(eq(holds.userId, userId), inArray(holds.diamondId, [...ids]), isNull(holds.endedAt)))
    .returning({ diamondId: holds.diamondId });
  if (ended.length === 0) return;
  const stones = await tx
    .select({ code: diamonds.stockCode })
    .from(diamonds)
    .where(
      inArray(
        diamonds.id,
        ended.map((h) => h.diamondId),
      ),
    );
  await recordHoldChange(
    tx,
    stones.map((s) => s.code),
    now,
  );
}

/**
 * Ends the running holds on stones that left the stock (their `removed` change-log event
 * already tells API Link clients); the holders' e-mails follow from the sweep.
 */
export async function endHoldsOfCodes(tx: Db, codes: readonly string[], reason: HoldEndReason, now: number) {
  if (codes.length === 0) return;
  const ids = tx
    .select({ id: diamonds.id })
    .from(diamonds)
    .where(inArray(diamonds.stockCode, [...codes]));
  await tx
    .update(holds)
    .set({ endedAt: new Date(now), endReason: reason })
    .where(and(isNull(holds.endedAt), inArray(holds.diamondId, ids)));
}

/** Closes holds already past their end (as 'expired', at their end time) on these stones. */
async function closeLapsed(tx: Db, diamondIds: readonly number[], now: number): Promise<void> {
  await tx
    .update(holds)
    .set({ endedAt: sql`${holds.expiresAt}`, endReason: 'expired' })
    .where(and(inArray(holds.diamondId, [...diamondIds]), isNull(holds.endedAt), lte(holds.expiresAt, new Date(now))));
}

export async function countRunning(db: Db, userId: number, now: number): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(holds)
      .where(and(eq(holds.userId, userId), running(now))),
  );
  return Number(row?.n ?? 0);
}

type Stone = typeof diamonds.$inferSelect;
export type Placed = { hold: Hold; stone: Stone };

/** The stone a hold names, or 404 unknown stone, 400 parcel, 409 gone (real and test holds alike). */
export async function holdableStone(tx: Db, where: { diamondId: number } | { stockCode: string }): Promise<Stone> {
  const stone = await first(
    tx
      .select()
      .from(diamonds)
      .where('diamondId' in where ? eq(diamonds.id, where.diamondId) : eq(diamonds.stockCode, where.stockCode))
      .limit(1),
  );
  if (!stone) throw new HttpError(404, 'stone_not_found');
  if (!holdableKind(stone.catType))
    throw new HttpError(400, 'hold_single_only', {
      message: 'Only single stones can be held; send a request for a parcel.',
    });
  if (!stone.inStock) throw new HttpError(409, 'stone_unavailable', { stockCode: stone.stockCode });
  return stone;
}

/** 409 when the stone is on a running hold (yours or another's) or in another buyer's request. */
export async function assertFreeToHold(tx: Db, stone: Stone, userId: number, now: number): Promise<void> {
  const current = await activeHoldOn(tx, stone.id, now);
  if (current) throw onHold(stone, current.userId === userId);
  // a stone in a request is reserved: another buyer's, or already the caller's own (no hold needed)
  await assertUnclaimed(tx, userId, [stone.id]);
}

/** Locks the customer's row (their holds are counted one call at a time) and returns it. */
export async function lockHolder(tx: Db, userId: number) {
  return (
    await tx
      .update(users)
      .set({ maxHolds: sql`${users.maxHolds}` })
      .where(eq(users.id, userId))
      .returning()
  )[0]!;
}

export const holdLimitError = (max: number) =>
  new HttpError(409, 'hold_limit', { max, message: `You can hold at most ${max} stones at once.` });

/** Places a hold (201) or refuses: 404 unknown stone, 400 parcel, 409 gone / on hold / limit. */
export async function placeHold(
  deps: Deps,
  userId: number,
  where: { diamondId: number } | { stockCode: string },
  hours?: number,
): Promise<Placed> {
  const now = deps.clock.now();
  const placed = await writeTx(deps.db, async (tx) => {
    const stone = await holdableStone(tx, where);
    const user = await lockHolder(tx, userId);
    await lockStones(tx, [stone.id]);
    await closeLapsed(tx, [stone.id], now);
    await assertFreeToHold(tx, stone, userId, now);
    if ((await countRunning(tx, userId, now)) >= user.maxHolds) throw holdLimitError(user.maxHolds);
    const length = hours ?? (await defaultHoldHours(tx));
    const hold = (
      await tx
        .insert(holds)
        .values({ diamondId: stone.id, userId, createdAt: new Date(now), expiresAt: new Date(holdEnd(now, length)) })
        .onConflictDoNothing()
        .returning()
    )[0];
    if (!hold) throw onHold(stone, false);
    await recordHoldChange(tx, [stone.stockCode], now);
    await enqueueHoldEvent(tx, 'hold.created', hold, stone.stockCode, now);
    return { hold, stone, user };
  });
  await sendPlacedNotices(deps, placed.user, placed.stone, placed.hold);
  return { hold: placed.hold, stone: placed.stone };
}

function onHold(stone: Stone, yours: boolean): HttpError {
  return yours
    ? new HttpError(409, 'already_held_by_you', { stockCode: stone.stockCode })
    : new HttpError(409, 'stone_on_hold', {
        stockCode: stone.stockCode,
        message: `Stone ${stone.stockCode} is on hold for another buyer.`,
      });
}

async function ownRunning(tx: Db, userId: number, holdId: number, now: number): Promise<Hold> {
  const hold = await first(
    tx
      .select()
      .from(holds)
      .where(and(eq(holds.id, holdId), eq(holds.userId, userId))),
  );
  if (!hold) throw new HttpError(404, 'hold_not_found');
  if (hold.endedAt || hold.expiresAt.getTime() <= now) throw new HttpError(409, 'hold_ended');
  return hold;
}

/** The holder ends a hold early. */
export function releaseHold(deps: Deps, userId: number, holdId: number): Promise<Hold> {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    await ownRunning(tx, userId, holdId, now);
    const ended = await endHold(tx, holdId, 'released', now);
    if (!ended) throw new HttpError(409, 'hold_ended');
    return ended;
  });
}

/** Ends one running hold (conditional: a concurrent end wins once); records the change. */
export async function endHold(tx: Db, holdId: number, reason: HoldEndReason, now: number): Promise<Hold | undefined> {
  const ended = (
    await tx
      .update(holds)
      .set({ endedAt: new Date(now), endReason: reason })
      .where(and(eq(holds.id, holdId), isNull(holds.endedAt)))
      .returning()
  )[0];
  if (ended) {
    const stone = await first(
      tx.select({ code: diamonds.stockCode }).from(diamonds).where(eq(diamonds.id, ended.diamondId)),
    );
    if (stone) await recordHoldChange(tx, [stone.code], now);
  }
  return ended;
}

/** The holder extends a hold once (when staff allow it) by the shop's default length. */
export function extendHold(deps: Deps, userId: number, holdId: number): Promise<Hold> {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const hold = await ownRunning(tx, userId, holdId, now);
    const user = await first(tx.select().from(users).where(eq(users.id, userId)));
    if (!user?.holdExtendAllowed) throw new HttpError(403, 'hold_extend_not_allowed');
    if (hold.extended) throw new HttpError(409, 'hold_already_extended');
    const hours = await defaultHoldHours(tx);
    const next = (
      await tx
        .update(holds)
        .set({
          extended: true,
          expiresAt: new Date(hold.expiresAt.getTime() + hours * HOUR_MS),
          endingNotifiedAt: null,
        })
        .where(and(eq(holds.id, holdId), eq(holds.extended, false), isNull(holds.endedAt)))
        .returning()
    )[0];
    if (!next) throw new HttpError(409, 'hold_already_extended');
    return next;
  });
}
