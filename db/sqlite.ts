/**
 * The SQLite adapter (better-sqlite3, the embedded default): the house pragmas, migrations,
 * and the serialised writer. better-sqlite3 is synchronous and drizzle's queries on it resolve
 * without waiting for I/O, so a transaction held across `await`s of its own queries is never
 * interleaved with another request's work; the queue below makes that hold for transactions
 * whose callbacks await something else too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Db } from './client.ts';
import * as schema from './schema.ts';
import { bindEngine } from './tables.ts';

export const SQLITE_MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

type SqliteDb = ReturnType<typeof drizzle<typeof schema>> & { $client: Database.Database };

/** The better-sqlite3 handle behind a SQLite Db (backups, checkpoints, the seed's bulk paths). */
export function sqliteClient(db: Db): Database.Database {
  if (db.engine !== 'sqlite') throw new Error('sqliteClient: not a SQLite database');
  return (db as unknown as SqliteDb).$client;
}

export function openSqlite(path: string): Db {
  bindEngine('sqlite');
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema, casing: 'snake_case' }) as SqliteDb;

  const inTx = new AsyncLocalStorage<true>();
  let queue: Promise<unknown> = Promise.resolve();

  const transact = <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
    if (inTx.getStore()) return fn(handle); // nested: joins the outer transaction
    const run = async () => {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        const result = await inTx.run(true, () => fn(handle));
        sqlite.exec('COMMIT');
        return result;
      } catch (err) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw err;
      }
    };
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  const handle = Object.assign(db, {
    engine: 'sqlite' as const,
    transact,
    rows: async <T>(query: SQL) => db.all<T>(query),
    exec: async (query: SQL) => void db.run(query),
    close: async () => void sqlite.close(),
  }) as unknown as Db;
  return handle;
}

export function migrateSqlite(db: Db): void {
  migrate(db as unknown as SqliteDb, { migrationsFolder: SQLITE_MIGRATIONS });
}

/** Restarts the AUTOINCREMENT counters (after emptying tables). */
export async function restartSqliteIds(db: Db): Promise<void> {
  await db.exec(sql`DELETE FROM sqlite_sequence`);
}
