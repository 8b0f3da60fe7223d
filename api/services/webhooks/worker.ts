/**
 * The webhook delivery worker, one per app node (started by api/server.ts): every second it
 * takes the due deliveries and makes their next attempt (api/services/webhooks/deliver.ts claims
 * each attempt with a conditional update, so several nodes never send one attempt twice).
 *
 *   const worker = startWebhookWorker(deps);   // polls until worker.stop()
 *   await worker.runOnce();                    // tests: one pass, returns the attempts made
 */
import type { Deps } from '../../types.ts';
import { attemptDelivery, dueDeliveries } from './deliver.ts';
import { startPoller, type Poller } from '../platform/poller.ts';

export type WebhookWorker = Poller<number>;

const BATCH = 20;
const PARALLEL = 5;

export function startWebhookWorker(deps: Deps, opts: { intervalMs?: number; poll?: boolean } = {}): WebhookWorker {
  return startPoller(
    'webhooks',
    async (stopped) => {
      const due = await dueDeliveries(deps.db, deps.clock.now(), BATCH);
      let made = 0;
      for (let i = 0; i < due.length && !stopped(); i += PARALLEL) {
        const results = await Promise.all(due.slice(i, i + PARALLEL).map((row) => attemptDelivery(deps, row)));
        made += results.filter(Boolean).length;
      }
      return made;
    },
    opts,
  );
}
