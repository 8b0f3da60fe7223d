/**
 * `npm run db:backup -- FILE`: an online backup of the SQLite database (DATABASE_PATH) into FILE,
 * through SQLite's backup API: a consistent copy while the server keeps serving. On PostgreSQL
 * use `pg_dump` (README, "Scaling out").
 */
import { resolve } from 'node:path';
import { loadConfig } from '../api/config.ts';
import { openDb } from '../db/client.ts';
import { sqliteClient } from '../db/sqlite.ts';

const target = process.argv[2];
const config = loadConfig();
if (!target) {
  console.error('usage: npm run db:backup -- FILE');
  process.exit(2);
}
if (config.DATABASE_URL) {
  console.error('DATABASE_URL names PostgreSQL: back it up with pg_dump --format=custom (see README)');
  process.exit(2);
}
const db = await openDb(config.DATABASE_PATH);
const t0 = performance.now();
await sqliteClient(db).backup(resolve(target));
await db.close();
console.log(`Backed up ${config.DATABASE_PATH} to ${target} in ${Math.round(performance.now() - t0)} ms`);
