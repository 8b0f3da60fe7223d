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
import { logger } from '../platform/logger.ts';

export type WebhookWorker = { runOnce(): Promise<number>; stop(): Promise<void> };

const BATCH = 20;
const PARALLEL = 5;

export function startWebhookWorker(deps: Deps, opts: { intervalMs?: number; poll?: boolean } = {}): WebhookWorker {
  let running: Promise<number> | null = null;
  let stopped = false;

  const pass = async (): Promise<number> => {
    const due = await dueDeliveries(deps.db, deps.clock.now(), BATCH);
    let made = 0;
    for (let i = 0; i < due.length && !stopped; i += PARALLEL) {
      const results = await Promise.all(due.slice(i, i + PARALLEL).map((row) => attemptDelivery(deps, row)));
      made += results.filter(Boolean).length;
    }
    return made;
  };

  const runOnce = (): Promise<number> => {
    running ??= pass().finally(() => (running = null));
    return running;
  };

  const timer =
    opts.poll === false
      ? null
      : setInterval(() => {
          if (!running && !stopped)
            runOnce().catch((err: unknown) => logger.error({ err, worker: 'webhooks' }, 'worker pass failed'));
        }, opts.intervalMs ?? 1000);
  timer?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
