/**
 * How many of this code's migrations the database has not applied yet (readiness: a node whose
 * code is newer than its database must not take traffic). Compares drizzle-kit's journal of the
 * engine's folder with the newest row of drizzle's own migrations table, the way drizzle's
 * migrator decides what to run.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const folder = (db: Db) => resolve(import.meta.dirname, db.engine === 'postgres' ? 'migrations-pg' : 'migrations');

const journals = new Map<string, number[]>();

/** The creation times (ms) of the migrations this code ships, oldest first (read once: code does not change under a process). */
function journal(db: Db): number[] {
  const dir = folder(db);
  let when = journals.get(dir);
  if (!when) {
    const parsed = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    when = parsed.entries.map((e) => e.when);
    journals.set(dir, when);
  }
  return when;
}

export async function pendingMigrations(db: Db): Promise<number> {
  const table = db.engine === 'postgres' ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
  let newest = 0;
  try {
    const rows = await db.rows<{ at: number | string | null }>(sql`select max(created_at) as at from ${table}`);
    newest = Number(rows[0]?.at ?? 0);
  } catch (err) {
    // no migrations table yet: nothing applied (a connection failure is the caller's to report)
    if (!/does not exist|no such table/i.test(String((err as { cause?: unknown }).cause ?? err))) throw err;
  }
  return journal(db).filter((when) => when > newest).length;
}
