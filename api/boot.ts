/**
 * What `npm start` does once the settings passed (scripts/start.ts): migrate, seed a database
 * never seeded (the demo shop; in production only rates, settings and site texts), build the
 * site if its sources or content changed since the last build, serve site and API on one port,
 * and on SIGTERM or SIGINT shut down gracefully (services/platform/shutdown.ts), also while
 * still starting (a build in progress is stopped).
 */
import type { Server } from 'node:http';
import type { Config } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { createMailer } from './services/platform/mailer.ts';
import { unsubscribeRestorer } from './services/saved-searches/unsubscribe-token.ts';
import { createLifecycle, onStopSignal, shutdown } from './services/platform/shutdown.ts';
import { workers } from './services/platform/workers.ts';
import { closeWithUsage } from './services/link/api-usage.ts';
import { buildOwner, newestBuild } from './services/site/regenerate.ts';
import { buildSite, buildStamp, isBuildCurrent, siteBuildEnv } from './services/site/build.ts';
import { obtainSite } from './services/site/shared-build.ts';
import { systemClock } from './types.ts';
import { openDb, prepareDb } from '../db/client.ts';
import { logger } from './services/platform/logger.ts';
import { DEMO_ACCOUNTS, isUnseeded, seedDatabase } from '../db/seed/index.ts';
import { seedDemoRequests } from './services/trade/demo-requests.ts';

export async function boot(config: Config, t0: number): Promise<void> {
  const db = await openDb(config.databaseLocation, {
    isolation: config.DATABASE_ISOLATION,
    poolSize: config.DATABASE_POOL,
  });
  let running: RunningServer | null = null;
  let stopping = false;
  const early = createLifecycle();
  onStopSignal((signal) => {
    stopping = true;
    logger.info(
      { signal, graceMs: config.SHUTDOWN_GRACE_MS },
      `${signal}: draining (up to ${config.SHUTDOWN_GRACE_MS} ms)`,
    );
    void shutdown({
      server: (running?.server as Server | undefined) ?? null,
      lifecycle: running?.lifecycle ?? early,
      graceMs: config.SHUTDOWN_GRACE_MS,
      workers,
      // the API Link usage counted in the last second is written before the database closes
      closeDb: () => closeWithUsage(db),
      log: (line) => logger.info(line),
    }).finally(() => process.exit(0));
  });

  try {
    const where = config.DATABASE_URL ? 'PostgreSQL' : config.DATABASE_PATH;
    // migrate and seed a database never seeded: one node at a time (a boot lease on PostgreSQL)
    await prepareDb(db, async () => {
      if (!(await isUnseeded(db))) return;
      logger.info(
        config.isProduction
          ? `Setting up an empty shop in ${where}: exchange rates, settings and site texts (no demo content in production) ...`
          : `Seeding the demo shop (${config.SEED_STONES} stones) into ${where} ...`,
      );
      await seedDatabase(db, {
        stones: config.SEED_STONES,
        production: config.isProduction,
        demoHolds: true,
        demoRequests: seedDemoRequests,
      });
    });

    const stamp = await buildStamp(db);
    if (!isBuildCurrent(newestBuild(config.SITE_DIR, buildOwner(config.SITE_DIR, config.databaseLocation)), stamp)) {
      logger.info(`Building the site into ${config.SITE_DIR} (or unpacking a published build) ...`);
      const b0 = performance.now();
      const site = await obtainSite(db, config.SITE_DIR, (dir, s) => buildSite(dir, siteBuildEnv(config), s), {
        stamp,
      });
      const verb = site.how === 'built' ? 'built' : 'unpacked from a published build';
      logger.info(`Site ${verb} in ${((performance.now() - b0) / 1000).toFixed(1)} s`);
    }
    if (stopping) return;

    const mailer = createMailer(db, {
      smtpUrl: config.smtpUrl,
      from: config.MAIL_FROM,
      restorers: [unsubscribeRestorer(config)],
    });
    running = await startServer({ db, mailer, clock: systemClock, config }, config.SITE_DIR);
  } catch (err) {
    if (stopping) return; // the shutdown stopped a build or closed the database under it
    throw err;
  }

  logger.info(
    `${config.PUBLIC_SITE_NAME} is running at ${running.url} (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  if (!config.isProduction) {
    logger.info(`Demo logins: ${DEMO_ACCOUNTS.map((a) => `${a.role} ${a.email} / ${a.password}`).join(', ')}`);
  }
}
