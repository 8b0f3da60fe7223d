/**
 * The API of one app node without the static site, for bench/live.ts: opens DATABASE_PATH
 * (a copy of the cached bench database) or DATABASE_URL (migrated and seeded with
 * SEED_STONES under the boot lease, so two nodes started together seed once), serves
 * createApp on PORT, and on SIGTERM stops live stock (its streams end) and exits.
 * The live stock machinery is the real one: the hub, its LISTEN connection, the streams.
 * `GET /bench/memory` (the bench's own, outside the app) answers the process's memory after a
 * full garbage collection when started with --expose-gc (bench/live.ts does).
 */
import { serve } from '@hono/node-server';
import { createApp } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { stopLiveHub } from '../api/services/live/hub.ts';
import { silentMailer } from '../api/services/platform/mailer.ts';
import { systemClock } from '../api/types.ts';
import { openDb, prepareDb } from '../db/client.ts';
import { diamonds } from '../db/tables.ts';
import { seedDatabase } from '../db/seed/index.ts';

const config = loadConfig();
const db = await openDb(config.databaseLocation, { poolSize: config.DATABASE_POOL });
await prepareDb(db, async () => {
  if ((await db.select({ id: diamonds.id }).from(diamonds).limit(1)).length === 0)
    await seedDatabase(db, { stones: config.SEED_STONES, production: false });
});
const app = createApp({ db, mailer: silentMailer, clock: systemClock, config });
const collect = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  collect?.();
  collect?.();
  return Response.json(process.memoryUsage());
};
const server = serve({
  fetch: (req, env) => (new URL(req.url).pathname === '/bench/memory' ? memory() : app.fetch(req, env)),
  port: config.PORT,
  hostname: config.HOST,
});
process.on('SIGTERM', () => {
  void stopLiveHub(db).then(() => {
    server.close();
    void db.close().finally(() => process.exit(0));
  });
});
