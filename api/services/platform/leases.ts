/**
 * Leases: one holder at a time across every app node, kept in the database (table `leases`),
 * because advisory locks do not exist on every PostgreSQL-compatible engine. A lease is taken
 * by one conditional upsert (free, expired, or already ours) and lapses at its expiry if its
 * holder dies; `withLease` renews it while the work runs.
 *
 *   await withLease(db, 'site-build', nodeId, () => build());   // waits its turn
 */
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { holdLease } from '../../../db/hold-lease.ts';
import { leases } from '../../../db/tables.ts';

export async function tryLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = Date.now();
  const expiresAt = new Date(now + ttlMs);
  const rows = await db
    .insert(leases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt },
      setWhere: or(lt(leases.expiresAt, new Date(now)), eq(leases.holder, holder)),
    })
    .returning({ holder: leases.holder });
  return rows.length === 1;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
}

/** Runs `fn` while holding the lease `name`, waiting (polling every `pollMs`) until it is free. */
export async function withLease<T>(
  db: Db,
  name: string,
  holder: string,
  fn: () => Promise<T>,
  opts: { ttlMs?: number; pollMs?: number } = {},
): Promise<T> {
  const { ttlMs = 60_000, pollMs = 250 } = opts;
  return holdLease(
    {
      take: () => tryLease(db, name, holder, ttlMs),
      release: () => releaseLease(db, name, holder),
      pollMs,
      renewMs: ttlMs / 3,
    },
    fn,
  );
}
