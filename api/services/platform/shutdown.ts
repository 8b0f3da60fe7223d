/**
 * Graceful shutdown on SIGTERM or SIGINT: stop accepting connections, let the requests in flight
 * finish (up to SHUTDOWN_GRACE_MS), stop every registered worker after its current item (which
 * releases its leases), close the database, exit 0.
 *
 *   const lifecycle = createLifecycle();                       // lifecycle.draining for /readyz
 *   onStopSignal((signal) => shutdown({ server, lifecycle, graceMs, workers, closeDb, log }));
 *
 * While draining every answer carries `Connection: close`, so keep-alive clients (a proxy)
 * open their next request elsewhere; connections still busy when the grace period ends are
 * closed. A second signal during the shutdown changes nothing (a terminal's Ctrl-C reaches
 * both `npm start` and the server, and npm forwards its own).
 */
import type { Server } from 'node:http';
import type { WorkerRegistry } from './workers.ts';

export type Lifecycle = { draining: boolean };
export const createLifecycle = (): Lifecycle => ({ draining: false });

/** Closes the listening socket and waits for the open connections, at most `graceMs`: true when they all ended. */
export function closeServer(server: Server, graceMs: number): Promise<boolean> {
  return new Promise((done) => {
    let finished = false;
    const finish = (clean: boolean) => {
      if (finished) return;
      finished = true;
      clearInterval(idle);
      clearTimeout(timer);
      done(clean);
    };
    server.close(() => finish(true));
    // a keep-alive connection that went idle after its last answer is closed at once
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const timer = setTimeout(() => {
      server.closeAllConnections();
      finish(false);
    }, graceMs);
    server.closeIdleConnections();
  });
}

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);

export async function shutdown(plan: {
  server: Server | null;
  lifecycle: Lifecycle;
  graceMs: number;
  workers: WorkerRegistry;
  closeDb: () => Promise<void>;
  log: (line: string) => void;
}): Promise<void> {
  const t0 = performance.now();
  plan.lifecycle.draining = true;
  const [answered, stopped] = await Promise.all([
    plan.server ? closeServer(plan.server, plan.graceMs) : Promise.resolve(true),
    within(plan.workers.stopAll(), plan.graceMs),
  ]);
  if (!answered) plan.log(`[shutdown] grace period (${plan.graceMs} ms) over: open connections closed`);
  if (!stopped) plan.log(`[shutdown] grace period (${plan.graceMs} ms) over: a worker had not stopped`);
  await plan.closeDb().catch((err: unknown) => plan.log(`[shutdown] closing the database failed: ${String(err)}`));
  plan.log(`[shutdown] stopped in ${Math.round(performance.now() - t0)} ms`);
}

/** Runs `fn` once on the first SIGTERM or SIGINT; later signals are ignored. */
export function onStopSignal(fn: (signal: NodeJS.Signals) => void): void {
  let seen = false;
  const handle = (signal: NodeJS.Signals) => {
    if (seen) return;
    seen = true;
    fn(signal);
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
