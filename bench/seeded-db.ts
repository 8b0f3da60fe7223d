/**
 * Seeded demo databases for the benches, cached in bench/out/ (git-ignored) as
 * bench-<stones>.db and rebuilt only when the stone count, the schema, the migrations, the
 * seed code or the starter content change.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDb, openDb } from '../db/client.ts';
import { sqliteClient } from '../db/sqlite.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { ROOT } from './diamonds-http.ts';

export const OUT = join(ROOT, 'bench', 'out');
mkdirSync(OUT, { recursive: true });

/** Hash of everything the seeded file depends on. */
function seedKey(stones: number): string {
  const h = createHash('sha256').update(String(stones));
  const walk = (p: string) => {
    const s = statSync(p, { throwIfNoEntry: false });
    if (!s) return;
    if (s.isDirectory()) for (const n of readdirSync(p).sort()) walk(join(p, n));
    else h.update(p).update(readFileSync(p));
  };
  for (const p of ['db/tables.ts', 'db/migrations', 'db/seed', 'content']) walk(join(ROOT, p));
  return h.digest('hex');
}

/** The path of a database seeded with `stones` stones (seeded now if not cached). */
export async function seededDb(stones: number, log: (line: string) => void): Promise<string> {
  const file = join(OUT, `bench-${stones}.db`);
  const keyFile = `${file}.key`;
  const key = seedKey(stones);
  if (existsSync(file) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) {
    log(`using cached database ${file}`);
    return file;
  }
  log(`seeding ${stones} stones into ${file} ...`);
  const t0 = performance.now();
  const tmp = `${file}.tmp`;
  for (const f of [file, tmp].flatMap((f) => [f, `${f}-wal`, `${f}-shm`])) rmSync(f, { force: true });
  const db = await openDb(tmp);
  await migrateDb(db);
  await seedDatabase(db, { stones, production: false });
  sqliteClient(db).pragma('wal_checkpoint(TRUNCATE)');
  await db.close();
  renameSync(tmp, file);
  writeFileSync(keyFile, key);
  log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return file;
}
