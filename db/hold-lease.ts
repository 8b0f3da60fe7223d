/**
 * Holding a lease (one holder at a time across app nodes): wait until `take()` succeeds, keep
 * taking it again while `fn` runs so it does not lapse, release it when `fn` ends. The taking
 * and releasing are the caller's (the boot lease of db/postgres.ts, the `leases` table of
 * api/services/platform/leases.ts).
 */
export async function holdLease<T>(
  lease: { take(): Promise<boolean>; release(): Promise<void>; pollMs: number; renewMs: number },
  fn: () => Promise<T>,
): Promise<T> {
  while (!(await lease.take())) await new Promise((r) => setTimeout(r, lease.pollMs));
  const renew = setInterval(() => void lease.take().catch(() => {}), lease.renewMs);
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await lease.release();
  }
}
