/**
 * `npm start`: migrate, seed an empty database with the demo shop, build the site if its
 * sources or content changed since the last build, then serve site and API on one port.
 */
import { count } from 'drizzle-orm';
import { loadConfig } from '../api/config.ts';
import { startServer } from '../api/server.ts';
import { logger } from '../api/services/platform/logger.ts';
import { createMailer } from '../api/services/platform/mailer.ts';
import { buildOwner, newestBuild } from '../api/services/site/regenerate.ts';
import { buildSite, buildStamp, isBuildCurrent, oneBuildAtATime, siteBuildEnv } from '../api/services/site/build.ts';
import { systemClock } from '../api/types.ts';
import { openDb, prepareDb } from '../db/client.ts';
import { diamonds } from '../db/tables.ts';
import { DEMO_ACCOUNTS, seedDatabase } from '../db/seed/index.ts';

const t0 = performance.now();
const config = loadConfig();
const db = await openDb(config.databaseLocation, {
  isolation: config.DATABASE_ISOLATION,
  poolSize: config.DATABASE_POOL,
});
const where = config.DATABASE_URL ? 'PostgreSQL' : config.DATABASE_PATH;

// migrate and seed an empty database: one node at a time (a boot lease on PostgreSQL)
await prepareDb(db, async () => {
  const stones = (await db.select({ n: count() }).from(diamonds).limit(1))[0]?.n ?? 0;
  if (stones > 0) return;
  logger.info(`Seeding the demo shop (${config.SEED_STONES} stones) into ${where} ...`);
  await seedDatabase(db, { stones: config.SEED_STONES, production: config.isProduction });
});

const stamp = await buildStamp(db);
if (!isBuildCurrent(newestBuild(config.SITE_DIR, buildOwner(config.SITE_DIR, config.databaseLocation)), stamp)) {
  logger.info(`Building the site into ${config.SITE_DIR} ...`);
  const b0 = performance.now();
  await oneBuildAtATime(db, () => buildSite(config.SITE_DIR, siteBuildEnv(config), stamp));
  logger.info(`Site built in ${((performance.now() - b0) / 1000).toFixed(1)} s`);
}

const mailer = createMailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
const { url, server } = await startServer({ db, mailer, clock: systemClock, config }, config.SITE_DIR);

logger.info(
  `${config.PUBLIC_SITE_NAME} is running at ${url} (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);
if (!config.isProduction) {
  logger.info(`Demo logins: ${DEMO_ACCOUNTS.map((a) => `${a.role} ${a.email} / ${a.password}`).join(', ')}`);
}

const stop = () => {
  server.close();
  void db.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
