/**
 * The stock source scheduler, one per app node (started by api/server.ts beside the hold
 * sweep): every STOCK_SOURCE_TICK_MS (30 s) it runs the sources now due (`nextRunAt` reached,
 * not paused). A node claims a due time by one conditional update moving its `nextRunAt` on
 * (`WHERE next_run_at = <the value it read>`): only one node's update wins, so a time runs
 * exactly once across every node. The run then takes the source's lease (claim.ts), which a
 * Run now holds too: a source already running skips that time.
 *
 * A node killed mid-run leaves the stock as it was (the import is one transaction) and stops
 * renewing its lease. Once the lease lapses, the next tick of any node takes the run over: it
 * is marked `interrupted` and the source runs again at once (not when the run before was
 * interrupted too: then it waits for its next time).
 *
 *   const scheduler = startSourceScheduler(deps);   // polls until scheduler.stop()
 *   await runDueSources(deps);                      // tests: one pass on the app's clock
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { stockSources } from '../../../db/tables.ts';
import type { Deps } from '../../types.ts';
import { startPoller, type Poller } from '../platform/poller.ts';
import { claimSource, mayRetry, orphanedSources } from './claim.ts';
import { runClaimed, type SourceRunResult } from './run.ts';
import { nextRunAfter } from './schedule.ts';

/**
 * Takes over the runs of dead nodes, then runs every source due at the clock's now that this
 * node claims; answers their runs.
 */
export async function runDueSources(deps: Deps, stopped: () => boolean = () => false): Promise<SourceRunResult[]> {
  const runs = await takeOverOrphans(deps, stopped);
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(stockSources)
    .where(and(eq(stockSources.paused, false), lte(stockSources.nextRunAt, new Date(now))))
    .orderBy(asc(stockSources.nextRunAt));
  for (const s of due) {
    if (stopped()) break;
    const claimed = await deps.db
      .update(stockSources)
      .set({ nextRunAt: nextRunAfter(s, now, deps.config.SHOP_TIME_ZONE) })
      .where(and(eq(stockSources.id, s.id), eq(stockSources.nextRunAt, s.nextRunAt!), eq(stockSources.paused, false)))
      .returning({ id: stockSources.id });
    if (claimed.length !== 1) continue;
    // a run of it still going (a Run now, or a run longer than its interval): this time is skipped
    const claim = await claimSource(deps, s.id);
    if (claim) runs.push(await runClaimed(deps, s, claim));
  }
  return runs;
}

/** The runs left `running` by nodes that died: each is marked interrupted and its source run again. */
async function takeOverOrphans(deps: Deps, stopped: () => boolean): Promise<SourceRunResult[]> {
  const runs: SourceRunResult[] = [];
  for (const id of await orphanedSources(deps)) {
    if (stopped()) break;
    const claim = await claimSource(deps, id);
    if (!claim) continue;
    const s = (await deps.db.select().from(stockSources).where(eq(stockSources.id, id)).limit(1))[0];
    if (!s || s.paused || claim.interrupted.length === 0 || !(await mayRetry(deps, id, claim.interrupted))) {
      await claim.release();
      continue;
    }
    runs.push(await runClaimed(deps, s, claim));
  }
  return runs;
}

export function startSourceScheduler(deps: Deps): Poller<SourceRunResult[]> {
  return startPoller('stock sources', (stopped) => runDueSources(deps, stopped), {
    intervalMs: deps.config.STOCK_SOURCE_TICK_MS,
  });
}
