/**
 * `npm start`: migrate, seed an empty database with the demo shop, build the site if its
 * sources or content changed since the last build, then serve site and API on one port.
 */
import { count } from 'drizzle-orm';
import { loadConfig } from '../api/config.ts';
import { startServer } from '../api/server.ts';
import { createMailer } from '../api/services/mailer.ts';
import { newestBuild } from '../api/services/regenerate.ts';
import { buildSite, buildStamp, isBuildCurrent } from '../api/services/site-build.ts';
import { systemClock } from '../api/types.ts';
import { migrateDb, openDb } from '../db/client.ts';
import { diamonds } from '../db/tables.ts';
import { DEMO_ACCOUNTS, seedDatabase } from '../db/seed/index.ts';

const t0 = performance.now();
const config = loadConfig();
const db = openDb(config.DATABASE_PATH);
migrateDb(db);

const stones = db.select({ n: count() }).from(diamonds).get()?.n ?? 0;
if (stones === 0) {
  console.log(`Seeding the demo shop (${config.SEED_STONES} stones) into ${config.DATABASE_PATH} ...`);
  await seedDatabase(db, { stones: config.SEED_STONES, production: config.isProduction });
}

const stamp = buildStamp(db);
if (!isBuildCurrent(newestBuild(config.SITE_DIR), stamp)) {
  console.log(`Building the site into ${config.SITE_DIR} ...`);
  const b0 = performance.now();
  await buildSite(config.SITE_DIR, { DATABASE_PATH: config.DATABASE_PATH }, stamp);
  console.log(`Site built in ${((performance.now() - b0) / 1000).toFixed(1)} s`);
}

const mailer = createMailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
const { url, server } = await startServer({ db, mailer, clock: systemClock, config }, config.SITE_DIR);

console.log(`\n${config.PUBLIC_SITE_NAME} is running at ${url} (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
if (!config.isProduction) {
  console.log('Demo logins:');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(6)} ${a.email} / ${a.password}`);
}

const stop = () => {
  server.close();
  db.$client.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
