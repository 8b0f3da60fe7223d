/**
 * Run by tests/api/server-process.ts in a child process: the one-port server (API and a tiny
 * fake site) on DATABASE_PATH or DATABASE_URL, on a free port of 127.0.0.1. Prints `{"port":N}` once listening.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../api/config.ts';
import { createServerApp, listen } from '../../api/server.ts';
import { createMailer } from '../../api/services/platform/mailer.ts';
import { unsubscribeRestorer } from '../../api/services/saved-searches/unsubscribe-token.ts';
import { siteRoot } from '../../api/static-site.ts';
import { systemClock } from '../../api/types.ts';
import { openDb } from '../../db/client.ts';

// quiet by default; a test may ask for the request log (NODE_ENV other than test, LOG_REQUESTS)
const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', ...process.env, HOST: '127.0.0.1', PORT: '0' });
// the test made and migrated the database already
const db = await openDb(config.databaseLocation, {
  isolation: config.DATABASE_ISOLATION,
  poolSize: config.DATABASE_POOL,
});
const mailer = createMailer(db, {
  smtpUrl: '',
  from: config.MAIL_FROM,
  log: () => {},
  restorers: [unsubscribeRestorer(config)],
});
const site = mkdtempSync(join(tmpdir(), 'facet-child-site-'));
mkdirSync(site, { recursive: true });
writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
const app = createServerApp({ db, mailer, clock: systemClock, config }, siteRoot(site));
listen(app, 0, '127.0.0.1', (port) => {
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
