/**
 * Base databases for API tests: migrated (and seeded with `stones` demo stones) once, then
 * copied for every test. Kept free of `vitest` imports so the global setups can use it too.
 *
 * - SQLite: a base file, copied per test. It is built under a temporary name and renamed into
 *   place, so two workers that race to build the same one both end up with a complete file.
 * - PostgreSQL: a template database `base_<stones>`, cloned with `CREATE DATABASE ... TEMPLATE`
 *   and put back to its rows after each test (tests/support/pg-reuse.ts). Built under a
 *   temporary name and renamed the same way.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDb, openDb } from '../../db/client.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { sqliteClient } from '../../db/sqlite.ts';
import { pgAdmin } from '../support/pg-cluster.ts';
import { keepSeedRows } from '../support/pg-reuse.ts';

export const DEFAULT_TEST_STONES = 300;

export function baseDbPath(dir: string, stones: number): string {
  return join(dir, `base-${stones}.db`);
}

const unique = () => `${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

export async function ensureBaseDb(dir: string, stones: number): Promise<string> {
  const file = baseDbPath(dir, stones);
  if (existsSync(file)) return file;
  const tmp = join(dir, `base-${stones}.${unique()}.tmp`);
  const db = await openDb(tmp);
  try {
    await migrateDb(db);
    if (stones > 0) await seedDatabase(db, { stones, production: false });
    // fold the WAL into the main file so a plain file copy is the whole database
    sqliteClient(db).pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await db.close();
  }
  renameSync(tmp, file);
  return file;
}

export const pgBaseName = (stones: number) => `base_${stones}`;

/** The template database with `stones` demo stones on the server of `adminUrl`; its name. */
export async function ensurePgBase(adminUrl: string, stones: number): Promise<string> {
  const admin = pgAdmin(adminUrl);
  const name = pgBaseName(stones);
  if (await admin.databaseExists(name)) return name;
  const tmp = `${name}_tmp_${unique()}`;
  await admin.createDatabase(tmp);
  try {
    const db = await openDb(admin.url(tmp), { poolSize: 2 });
    try {
      await migrateDb(db);
      if (stones > 0) await seedDatabase(db, { stones, production: false });
    } finally {
      await db.close();
    }
    await keepSeedRows(admin.url(tmp));
    await admin.query(`ALTER DATABASE "${tmp}" RENAME TO "${name}"`);
  } catch (err) {
    await admin.dropDatabase(tmp);
    // another worker finished the same base first: use theirs
    if ((err as { code?: string }).code === '42P04') return name;
    throw err;
  }
  return name;
}
