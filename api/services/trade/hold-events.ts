/**
 * What a hold tells the outside, written in the hold's own transaction:
 * - `recordHoldChange(tx, stockCodes, now)`: one `availability_changed` row per stone in the
 *   stock change log (fields ['on_hold']), so an API Link client syncing /changes re-reads the
 *   stone; every subscribed webhook endpoint gets it as usual. It takes the stock version's
 *   row lock without moving it (the catalogue's prebuilt bodies carry no hold state, so they
 *   stay valid) and bumps the `holds` version instead (the API Link feed's cache key).
 * - `enqueueHoldEvent(tx, userId, type, hold, now)`: `hold.created`, `hold.ending` or
 *   `hold.ended` to the holder's own enabled endpoints (approved, with API Link); never to
 *   anyone else, since who holds a stone is private.
 */
import type { Db } from '../../../db/client.ts';
import { stockChanges, type Hold } from '../../../db/tables.ts';
import { lockStock } from '../link/change-log.ts';
import { bumpVersion } from '../site/versions.ts';
import { enqueueChangeEvents, enqueueForAccount } from '../webhooks/enqueue.ts';
import { announceStockChange } from '../live/notify.ts';
import type { HoldEvent } from '../../../src/domain/trade/holds.ts';

export async function recordHoldChange(tx: Db, stockCodes: readonly string[], now: number): Promise<void> {
  if (stockCodes.length === 0) return;
  await lockStock(tx);
  const at = new Date(now);
  const rows = await tx
    .insert(stockChanges)
    .values(
      stockCodes.map((stockCode) => ({ stockCode, kind: 'availability_changed' as const, fields: ['on_hold'], at })),
    )
    .returning();
  await enqueueChangeEvents(tx, rows, at);
  await announceStockChange(tx);
  await bumpVersion(tx, 'holds');
}

/** The webhook payload of a hold event (Standard Webhooks: type, timestamp, data). */
export function holdPayload(
  type: HoldEvent,
  hold: Pick<Hold, 'id' | 'expiresAt' | 'endedAt' | 'endReason'>,
  stockCode: string,
  at: Date,
): Record<string, unknown> {
  return {
    type,
    timestamp: at.toISOString(),
    data: {
      id: hold.id,
      stock_code: stockCode,
      expires_at: hold.expiresAt.toISOString(),
      ended_at: hold.endedAt ? hold.endedAt.toISOString() : null,
      end_reason: hold.endReason,
    },
  };
}

export async function enqueueHoldEvent(
  tx: Db,
  type: HoldEvent,
  hold: Hold,
  stockCode: string,
  now: number,
): Promise<number> {
  return enqueueForAccount(tx, hold.userId, type, holdPayload(type, hold, stockCode, new Date(now)), now);
}
