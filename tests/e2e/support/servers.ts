/**
 * The browser suite's servers, set up once per run by playwright.config.ts in the runner:
 *
 * - one prepared shop: `npm start` (scripts/start.ts) migrates, seeds and builds the site once
 *   into `<base>/template`, then stops;
 * - one server per worker, each started from its own copy of that template (database, built
 *   site, uploads) on its own port, with its own SMTP capture (`<base>/w<n>/mail`): a copy
 *   starts in a second or two, because its database is seeded and its build is current.
 *
 * Worker n (Playwright's TEST_PARALLEL_INDEX) talks only to server n and reads only
 * `<base>/w<n>` (FACET_E2E_DIR): the tests of one worker run one after another, as they did on
 * one server, and the two workers never see each other's writes.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../../support/free-port.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
export const NODE = resolve(ROOT, 'node_modules/.bin/node');

/** The server this worker talks to: E2E_BASE_URL, or the runner's server for this worker's slot. */
export function workerBaseURL(): string {
  if (process.env.E2E_BASE_URL) return process.env.E2E_BASE_URL;
  const ports = (process.env.FACET_E2E_PORTS ?? '').split(',').map(Number);
  return serverURL(ports[Number(process.env.TEST_PARALLEL_INDEX ?? 0)]!);
}

/** The address of a test server on `port`. */
export const serverURL = (port: number) => `http://127.0.0.1:${port}`;

/** The settings of a test server whose files live in `dir`. */
export function serverEnv(dir: string, port: number, smtpPort?: number): Record<string, string> {
  const url = serverURL(port);
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'facet.db'),
    SITE_DIR: join(dir, 'site'),
    UPLOADS_DIR: join(dir, 'uploads'),
    SEED_STONES: process.env.E2E_SEED_STONES ?? '300',
    LOG_REQUESTS: 'false',
    RATE_LIMIT_FACTOR: '20',
    // argon2id at the test-only cost: every spec signs in (api/config.ts, PASSWORD_HASHING)
    PASSWORD_HASHING: 'weak-for-tests',
    SITE_URL: url,
    ...(smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : { MAIL_TRANSPORT: 'log' }),
    // webhook tests send to a receiver on loopback (tests/e2e/account-webhooks.spec.ts)
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    // stock sources pull from a feed server on loopback (tests/e2e/stock-history.spec.ts)
    STOCK_FEEDS_ALLOW_LOOPBACK: 'true',
  };
}

/** Runs `npm start` on `dir` until it answers, then stops it: the database is seeded and the site built. */
export async function prepareTemplate(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(NODE, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv(dir, port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const deadline = Date.now() + 240_000;
  for (;;) {
    const ok = await fetch(`${serverURL(port)}/api/v1/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`preparing the test shop failed:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  if ((await exited) !== 0) throw new Error(`the test shop did not stop cleanly:\n${output.slice(-4000)}`);
  console.log(`[e2e] shop prepared (seeded, site built) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** A server's own copy of the prepared shop: the database (and its WAL if any), the site, the uploads. */
export function copyTemplate(template: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(template)) {
    if (name.startsWith('facet.db') || name === 'site' || name === 'uploads')
      cpSync(join(template, name), join(dir, name), { recursive: true });
  }
  if (!existsSync(join(dir, 'uploads'))) mkdirSync(join(dir, 'uploads'));
}
