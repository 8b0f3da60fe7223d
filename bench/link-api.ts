/**
 * API Link data calls under load, in requests per second:
 *
 *   npx node bench/link-api.ts [--stones 3600] [--duration 10] [--connections 10] [--port 5650]
 *
 * - `/feed?format=json` (gzip, cached after the first call), 10 connections;
 * - `/stones?limit=500` (the largest page), 10 connections;
 * - the key check's cost: `/stones?limit=1` with a key against the same call on a mount
 *   without authentication (a fixed identity), 3 alternating rounds each, medians; the
 *   difference per request in microseconds.
 *
 * The server runs in a child process (this file with `--serve`) on a seeded SQLite database in
 * /tmp/facet-link-bench/, so the load generator does not share its event loop. The keyed calls
 * go through the site's own API Link (createLinkApp: key check, per-key limits raised out of the
 * way, usage counting).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { loadConfig } from '../api/config.ts';
import { LINK_BASE } from '../api/link/base.ts';
import { createMailer } from '../api/services/platform/mailer.ts';
import { systemClock } from '../api/types.ts';
import { migrateDb, openDb } from '../db/client.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { apiKeys, users } from '../db/tables.ts';
import { createApp } from '../api/app.ts';
import { generateKey, hashKey } from '../api/services/link/api-keys.ts';
import { linkRoutes, linkTestApp } from './link-routes.ts';
import { NODE } from './diamonds-http.ts';

const DIR = '/tmp/facet-link-bench';
/** A real trade key (format and checksum of api/services/link/api-keys.ts), made once per run. */
const KEY = generateKey('trade');

/** Child: the link routes with a key check, and the same routes without one under /noauth, in one app. */
async function serveChild(dbFile: string, port: number) {
  // the real per-key limits would refuse a load test: raised so every call is served
  const config = loadConfig({
    DATABASE_PATH: dbFile,
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    LINK_RATE_PER_MINUTE: '100000000',
    LINK_FEED_PER_HOUR: '100000000',
  });
  const db = await openDb(dbFile);
  await migrateDb(db);
  const deps = {
    db,
    config,
    clock: systemClock,
    mailer: createMailer(db, { smtpUrl: '', from: config.MAIL_FROM, log: () => {} }),
  };
  const user = (await db.select().from(users).limit(1))[0]!;
  const fixed = linkRoutes(deps, async (c, next) => {
    c.set('linkKey', { id: 1, userId: user.id, scope: 'trade', name: 'bench' });
    c.set('linkUser', user);
    await next();
  });
  // with a key: the site's own API Link (createLinkApp: key check, limits, usage); without: the
  // same routes behind a fixed identity
  const app = linkTestApp({ [`/noauth${LINK_BASE}`]: fixed });
  app.route('/', createApp(deps));
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log('ready'));
}

type Result = { name: string; rps: number; p50: number; p99: number; non2xx: number };

/** The round with the median requests/s. */
const medianOf = (rounds: Result[]) => [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)]!;

async function load(name: string, url: string, connections: number, duration: number, gzip = false): Promise<Result> {
  const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
  if (gzip) headers['accept-encoding'] = 'gzip';
  await autocannon({ url, connections, duration: 2, headers }); // warm-up (builds the feed cache)
  const r = await autocannon({ url, connections, duration, headers, pipelining: 1 });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

export async function benchLinkApi(opts: { stones: number; duration: number; connections: number; port: number }) {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const dbFile = `${DIR}/link.db`;
  const db = await openDb(dbFile);
  await migrateDb(db);
  await seedDatabase(db, { stones: opts.stones, production: false });
  const user = (await db.select().from(users).limit(1))[0]!;
  const config = loadConfig({ DATABASE_PATH: dbFile, NODE_ENV: 'test' });
  await db.update(users).set({ apiAllow: true, status: 'approved' });
  await db.insert(apiKeys).values({
    userId: user.id,
    name: 'bench',
    scope: 'trade',
    keyHash: hashKey(config, KEY),
    last4: KEY.slice(-4),
  });
  await db.close();

  const child = spawn(NODE, [fileURLToPath(import.meta.url), '--serve', dbFile, '--port', String(opts.port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && ready());
    child.on('exit', (code) => fail(new Error(`link bench server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${opts.port}`;
  try {
    const { connections, duration } = opts;
    const withKey: Result[] = [];
    const without: Result[] = [];
    for (let round = 0; round < 3; round++) {
      // alternating rounds, so neither side gets a quieter machine
      withKey.push(await load('/stones?limit=1 with key', `${base}${LINK_BASE}/stones?limit=1`, connections, duration));
      without.push(
        await load('/stones?limit=1 without auth', `${base}/noauth${LINK_BASE}/stones?limit=1`, connections, duration),
      );
    }
    const results = [
      await load(
        '/feed?format=json (cached, gzip)',
        `${base}${LINK_BASE}/feed?format=json`,
        connections,
        duration,
        true,
      ),
      await load('/stones?limit=500', `${base}${LINK_BASE}/stones?limit=500`, connections, duration),
      medianOf(withKey),
      medianOf(without),
    ];
    return results;
  } finally {
    child.kill('SIGTERM');
  }
}

export function printLinkApi(results: Result[], stones: number) {
  console.log(`\nAPI Link data calls (${stones} stones, SQLite)`);
  console.log('call                                   req/s    p50 ms  p99 ms  non-2xx');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(38)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.non2xx).padStart(8)}`,
    );
  }
  const withKey = results[2]!;
  const without = results[3]!;
  const costUs = (1 / withKey.rps - 1 / without.rps) * 1e6; // the server is saturated: its time per call is 1 / (req/s)
  console.log(
    `key check: ${((1 - withKey.rps / without.rps) * 100).toFixed(1)}% fewer req/s, about ${costUs.toFixed(0)} µs of server time per call`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      serve: { type: 'string' },
      port: { type: 'string', default: '5650' },
      stones: { type: 'string', default: '3600' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
  });
  if (values.serve) await serveChild(values.serve, Number(values.port));
  else {
    const stones = Number(values.stones);
    const results = await benchLinkApi({
      stones,
      duration: Number(values.duration),
      connections: Number(values.connections),
      port: Number(values.port),
    });
    printLinkApi(results, stones);
  }
}
