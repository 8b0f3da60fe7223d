/**
 * The data layer's one seam: opens the database named by the settings (a PostgreSQL URL, or
 * else the SQLite file), migrates it, and runs write transactions correctly on both.
 *
 *   const db = await openDb(config.DATABASE_URL || config.DATABASE_PATH);
 *   await migrateDb(db);
 *   const user = await writeTx(db, async (tx) => { ... await tx.insert(...) ... });
 *
 * Services see one type, `Db`: drizzle's query builder in its awaited form. Every query is
 * awaited (`await db.select()...`); `.get()`, `.all()` and `.run()` are SQLite-only and are not
 * used outside the SQLite adapter. Tables come from db/tables.ts (bound to the engine in use).
 *
 * SQLite (better-sqlite3, db/sqlite.ts): one connection; writeTx is a serialised writer (one
 * at a time in the process) holding `BEGIN IMMEDIATE`.
 * PostgreSQL (node-postgres, db/postgres.ts): a pool; writeTx is a real transaction at the
 * configured isolation (READ COMMITTED by default, SERIALIZABLE with DATABASE_ISOLATION, the
 * way CockroachDB and YugabyteDB run), retried on serialization failures and deadlocks
 * (40001, 40P01). Inside writeTx every query made through `db` joins the transaction, even when
 * a helper was handed the outer `db`; nested writeTx calls join the outer one.
 */
import { getTableName, sql, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

type Extras = {
  readonly engine: Engine;
  /** Runs `fn` in a write transaction (see the file comment). */
  readonly transact: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
  /** Rows of a raw query (dialect-neutral SQL built with drizzle's `sql`). */
  readonly rows: <T>(query: SQL) => Promise<T[]>;
  /** Runs a raw statement. */
  readonly exec: (query: SQL) => Promise<void>;
  readonly close: () => Promise<void>;
  /** PostgreSQL: the pool's connections (total, idle) and the clients waiting for one */
  readonly poolStats?: () => { total: number; idle: number; waiting: number };
};

export type Db = BaseSQLiteDatabase<'async', unknown, typeof schema> & Extras;

const isPostgresUrl = (s: string) => /^postgres(ql)?:\/\//i.test(s);

/** Opens `location`: a `postgres://` URL or a SQLite file path (`:memory:` too). */
export async function openDb(
  location: string,
  opts: { isolation?: 'read committed' | 'serializable'; poolSize?: number } = {},
): Promise<Db> {
  if (isPostgresUrl(location)) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(location, opts);
  }
  const { openSqlite } = await import('./sqlite.ts');
  return openSqlite(location);
}

export async function migrateDb(db: Db): Promise<void> {
  if (db.engine === 'postgres') return (await import('./postgres.ts')).migratePostgres(db);
  return (await import('./sqlite.ts')).migrateSqlite(db);
}

/**
 * Migrates, then runs `afterMigrate` (the seed of an empty database), on one node at a time:
 * on PostgreSQL under a boot lease, so that nodes starting together do it exactly once.
 */
export async function prepareDb(db: Db, afterMigrate: () => Promise<void> = async () => {}): Promise<void> {
  if (db.engine === 'postgres') {
    const { withBootLease } = await import('./postgres.ts');
    return withBootLease(db, async () => {
      await migrateDb(db);
      await afterMigrate();
    });
  }
  await migrateDb(db);
  await afterMigrate();
}

/** Runs `fn` in one write transaction (serialised on SQLite, retried on PostgreSQL). */
export function writeTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transact(fn);
}

/** Empties the tables (children first) and restarts their id counters, in one transaction. */
export async function emptyTables(db: Db, tables: readonly Table[]): Promise<void> {
  await writeTx(db, async (tx) => {
    if (tx.engine === 'postgres') {
      const names = tables.map((t) => sql.identifier(getTableName(t)));
      await tx.exec(sql`TRUNCATE TABLE ${sql.join(names, sql`, `)} RESTART IDENTITY CASCADE`);
      return;
    }
    for (const table of tables) await tx.delete(table as never);
    await (await import('./sqlite.ts')).restartSqliteIds(tx);
  });
}

/** The first row of a query, or undefined. */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** How many rows an insert, update or delete without `returning()` touched, on either engine. */
export function changes(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return Number(r.changes ?? r.rowCount ?? 0);
}

/** Case-insensitive LIKE on both engines (SQLite's LIKE folds ASCII case, PostgreSQL's does not). */
export function likeCI(column: SQLWrapper, pattern: string): SQL {
  return sql`lower(${column}) like ${pattern.toLowerCase()}`;
}
