/**
 * CLI: `npm run db:migrate` applies the committed migrations (db/migrations) to the
 * database at DATABASE_PATH, creating the file if needed.
 */
import { loadConfig } from '../api/config.ts';
import { migrateDb, openDb } from './client.ts';

const { DATABASE_PATH } = loadConfig();
const db = openDb(DATABASE_PATH);
try {
  migrateDb(db);
  console.log(`migrated ${DATABASE_PATH}: done`);
} finally {
  db.$client.close();
}
