/**
 * When the live stream tries again after it dropped: exponential backoff from one second,
 * capped at 30 s, with jitter (each wait is 50-100 % of its step), so the screens of a node that
 * restarted do not all come back in the same instant.
 */
export const LIVE_RETRY = { firstMs: 1_000, maxMs: 30_000, jitter: 0.5 } as const;

/** The wait before try number `attempt` (0 = the first retry); `random` in [0, 1). */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(LIVE_RETRY.maxMs, LIVE_RETRY.firstMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(step * (1 - LIVE_RETRY.jitter * random()));
}
