/**
 * The PostgreSQL adapter (node-postgres pool): numbers come back as numbers (bigint and
 * numeric aggregates), write transactions run at the configured isolation and are retried on
 * serialization failures and deadlocks, and every query made through the Db inside a
 * transaction joins it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './client.ts';
import { holdLease } from './hold-lease.ts';
import { bindEngine } from './tables.ts';

export const PG_MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations-pg');

const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** SQLSTATEs after which the whole transaction is tried again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 8;

export function sqlState(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

type Open = { isolation?: 'read committed' | 'serializable'; poolSize?: number };

export function openPostgres(url: string, opts: Open = {}): Db {
  bindEngine('postgres');
  const isolation = opts.isolation ?? 'read committed';
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, types });
  pool.on('error', (err) => console.error('[db] idle PostgreSQL connection failed', err.message));
  const root = drizzle({ client: pool, casing: 'snake_case' });
  const current = new AsyncLocalStorage<{ tx: NodePgDatabase; open: boolean }>();

  const transact = async <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
    if (current.getStore()?.open) return fn(handle);
    for (let attempt = 1; ; attempt++) {
      const state = { tx: root as NodePgDatabase, open: false };
      try {
        return await root.transaction(
          async (tx) => {
            state.tx = tx as unknown as NodePgDatabase;
            state.open = true;
            try {
              return await current.run(state, () => fn(handle));
            } finally {
              state.open = false;
            }
          },
          { isolationLevel: isolation },
        );
      } catch (err) {
        if (!RETRYABLE.has(sqlState(err) ?? '') || attempt >= MAX_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * 5 * 2 ** attempt));
      }
    }
  };

  const extras = {
    engine: 'postgres' as const,
    transact,
    rows: async <T>(query: SQL) => (await target().execute(query)).rows as T[],
    exec: async (query: SQL) => void (await target().execute(query)),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  const target = (): NodePgDatabase => {
    const s = current.getStore();
    return s?.open ? s.tx : (root as NodePgDatabase);
  };
  const handle = new Proxy(root, {
    get(_, prop) {
      if (prop in extras) return extras[prop as keyof typeof extras];
      if (prop === '$client') return pool;
      const t = target() as unknown as Record<PropertyKey, unknown>;
      const v = t[prop];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  }) as unknown as Db;
  return handle;
}

export async function migratePostgres(db: Db): Promise<void> {
  await migrate(db as unknown as NodePgDatabase, { migrationsFolder: PG_MIGRATIONS });
}

const BOOT_TTL_MS = 120_000;

/**
 * Runs `fn` (migrate, then seed an empty database) on one node at a time: a lease row in its own
 * small table, made before any migration exists, so that nodes starting together against one
 * empty database migrate and seed exactly once. The others wait, then find the work done.
 */
export async function withBootLease(db: Db, fn: () => Promise<void>): Promise<void> {
  const holder = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  for (;;) {
    try {
      await db.exec(
        sql`CREATE TABLE IF NOT EXISTS facet_boot_lease (name text PRIMARY KEY, holder text NOT NULL, expires_at bigint NOT NULL)`,
      );
      break;
    } catch (err) {
      // two nodes creating it at the same moment: one wins, the other tries again
      if (!['23505', '42P07'].includes(sqlState(err) ?? '')) throw err;
    }
  }
  const take = async () => {
    const now = Date.now();
    const rows = await db.rows(sql`
      INSERT INTO facet_boot_lease (name, holder, expires_at) VALUES ('boot', ${holder}, ${now + BOOT_TTL_MS})
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE facet_boot_lease.expires_at < ${now} OR facet_boot_lease.holder = ${holder}
      RETURNING holder`);
    return rows.length === 1;
  };
  const release = () => db.exec(sql`DELETE FROM facet_boot_lease WHERE name = 'boot' AND holder = ${holder}`);
  await holdLease({ take, release, pollMs: 200, renewMs: BOOT_TTL_MS / 4 }, fn);
}
