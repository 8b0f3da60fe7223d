/**
 * Base databases for API tests: migrated (and seeded with `stones` demo stones) once, then
 * copied for every test. Kept free of `vitest` imports so the global setup can use it too.
 *
 * A base file is built under a temporary name and renamed into place, so two workers that
 * race to build the same one both end up with a complete file.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDb, openDb } from '../../db/client.ts';
import { seedDatabase } from '../../db/seed/index.ts';

export const DEFAULT_TEST_STONES = 300;

export function baseDbPath(dir: string, stones: number): string {
  return join(dir, `base-${stones}.db`);
}

export async function ensureBaseDb(dir: string, stones: number): Promise<string> {
  const file = baseDbPath(dir, stones);
  if (existsSync(file)) return file;
  const tmp = join(dir, `base-${stones}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  const db = openDb(tmp);
  try {
    migrateDb(db);
    if (stones > 0) await seedDatabase(db, { stones, production: false });
    // fold the WAL into the main file so a plain file copy is the whole database
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.$client.close();
  }
  renameSync(tmp, file);
  return file;
}
