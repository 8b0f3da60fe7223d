/**
 * Where requests meet holds (trade/holds.ts): a stone another buyer holds cannot be offered
 * as an alternative or confirmed (409 stone_on_hold); confirming a request ends other buyers'
 * holds on what it keeps (reason confirmed_elsewhere; the holders hear as holds tell them).
 */
import type { Db } from '../../../db/client.ts';
import { lineKept } from '../../../src/domain/trade/request-lifecycle.ts';
import { assertMayRequest, endHoldsOnStone } from './holds.ts';
import type { LineRow } from './request-records.ts';

export const assertStoneFreeOfHolds = (tx: Db, userId: number, diamondId: number, now: number) =>
  assertMayRequest(tx, userId, [diamondId], now);

/** Ends other buyers' holds on the stones a confirmed request keeps; returns how many ended. */
export async function endHoldsForConfirmed(tx: Db, buyerId: number, lines: readonly LineRow[], now: number) {
  let ended = 0;
  for (const l of lines) {
    const stone = l.answer === 'alternative' ? l.altDiamondId : l.diamondId;
    if (l.type !== 'single' || stone == null || !lineKept(l)) continue;
    ended += (await endHoldsOnStone(tx, stone, 'confirmed_elsewhere', now, buyerId)).length;
  }
  return ended;
}
