/**
 * A background pass run every `intervalMs` on this node (the webhook worker, the hold sweep):
 * one pass at a time, `runOnce()` for tests (joins a pass already running), and `stop()` that
 * waits for the pass in hand. Each pass claims its own items (conditional updates or leases),
 * so every node runs one.
 */
export type Poller<T> = { runOnce(): Promise<T>; stop(): Promise<void> };

export function startPoller<T>(
  name: string,
  pass: (stopped: () => boolean) => Promise<T>,
  opts: { intervalMs?: number; poll?: boolean } = {},
): Poller<T> {
  let running: Promise<T> | null = null;
  let stopped = false;

  const runOnce = (): Promise<T> => {
    running ??= pass(() => stopped).finally(() => (running = null));
    return running;
  };

  const timer =
    opts.poll === false
      ? null
      : setInterval(() => {
          if (!running && !stopped) runOnce().catch((err: unknown) => console.error(`[${name}] pass failed`, err));
        }, opts.intervalMs ?? 1000);
  timer?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => null);
    },
  };
}
