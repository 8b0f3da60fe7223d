/**
 * The saved-search alert worker, one per app node (started by api/server.ts beside the hold
 * sweep): every ALERT_INTERVAL_MS it tries a pass (alert-pass.ts); the node holding the lease
 * does it, the others skip. Instant alerts go out within a pass or two of the change (well
 * inside 5 minutes, a lapsed lease included); daily digests at their hour.
 *
 *   const worker = startAlertWorker(deps);   // polls until worker.stop()
 *   await worker.runOnce();                  // tests: one pass
 */
import type { Deps } from '../../types.ts';
import { startPoller, type Poller } from '../platform/poller.ts';
import { NODE_ID } from '../site/build.ts';
import { runAlertPass, type AlertPass } from './alert-pass.ts';

export const ALERT_INTERVAL_MS = 15_000;

export function startAlertWorker(
  deps: Deps,
  opts: { intervalMs?: number; poll?: boolean; holder?: string } = {},
): Poller<AlertPass> {
  const holder = opts.holder ?? NODE_ID;
  return startPoller('saved-search alerts', (stopped) => runAlertPass(deps, holder, stopped), {
    intervalMs: opts.intervalMs ?? ALERT_INTERVAL_MS,
    poll: opts.poll,
  });
}
