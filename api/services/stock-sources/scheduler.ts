/**
 * The stock source scheduler, one per app node (started by api/server.ts beside the hold
 * sweep): every SOURCE_TICK_MS it runs the sources now due (`nextRunAt` reached, not paused).
 * A node claims a source by one conditional update moving its `nextRunAt` on (`WHERE
 * next_run_at = <the value it read>`): only one node's update wins, so a run happens exactly
 * once across every node. A node killed mid-run leaves the stock as it was (the import is one
 * transaction); the next run goes through at the next time due.
 *
 *   const scheduler = startSourceScheduler(deps);   // polls until scheduler.stop()
 *   await runDueSources(deps);                      // tests: one pass on the app's clock
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { stockSources } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { startPoller, type Poller } from '../platform/poller.ts';
import { runSource, type SourceRunResult } from './run.ts';
import { nextRunAfter } from './schedule.ts';

export const SOURCE_TICK_MS = 30_000;

/** Runs every source due at the clock's now that this node claims; answers their runs. */
export async function runDueSources(deps: Deps, stopped: () => boolean = () => false): Promise<SourceRunResult[]> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(stockSources)
    .where(and(eq(stockSources.paused, false), lte(stockSources.nextRunAt, new Date(now))))
    .orderBy(asc(stockSources.nextRunAt));
  const runs: SourceRunResult[] = [];
  for (const s of due) {
    if (stopped()) break;
    const claimed = await deps.db
      .update(stockSources)
      .set({ nextRunAt: nextRunAfter(s, now, deps.config.SHOP_TIME_ZONE) })
      .where(and(eq(stockSources.id, s.id), eq(stockSources.nextRunAt, s.nextRunAt!), eq(stockSources.paused, false)))
      .returning({ id: stockSources.id });
    if (claimed.length !== 1) continue;
    try {
      runs.push(await runSource(deps, s));
    } catch (err) {
      // its previous run is still going (a Run now): this time is skipped
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  return runs;
}

export function startSourceScheduler(deps: Deps, opts: { intervalMs?: number } = {}): Poller<SourceRunResult[]> {
  return startPoller('stock sources', (stopped) => runDueSources(deps, stopped), {
    intervalMs: opts.intervalMs ?? SOURCE_TICK_MS,
  });
}
