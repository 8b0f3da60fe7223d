/**
 * The hold sweep, one per app node (started by api/server.ts beside the webhook worker): each
 * second it
 * 1. ends the holds past their end (one conditional UPDATE ... WHERE ended_at IS NULL AND
 *    expires_at <= now: a hold is ended by one node only) and writes their change-log rows in
 *    the same transaction;
 * 2. sends the "ends in 2 hours" notices now due, and
 * 3. the notices of every ended hold not yet told (hold-notices.ts claims each with a lease,
 *    so a node killed mid-notice leaves it to the next pass of any node, within LEASE_MS).
 *
 *   const sweep = startHoldSweep(deps);   // polls until sweep.stop()
 *   await sweep.runOnce();                // tests: one pass; { ended, notices }
 */
import { and, asc, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { diamonds, holds } from '../../../db/tables.ts';
import { ENDING_NOTICE_MS } from '../../../src/domain/trade/holds.ts';
import type { Deps } from '../../types.ts';
import { recordHoldChange } from './hold-events.ts';
import { startPoller, type Poller } from '../platform/poller.ts';
import { sendEndedNotices, sendEndingNotice } from './hold-notices.ts';

export type SweepPass = { ended: number; notices: number };
export type HoldSweep = Poller<SweepPass>;

const EXPIRE_BATCH = 1000;
const NOTICE_BATCH = 50;

/** Ends every hold past its end, in batches; returns how many this node ended. */
export async function expireHolds(db: Db, now: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { due, ended } = await writeTx(db, async (tx) => {
      const ids = (
        await tx
          .select({ id: holds.id })
          .from(holds)
          .where(and(isNull(holds.endedAt), lte(holds.expiresAt, new Date(now))))
          .limit(EXPIRE_BATCH)
      ).map((d) => d.id);
      if (ids.length === 0) return { due: 0, ended: 0 };
      // the condition is the claim: a hold another node ended meanwhile is not ended again
      const rows = await tx
        .update(holds)
        .set({ endedAt: new Date(now), endReason: 'expired' })
        .where(and(inArray(holds.id, ids), isNull(holds.endedAt)))
        .returning({ diamondId: holds.diamondId });
      if (rows.length) {
        const stones = rows.map((r) => r.diamondId);
        const codes = await tx.select({ code: diamonds.stockCode }).from(diamonds).where(inArray(diamonds.id, stones));
        await recordHoldChange(
          tx,
          codes.map((c) => c.code),
          now,
        );
      }
      return { due: ids.length, ended: rows.length };
    });
    total += ended;
    if (due < EXPIRE_BATCH) return total;
  }
}

/** Sends the notices now due, up to a batch of each kind; returns how many this node sent. */
export async function sendDueNotices(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const ending = await deps.db
    .select()
    .from(holds)
    .where(
      and(
        isNull(holds.endedAt),
        isNull(holds.endingNotifiedAt),
        gt(holds.expiresAt, new Date(now)),
        lte(holds.expiresAt, new Date(now + ENDING_NOTICE_MS)),
      ),
    )
    .orderBy(asc(holds.expiresAt))
    .limit(NOTICE_BATCH);
  const ended = await deps.db
    .select()
    .from(holds)
    .where(and(isNull(holds.endedNotifiedAt), isNotNull(holds.endedAt)))
    .orderBy(asc(holds.endedAt))
    .limit(NOTICE_BATCH);
  let sent = 0;
  for (const h of ending) if (await sendEndingNotice(deps, h)) sent++;
  for (const h of ended) if (await sendEndedNotices(deps, h)) sent++;
  return sent;
}

export function startHoldSweep(deps: Deps, opts: { intervalMs?: number; poll?: boolean } = {}): HoldSweep {
  return startPoller(
    'holds',
    async (stopped) => {
      const ended = await expireHolds(deps.db, deps.clock.now());
      const notices = stopped() ? 0 : await sendDueNotices(deps);
      return { ended, notices };
    },
    opts,
  );
}
