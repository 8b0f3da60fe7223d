/**
 * CLI: `npm run db:migrate` applies the committed migrations (db/migrations for SQLite,
 * db/migrations-pg for PostgreSQL) to the configured database, creating a SQLite file if needed.
 */
import { loadConfig } from '../api/config.ts';
import { migrateDb, openDb } from './client.ts';

const { DATABASE_PATH } = loadConfig();
const db = await openDb(DATABASE_PATH);
try {
  await migrateDb(db);
  console.log(`migrated ${DATABASE_PATH}: done`);
} finally {
  await db.close();
}
