/**
 * Bench: stock that keeps itself true, on SQLite beside PostgreSQL (a throwaway cluster), each
 * engine in its own child process (bench/engine-children.ts).
 *
 *   npm run bench -- --only stock-sync [--sync-rows 200000] [--sync-changed 2000]
 *   node bench/stock-sync.ts [--rows 200000] [--changed 2000]
 *
 * - A scheduled pull (`runDueSources` on a fake clock) of a `rows`-row CSV from a loopback file
 *   server in which `changed` rows have a new price: seconds, and the node's peak memory above
 *   idle (goals: 15 s SQLite, 30 s PostgreSQL, 300 MB).
 * - The same file again: a 304 (ETag), then the same bytes without validators (same hash): the
 *   median ms of work of five pulls each (goal: 50 ms). The feed is served by a process of its
 *   own (feed-server.ts), as the wholesaler's server would serve it.
 * - A PATCH of one stone's price (API Link, `stock` key) until the stone read by its code
 *   (GET /stones/{code}, a trade key) shows it: ms (goal: 1 s).
 *
 * The stock is first loaded by a separate process (`--load`), so the node's peak memory
 * (`maxRSS`) is the pull's. Figures only: nothing here fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { onBothEngines } from './engine-children.ts';
import { median } from './stats.ts';
import { stockCsv } from './stock-import.ts';

type Figures = {
  engine: string;
  pullS: number;
  status: string;
  updated: number;
  peakMb: number;
  notModifiedMs: number;
  sameHashMs: number;
  /** the node's CPU time of a same-hash pull (receiving and hashing the file, recording the run) */
  sameHashCpuMs: number;
  patchMs: number;
};

const self = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;
const UNCHANGED_RUNS = 5;
const FEED_MAX_BYTES = 25 * MB;
const rowsOf = () => Number(process.env.BENCH_SYNC_ROWS ?? 200_000);
const changedOf = () => Number(process.env.BENCH_SYNC_CHANGED ?? 2000);
const dbOf = () => process.env.DATABASE_URL || join(process.env.BENCH_DIR!, 'stock-sync.db');
const feedPath = () => join(process.env.BENCH_DIR!, 'feed.csv');

/** The file the source serves: the loaded stock with every `step`-th row's price raised. */
const changedCsv = (rows: number, changed: number) => {
  const step = Math.max(1, Math.floor(rows / changed));
  return stockCsv(rows)
    .split('\n')
    .map((line, i) => {
      if (i === 0 || !line || (i - 1) % step !== 0 || (i - 1) / step >= changed) return line;
      const cells = line.split(',');
      cells[11] = String(Number(cells[11]) + 7);
      return cells.join(',');
    })
    .join('\n');
};

/** `--load`: the stock of `rows` stones, and the changed file on disk (its own process). */
async function load(): Promise<void> {
  const { migrateDb, openDb } = await import('../db/client.ts');
  const { seedDatabase } = await import('../db/seed/index.ts');
  const { importTable, parseStockFile } = await import('../api/services/stock-import/index.ts');
  const db = await openDb(dbOf());
  await migrateDb(db);
  await seedDatabase(db, { stones: 20, production: false });
  const rows = rowsOf();
  const table = await parseStockFile('stock.csv', new TextEncoder().encode(stockCsv(rows)));
  const r = await importTable(db, table, {
    mode: 'apply',
    full: false,
    adminId: null,
    fileName: 'stock.csv',
    now: Date.now(),
  });
  if (r.created !== rows) throw new Error(`the stock load created ${r.created} of ${rows}`);
  await db.close();
  writeFileSync(feedPath(), changedCsv(rows, changedOf()));
}

async function child(): Promise<void> {
  execFileSync(process.execPath, [self, '--load'], { env: process.env, stdio: 'inherit' });
  const { openDb } = await import('../db/client.ts');
  const { loadConfig } = await import('../api/config.ts');
  const { createApp } = await import('../api/app.ts');
  const { silentMailer } = await import('../api/services/platform/mailer.ts');
  const { runDueSources } = await import('../api/services/stock-sources/scheduler.ts');
  const { generateKey, hashKey } = await import('../api/services/link/api-keys.ts');
  const { LINK_BASE } = await import('../api/link/base.ts');
  const { apiKeys, stockImports, stockSources, users } = await import('../db/tables.ts');
  const { eq } = await import('drizzle-orm');

  const file = feedPath();
  const size = statSync(file).size;
  if (size > FEED_MAX_BYTES) throw new Error(`the feed is ${size} bytes, past the largest pull of ${FEED_MAX_BYTES}`);
  // the feed is served by a process of its own: its sending is the wholesaler's server's work
  const feed = spawn(process.execPath, [join(import.meta.dirname, 'feed-server.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(feed.stdout, 'data')) as [Buffer];
  const feedUrl = (path: string) => `http://127.0.0.1:${String(port).trim()}${path}`;
  const url = feedUrl('/feed.csv');

  const db = await openDb(dbOf());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    STOCK_FEEDS_ALLOW_LOOPBACK: 'true',
    STOCK_FEED_MAX_BYTES: String(FEED_MAX_BYTES),
    STOCK_FEED_TIMEOUT_MS: '300000',
  });
  let now = Date.now();
  const deps = { db, mailer: silentMailer, clock: { now: () => now }, config };
  const due = async () => {
    await db.update(stockSources).set({ nextRunAt: new Date(now - 1) });
    const t0 = performance.now();
    const [run] = await runDueSources(deps);
    const ms = performance.now() - t0;
    now += 60_000;
    return { ms, run: run! };
  };
  await db.insert(stockSources).values({
    name: 'ERP export',
    url,
    scheduleKind: 'interval',
    intervalMinutes: 15,
    mode: 'update',
    nextRunAt: new Date(now),
    updatedAt: new Date(now),
  });

  // peak: the highest resident size seen while pulling (sampled, and the process's maxRSS
  // when the pull raised it past every earlier peak), above the resident size just before
  const maxRss = () => process.resourceUsage().maxRSS * 1024;
  const idle = process.memoryUsage().rss;
  const peakBefore = maxRss();
  let sampled = idle;
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage().rss)), 20);
  const pull = await due();
  clearInterval(sampler);
  const peakMb = (Math.max(sampled, maxRss() > peakBefore ? maxRss() : 0) - idle) / MB;
  const counts = (await db.select().from(stockImports).where(eq(stockImports.id, pull.run.runId)))[0]!;
  // each unchanged pull five times, its median (one sample can meet a collection of the pull's garbage)
  const unchangedMs = async () => {
    const ms: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < UNCHANGED_RUNS; i++) {
      const c0 = process.cpuUsage();
      const r = await due();
      const c = process.cpuUsage(c0);
      if (r.run.status !== 'unchanged') throw new Error(`an unchanged file ran as ${r.run.status}`);
      ms.push(r.ms);
      cpu.push((c.user + c.system) / 1000);
    }
    return { ms: median(ms), cpuMs: median(cpu) };
  };
  const notModified = await unchangedMs();
  await db.update(stockSources).set({ url: feedUrl('/plain.csv') });
  const sameHash = await unchangedMs();

  // the push of one stone, until its read by code shows the new price
  const app = createApp({ db, mailer: silentMailer, clock: deps.clock, config });
  const keyFor = async (email: string, scope: 'stock' | 'trade') => {
    const user = (await db.select().from(users).where(eq(users.email, email)))[0]!;
    await db.update(users).set({ apiAllow: true }).where(eq(users.id, user.id));
    const key = generateKey(scope);
    await db
      .insert(apiKeys)
      .values({ userId: user.id, name: `bench ${scope}`, scope, keyHash: hashKey(config, key), last4: key.slice(-4) });
    return key;
  };
  const stockKey = await keyFor('admin@facet.trade', 'stock');
  const tradeKey = await keyFor('trader@facet.trade', 'trade');
  const code = 'BULK-000042';
  const priceOf = async () => {
    const read = await app.request(`${LINK_BASE}/stones/${code}`, { headers: { authorization: `Bearer ${tradeKey}` } });
    if (read.status !== 200) throw new Error(`GET /stones/${code}: ${read.status} ${await read.text()}`);
    return ((await read.json()) as { price: { amount: string } | null }).price?.amount;
  };
  const before = await priceOf();
  const t0 = performance.now();
  const patched = await app.request(`${LINK_BASE}/stock/${code}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${stockKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ price: 4321 }),
  });
  if (patched.status !== 200) throw new Error(`PATCH: ${patched.status} ${await patched.text()}`);
  // the read answers in the shop's currency: the PATCH is visible when the amount moves
  while ((await priceOf()) === before)
    if (performance.now() - t0 > 10_000) throw new Error('the PATCH is not visible after 10 s');
  const patchMs = performance.now() - t0;
  feed.kill();
  await db.close();
  const figures: Figures = {
    engine: db.engine,
    pullS: pull.ms / 1000,
    status: pull.run.status,
    updated: counts.updated,
    peakMb,
    notModifiedMs: notModified.ms,
    sameHashMs: sameHash.ms,
    sameHashCpuMs: sameHash.cpuMs,
    patchMs,
  };
  process.stdout.write(`FIGURES ${JSON.stringify(figures)}\n`);
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { rows: { type: 'string', default: '200000' }, changed: { type: 'string', default: '2000' } },
    strict: false,
  });
  const rows = Number(values.rows);
  const changed = Number(values.changed);
  if (!(Number.isInteger(rows) && rows > 0 && Number.isInteger(changed) && changed > 0 && changed <= rows))
    throw new Error('--rows and --changed must be whole numbers above 0, changed at most rows');
  process.env.BENCH_SYNC_ROWS = String(rows);
  process.env.BENCH_SYNC_CHANGED = String(changed);
  const figures = await onBothEngines<Figures>(self, 'stock_sync');
  const goal = (engine: string) => (engine === 'postgres' ? 30 : 15);
  console.log(`\nStock sync: a scheduled pull of ${rows.toLocaleString('en-GB')} rows, ${changed} changed`);
  const table = [
    [
      'engine',
      'pull s',
      'goal',
      'status',
      'updated',
      'peak MB above idle',
      '304 ms',
      'same hash ms',
      'same hash CPU ms',
      'PATCH visible ms',
    ],
    ...figures.map((f) => [
      f.engine,
      f.pullS.toFixed(2),
      `≤ ${goal(f.engine)} s`,
      f.status,
      String(f.updated),
      f.peakMb.toFixed(0),
      f.notModifiedMs.toFixed(1),
      f.sameHashMs.toFixed(1),
      f.sameHashCpuMs.toFixed(1),
      f.patchMs.toFixed(1),
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   '));
  console.log('goals: peak ≤ 300 MB above idle; unchanged file ≤ 50 ms; PATCH visible ≤ 1000 ms');
  console.log('(medians of five unchanged pulls; a same-hash pull must receive the whole file, over loopback here)');
}

if (process.argv.includes('--load')) await load();
else if (process.argv.includes('--child')) await child();
else if (process.argv[1] === self) await main();
