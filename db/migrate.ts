/**
 * CLI: `npm run db:migrate` applies the committed migrations (db/migrations for SQLite,
 * db/migrations-pg for PostgreSQL) to the configured database, creating a SQLite file if needed.
 */
import { loadConfig } from '../api/config.ts';
import { migrateDb, openDb } from './client.ts';

const config = loadConfig();
const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.DATABASE_PATH;
const db = await openDb(config.databaseLocation, { isolation: config.DATABASE_ISOLATION });
try {
  await migrateDb(db);
  console.log(`migrated ${where}: done`);
} finally {
  await db.close();
}
