/**
 * Holds made with an API Link test key (scope `test`, api/link/scopes.ts): a developer builds
 * the hold flow of an integration against the live stock without keeping a stone from anyone.
 *
 * - Validated as real holds (holds.ts: unknown stone 404, parcel 400, gone, on a real hold or
 *   reserved by a request 409; the account's hold limit counts its running test holds) and
 *   answered in the same shape, with `test: true`.
 * - Kept in their own table (test_holds), which nothing that reads stock state looks at: no
 *   other trader sees the stone on hold, requests and real holds pass, the change log and the
 *   feed do not move, no e-mail goes to the buyer or the staff, and the sweep never sees them.
 * - `hold.created` and `hold.ended` (on release) go to the account's own test webhook endpoints
 *   (made with a test key; never its live ones), with `data.test: true`.
 */
import { and, asc, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { first, writeTx, type Db } from '../../../db/client.ts';
import { diamonds, testHolds, type TestHold } from '../../../db/tables.ts';
import { holdEnd, type HoldEvent } from '../../../src/domain/trade/holds.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { enqueueForAccount } from '../webhooks/enqueue.ts';
import { holdPayload } from './hold-events.ts';
import { assertFreeToHold, defaultHoldHours, holdableStone, holdLimitError, lockHolder } from './holds.ts';

const runningTest = (now: number) => and(isNull(testHolds.endedAt), gt(testHolds.expiresAt, new Date(now)));

async function tell(tx: Db, type: HoldEvent, hold: TestHold, stockCode: string, now: number): Promise<void> {
  const payload = holdPayload(type, hold, stockCode, new Date(now));
  const data = { ...(payload.data as Record<string, unknown>), test: true };
  await enqueueForAccount(tx, hold.userId, type, { ...payload, data }, now, true);
}

/** A test hold on `stockCode` for `hours` (default: the shop's hold length), or the real hold's refusal. */
export async function placeTestHold(
  deps: Deps,
  userId: number,
  stockCode: string,
  hours?: number,
): Promise<{ hold: TestHold; stockCode: string }> {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const stone = await holdableStone(tx, { stockCode });
    const user = await lockHolder(tx, userId);
    await assertFreeToHold(tx, stone, userId, now);
    // a lapsed test hold on this stone is closed (at its end), so that the stone may be held again
    await tx
      .update(testHolds)
      .set({ endedAt: sql`${testHolds.expiresAt}`, endReason: 'expired' })
      .where(
        and(
          eq(testHolds.userId, userId),
          eq(testHolds.diamondId, stone.id),
          isNull(testHolds.endedAt),
          lte(testHolds.expiresAt, new Date(now)),
        ),
      );
    const mine = await first(
      tx
        .select({ n: count() })
        .from(testHolds)
        .where(and(eq(testHolds.userId, userId), runningTest(now))),
    );
    if (Number(mine?.n ?? 0) >= user.maxHolds) throw holdLimitError(user.maxHolds);
    const length = hours ?? (await defaultHoldHours(tx));
    const hold = (
      await tx
        .insert(testHolds)
        .values({ diamondId: stone.id, userId, createdAt: new Date(now), expiresAt: new Date(holdEnd(now, length)) })
        .onConflictDoNothing()
        .returning()
    )[0];
    if (!hold) throw new HttpError(409, 'already_held_by_you', { stockCode: stone.stockCode });
    await tell(tx, 'hold.created', hold, stone.stockCode, now);
    return { hold, stockCode: stone.stockCode };
  });
}

/** The account's running test holds, soonest end first. */
export async function listTestHolds(db: Db, userId: number, now: number) {
  return db
    .select({ hold: testHolds, stockCode: diamonds.stockCode })
    .from(testHolds)
    .innerJoin(diamonds, eq(diamonds.id, testHolds.diamondId))
    .where(and(eq(testHolds.userId, userId), runningTest(now)))
    .orderBy(asc(testHolds.expiresAt), asc(testHolds.id));
}

/** Releases a running test hold: 404 hold_not_found (not the account's), 409 hold_ended. */
export function releaseTestHold(deps: Deps, userId: number, id: number) {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const found = await first(
      tx
        .select({ hold: testHolds, stockCode: diamonds.stockCode })
        .from(testHolds)
        .innerJoin(diamonds, eq(diamonds.id, testHolds.diamondId))
        .where(and(eq(testHolds.id, id), eq(testHolds.userId, userId))),
    );
    if (!found) throw new HttpError(404, 'hold_not_found');
    const ended = (
      await tx
        .update(testHolds)
        .set({ endedAt: new Date(now), endReason: 'released' })
        .where(and(eq(testHolds.id, id), runningTest(now)))
        .returning()
    )[0];
    if (!ended) throw new HttpError(409, 'hold_ended');
    await tell(tx, 'hold.ended', ended, found.stockCode, now);
    return { hold: ended, stockCode: found.stockCode };
  });
}
