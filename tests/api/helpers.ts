/**
 * createTestApp(): a fresh API (createApp) on its own temporary database, for API tests.
 *
 *   const t = await createTestApp();              // seeded with 300 demo stones + demo accounts
 *   const res = await t.request('/health');        // -> app.request('/api/v1/health')
 *   expect(res.status).toBe(200);
 *
 * - Database: a copy of a base database (migrated, seeded once per run by the global setup,
 *   or once per worker for another `stones` count), so each call starts from the same data
 *   and no test sees another's writes. `seed: false` gives an empty migrated database.
 *   Engine: SQLite (a copied file) unless FACET_TEST_ENGINE=pg, which the PostgreSQL
 *   projects set: then a clone of a template on the run's throwaway server
 *   (tests/support/pg-global-setup.ts), one of the worker's own put back to the template's
 *   rows after each test (tests/support/pg-reuse.ts), opened at DATABASE_ISOLATION (read committed by
 *   default; `serializable` in the api-pg-serializable project).
 * - Clock: starts at `opts.now` (default: the real time at the call) and only moves when
 *   the test calls `clock.set()` / `clock.advance()`.
 * - Mailer: the real outbox mailer without SMTP (messages are stored in email_outbox) that
 *   also keeps every message in `mailer.messages` and prints nothing.
 * - Work left for after an answer (services/platform/after-response.ts) is awaited by `request()`.
 * - Every API Link answer (/api/link/v1/...) is checked against the published OpenAPI document
 *   (tests/api/link-contract.ts): an undocumented status, field or type fails the call.
 * - Cleanup (close the database, delete its files or drop it): called inside a test, it is
 *   registered with `onTestFinished`; called elsewhere (beforeAll, describe body) it runs in
 *   this file's `afterAll`. `cleanup()` may also be called (and awaited) by hand; it is
 *   idempotent.
 */
import { forgetLocalWrites } from '../../api/services/site/versions.ts';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject, onTestFinished } from 'vitest';
import { API_BASE, createApp } from '../../api/app.ts';
import { loadConfig, type Config } from '../../api/config.ts';
import { settled } from '../../api/services/platform/after-response.ts';
import { stopLiveHub } from '../../api/services/live/hub.ts';
import { flushUsage } from '../../api/services/link/api-usage.ts';
import { createMailer, type Mailer, type MailMessage } from '../../api/services/platform/mailer.ts';
import { unsubscribeRestorer } from '../../api/services/saved-searches/unsubscribe-token.ts';
import type { Clock, Deps } from '../../api/types.ts';
import { migrateDb, openDb, type Db, type Engine } from '../../db/client.ts';
import { pgAdmin } from '../support/pg-cluster.ts';
import { giveBack, takeClone } from '../support/pg-reuse.ts';
import { DEFAULT_TEST_STONES, ensureBaseDb, ensurePgBase } from './base-db.ts';
import { checkedLinkRequest } from './link-contract.ts';

export type TestClock = Clock & { set(ms: number | Date): void; advance(ms: number): void };
export type TestMailer = Mailer & { messages: MailMessage[]; last(to?: string): MailMessage | undefined };

export type TestAppOptions = {
  /** seed demo data (stones, accounts, content); default true */
  seed?: boolean;
  /** number of demo stones when seeding; default 300 */
  stones?: number;
  /** extra environment for loadConfig (DATABASE_PATH, NODE_ENV and LOG_REQUESTS are fixed) */
  env?: Record<string, string>;
  /** the clock's start, ms since the epoch; default Date.now() */
  now?: number;
  /** the static-site hooks (content changes); default none */
  site?: Deps['site'];
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The engine the API tests run on (FACET_TEST_ENGINE=pg: PostgreSQL). */
export const TEST_ENGINE: Engine = process.env.FACET_TEST_ENGINE === 'pg' ? 'postgres' : 'sqlite';

/** Isolation of PostgreSQL write transactions (DATABASE_ISOLATION), as the app would read it. */
export function testIsolation(): 'read committed' | 'serializable' {
  const raw = (process.env.DATABASE_ISOLATION ?? '').trim().toLowerCase().replace(/[_-]/g, ' ');
  if (raw === '' || raw === 'read committed') return 'read committed';
  if (raw === 'serializable') return 'serializable';
  throw new Error(`DATABASE_ISOLATION must be "read committed" or "serializable", got "${raw}"`);
}

let runDir: string | undefined;
function testDir(): string {
  if (runDir) return runDir;
  let provided: string | undefined;
  try {
    provided = inject('facetTestDir');
  } catch {
    provided = undefined;
  }
  // without the api project's global setup (e.g. imported from another project): a folder per worker
  runDir = provided ?? mkdtempSync(join(tmpdir(), 'facet-api-test-'));
  return runDir;
}

export function createTestClock(start: number = Date.now()): TestClock {
  let t = start;
  return {
    now: () => t,
    set: (ms) => void (t = typeof ms === 'number' ? ms : ms.getTime()),
    advance: (ms) => void (t += ms),
  };
}

export function createTestMailer(db: Db, config: Config): TestMailer {
  const outbox = createMailer(db, {
    smtpUrl: '',
    from: config.MAIL_FROM,
    log: () => {},
    restorers: [unsubscribeRestorer(config)],
  });
  const messages: MailMessage[] = [];
  const mailer: TestMailer = {
    messages,
    queue: outbox.queue,
    async deliver(mail) {
      const done = await outbox.deliver(mail);
      if (done.status !== 'skipped') messages.push(mail.message);
      return done;
    },
    async send(message) {
      const done = await mailer.deliver(await outbox.queue(db, message));
      return { id: done.id, status: done.status === 'skipped' ? 'failed' : done.status };
    },
    resendStale: outbox.resendStale,
    last(to) {
      const list = to ? messages.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : messages;
      return list.at(-1);
    },
  };
  return mailer;
}

const pending = new Set<() => Promise<void>>();
afterAll(async () => {
  for (const cleanup of pending) await cleanup();
});

let counter = 0;

type TestDatabase = { db: Db; env: Record<string, string>; drop: () => Promise<void> };

/** A SQLite copy of the base file, removed by `drop`. */
async function sqliteTestDb(stones: number): Promise<TestDatabase> {
  const dir = testDir();
  const base = await ensureBaseDb(dir, stones);
  const file = join(dir, `test-${process.pid}-${++counter}-${Date.now()}.db`);
  copyFileSync(base, file);
  const db = await openDb(file);
  const drop = async () => {
    await db.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  };
  return { db, env: { DATABASE_PATH: file }, drop };
}

/** A PostgreSQL database with the base template's rows, given back (reset) by `drop`. */
async function pgTestDb(stones: number): Promise<TestDatabase> {
  const adminUrl = inject('facetPgAdminUrl');
  if (!adminUrl) throw new Error('FACET_TEST_ENGINE=pg needs the pg global setup (tests/support/pg-global-setup.ts)');
  const admin = pgAdmin(adminUrl);
  const template = await ensurePgBase(adminUrl, stones);
  const name = await takeClone(admin, template);
  const url = admin.url(name);
  const isolation = testIsolation();
  const db = await openDb(url, { isolation, poolSize: 6 });
  const drop = async () => {
    await db.close();
    await giveBack(admin, template, name);
  };
  return { db, env: { DATABASE_URL: url, DATABASE_ISOLATION: isolation }, drop };
}

export async function createTestApp(opts: TestAppOptions = {}) {
  const stones = opts.seed === false ? 0 : (opts.stones ?? DEFAULT_TEST_STONES);
  const { db, env, drop } = TEST_ENGINE === 'postgres' ? await pgTestDb(stones) : await sqliteTestDb(stones);
  // a worker runs many test files in one process: the last app's version writes are not this one's
  forgetLocalWrites();
  await migrateDb(db);
  const config = loadConfig({ ...opts.env, ...env, NODE_ENV: 'test', LOG_REQUESTS: 'false' });
  const clock = createTestClock(opts.now);
  const mailer = createTestMailer(db, config);
  const app = createApp({ db, mailer, clock, config, site: opts.site });
  // every API Link answer is held against the published document (tests/api/link-contract.ts)
  app.request = checkedLinkRequest(app, app.request);

  let closed: Promise<void> | undefined;
  const cleanup = (): Promise<void> => {
    pending.delete(cleanup);
    // live stock's hub (its LISTEN connection, timers) goes before the database, and the API
    // Link usage still counted in memory is written, as a shutdown writes it
    return (closed ??= stopLiveHub(db)
      .then(() => flushUsage(db))
      .then(drop));
  };
  try {
    onTestFinished(cleanup);
  } catch {
    pending.add(cleanup);
  }

  /**
   * `path` is relative to the API base (`/health`) or absolute (`/api/v1/health`). Resolves
   * once the work the call left for after its answer (services/platform/after-response.ts) is done
   * too, so a test reads the e-mail of a /forgot right away; `app.request` does not wait.
   */
  const request = async (path: string, init?: RequestInit) => {
    const res = await app.request(
      path.startsWith(`${API_BASE}/`) || path === API_BASE ? path : `${API_BASE}${path}`,
      init,
    );
    await settled(db);
    return res;
  };

  /** request() with a JSON body (and Content-Type) for POST/PUT/PATCH/DELETE. */
  const json = (path: string, method: string, body: unknown, init: RequestInit = {}) =>
    request(path, {
      ...init,
      method,
      headers: { 'content-type': 'application/json', ...Object.fromEntries(new Headers(init.headers)) },
      body: JSON.stringify(body),
    });

  /** A client that keeps cookies between its calls, like a browser tab (one per user). */
  const agent = () => {
    const jar = new Map<string, string>();
    const send = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (jar.size && !headers.has('cookie')) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const res = await request(path, { ...init, headers });
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attrs] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const gone = attrs.some((a) => /^\s*max-age=(0|-)/i.test(a));
        if (gone || eq < 1) jar.delete(name);
        else jar.set(name, pair.slice(eq + 1).trim());
      }
      return res;
    };
    return {
      cookies: jar,
      request: send,
      json: (path: string, method: string, body: unknown, init: RequestInit = {}) =>
        send(path, {
          ...init,
          method,
          headers: { 'content-type': 'application/json', ...Object.fromEntries(new Headers(init.headers)) },
          body: JSON.stringify(body),
        }),
    };
  };

  return { app, db, engine: db.engine, config, clock, mailer, request, json, agent, cleanup };
}
