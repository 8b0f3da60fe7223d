/**
 * The claim on a stock source: one run of a source at a time across every node, whether the
 * scheduler or "Run now" starts it. A run first takes the lease `stock-source:<id>` (table
 * `leases`) under a holder of its own, renews it every third of STOCK_SOURCE_LEASE_MS while it
 * runs and releases it when it ends; a source whose lease is held answers Run now with 409
 * `source_running` and is skipped by the scheduler.
 *
 * A node that dies mid-run stops renewing, so its lease lapses. Whoever claims the source next
 * marks the run it left `running` as `failed` (`interrupted`): its write never committed (the
 * import is one transaction), so the stock is as it was. The scheduler looks for such runs on
 * every tick (`orphanedSources`) and takes them over at once.
 *
 *   const claim = await claimSource(deps, source.id);   // null: a run of it is going on
 *   if (claim) try { ... } finally { await claim.release(); }
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, notInArray } from 'drizzle-orm';
import { leases, stockImports } from '../../../db/tables.ts';
import { releaseLease, tryLease } from '../platform/leases.ts';
import { logger } from '../platform/logger.ts';
import { NODE_ID } from '../site/build.ts';
import type { Deps } from '../../types.ts';
import { runningRuns } from './sources.ts';

export type SourceClaim = {
  /** the runs a dead node had left `running`, now `failed` (`interrupted`) */
  interrupted: number[];
  release: () => Promise<void>;
};

export const sourceLease = (sourceId: number) => `stock-source:${sourceId}`;

/** Takes the source's lease for one run, or null while another run of it holds the lease. */
export async function claimSource(deps: Deps, sourceId: number): Promise<SourceClaim | null> {
  const name = sourceLease(sourceId);
  const holder = `${NODE_ID}:${randomBytes(4).toString('hex')}`;
  const ttl = deps.config.STOCK_SOURCE_LEASE_MS;
  if (!(await tryLease(deps.db, name, holder, ttl))) return null;
  const release = () =>
    releaseLease(deps.db, name, holder).catch((err: unknown) =>
      logger.error({ err, source: sourceId }, 'a stock source claim was not released'),
    );
  let interrupted: number[];
  try {
    // the lease was free: a run still "running" was left by a node that died
    interrupted = (
      await deps.db
        .update(stockImports)
        .set({ status: 'failed', reason: 'interrupted', finishedAt: new Date(deps.clock.now()) })
        .where(and(eq(stockImports.sourceId, sourceId), eq(stockImports.status, 'running')))
        .returning({ id: stockImports.id })
    ).map((r) => r.id);
  } catch (err) {
    await release();
    throw err;
  }
  const renew = setInterval(
    () =>
      void tryLease(deps.db, name, holder, ttl).catch((err: unknown) =>
        logger.warn({ err, source: sourceId }, 'a stock source claim was not renewed'),
      ),
    ttl / 3,
  );
  renew.unref();
  return {
    interrupted,
    release: async () => {
      clearInterval(renew);
      await release();
    },
  };
}

/**
 * Sources with a run of the last day still `running` and no live lease: their node died. A run
 * that ends between the two reads shows up too; claiming it then interrupts nothing.
 */
export async function orphanedSources(deps: Deps): Promise<number[]> {
  const ids = [...(await runningRuns(deps.db, deps.clock.now())).keys()];
  if (ids.length === 0) return [];
  const held = new Set(
    (
      await deps.db
        .select({ name: leases.name })
        .from(leases)
        .where(and(inArray(leases.name, ids.map(sourceLease)), gte(leases.expiresAt, new Date())))
    ).map((l) => l.name),
  );
  return ids.filter((id) => !held.has(sourceLease(id)));
}

/**
 * Whether a source's interrupted run may be run again at once: not when the run before it was
 * interrupted too (a file that kills every node that reads it waits for its next time instead).
 */
export async function mayRetry(deps: Deps, sourceId: number, interrupted: number[]): Promise<boolean> {
  const before = (
    await deps.db
      .select({ status: stockImports.status, reason: stockImports.reason })
      .from(stockImports)
      .where(and(eq(stockImports.sourceId, sourceId), notInArray(stockImports.id, interrupted)))
      .orderBy(desc(stockImports.id))
      .limit(1)
  )[0];
  return !(before?.status === 'failed' && before.reason === 'interrupted');
}
