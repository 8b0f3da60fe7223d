/**
 * `npm run bench -- --holds`: the hold round trip beside a bag request, and the expiry sweep of
 * 10,000 holds, on SQLite and PostgreSQL (bench/holds.ts).
 *
 * `npm run bench -- --similar-prices`: the similar stones of a stone on 200,000 stones
 * (bench/similar-prices.ts).
 *
 * `npm run bench -- --live`: live stock (GET /api/v1/live): 2,000 open streams on one node (or
 * `--nodes 2`: 1,000 on each of two PostgreSQL nodes), a hold's time to every stream, memory per
 * stream, the list call with and without the streams (bench/live.ts).
 *
 * `npm run bench -- --catalogue-scale`: only the catalogue at 3,600 / 50,000 / 200,000 stones
 * (bench/catalogue-scale.ts).
 *
 * `npm run bench`: how close the full app comes to the floor on the catalogue's main call,
 * `GET /api/v1/diamonds?page=1&limit=100` as a visitor. Prints a table and writes
 * bench/out/diamonds-http-<time>.json (and latest.json).
 *
 *   npm run bench -- [--stones 3600] [--connections 10] [--duration 10] [--warmup 2] [--rounds 3]
 *
 * The seeded database (and the site built from it) are cached in bench/out/ and rebuilt
 * only when the stone count, the schema, the migrations or the seed code change.
 * Aim: the full app, logs and metrics on, serves at least 80% of the floor's requests per second;
 * `--root <checkout>` adds another checkout's full app to the rounds (before and after in one run).
 *
 * Then the catalogue: filter + sort through the domain code in Node (bench/catalogue-filter.ts:
 * 10,000 and 50,000 stones, payload bytes per stone; bench/catalogue-live-patch.ts: a live price
 * change and an import's 500 updates patched into 50,000 and 200,000 stones, beside a rebuild)
 * and the list screen in Chromium on a 10,000-stone database (bench/catalogue-browser.ts: filter change to updated table), and a
 * trader's and a visitor's first rows beside the static page /faqs at 50,000 and 200,000 stones,
 * with the longest main-thread task and a filter change's INP at 4x CPU
 * (bench/catalogue-first-rows.ts; `--first-rows-sizes 50000,200000 --first-rows-runs 3`), and a
 * live price change and a settling filter press in a trader's open list at 200,000 stones, their
 * longest main-thread task (bench/catalogue-live-browser.ts; `--live-browser-runs 4`).
 *
 * Then the stock import (bench/stock-import.ts): median time to import a 20,000-row CSV and
 * the same rows as an Excel workbook.
 *
 * Then the downloads (bench/downloads.ts: PDF and Excel of 5,000 stones, median of 5) and the
 * bag request round trip (bench/bag-request.ts: POST /profile/bagRequest, median).
 *
 * Then SQLite beside PostgreSQL (bench/db-engines.ts): the list call and the bag request on
 * the full app on each engine, with PG/SQLite.
 *
 * `--only http,db` runs just the named parts (comma-separated): http (full/floor),
 * lighthouse, catalogue, import, downloads (downloads and the bag request), db, link (API Link
 * data calls: bench/link-api.ts), cluster (a content change reaching 2 and 3 PostgreSQL nodes:
 * bench/site-propagation.ts), alerts (10,000 saved searches against an import of 1,000 changed
 * stones on both engines: bench/saved-search-alerts.ts), stock-sync (a scheduled pull of a
 * 200,000-row file with 2,000 changed rows, an unchanged file, a PATCH of one stone, on both
 * engines: bench/stock-sync.ts; `--sync-rows` / `--sync-changed` for another size; run first,
 * and alone it needs no seeded database).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OUT, seededDb } from './seeded-db.ts';
import { benchDiamondsHttp, compareAnswers, startServer, type Server } from './diamonds-http.ts';
import { main as catalogueFilterMain } from './catalogue-filter.ts';
import { main as catalogueLivePatchMain } from './catalogue-live-patch.ts';
import { benchCatalogueBrowser, printBrowserResult } from './catalogue-browser.ts';
import { benchFirstRows, printFirstRows, type FirstRowsResult } from './catalogue-first-rows.ts';
import { benchLiveBrowser, printLiveBrowser } from './catalogue-live-browser.ts';
import { benchLighthouse, printLighthouseResult } from './lighthouse.ts';
import { main as stockImportMain } from './stock-import.ts';
import { main as stockSyncMain } from './stock-sync.ts';
import { benchDownloads, printDownloads } from './downloads.ts';
import { benchLinkApi, printLinkApi } from './link-api.ts';
import { benchBagRequest, printBagRequest } from './bag-request.ts';
import { benchDbEngines, printDbEngines } from './db-engines.ts';
import { benchPublish, printPublish } from './publish.ts';
import { benchPropagation, printPropagation } from './site-propagation.ts';
import { benchAlerts, printAlerts } from './saved-search-alerts.ts';

// `npm run bench -- --live [--streams 2000] [--nodes 2]`: live stock streams at scale (bench/live.ts; first: its options share names with other benches' flags)
if (process.argv.includes('--live')) {
  const { main } = await import('./live.ts');
  await main();
  process.exit(0);
}

// `npm run bench -- --similar-prices [--stones ..] [--samples ..]`: where a price sits at scale (bench/similar-prices.ts)
if (process.argv.includes('--similar-prices')) {
  const { main } = await import('./similar-prices.ts');
  await main();
  process.exit(0);
}

// `npm run bench -- --holds`: the hold round trip and the expiry sweep on both engines (bench/holds.ts)
if (process.argv.includes('--holds')) {
  const { main } = await import('./holds.ts');
  await main();
  process.exit(0);
}

// `npm run bench -- --catalogue-scale [--sizes ..] [--runs ..] [--port ..]`: only the catalogue at scale
if (process.argv.includes('--catalogue-scale')) {
  const { main } = await import('./catalogue-scale.ts');
  await main(process.argv.slice(2).filter((a) => a !== '--catalogue-scale'));
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    stones: { type: 'string', default: '3600' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    'sync-rows': { type: 'string', default: '200000' },
    'sync-changed': { type: 'string', default: '2000' },
    /** the stock sizes and runs of the first rows beside a static page (bench/catalogue-first-rows.ts) */
    'first-rows-sizes': { type: 'string', default: '50000,200000' },
    'first-rows-runs': { type: 'string', default: '3' },
    /** visits of the live change in an open list at 200,000 stones (bench/catalogue-live-browser.ts) */
    'live-browser-runs': { type: 'string', default: '4' },
    /** another checkout (e.g. a `git archive` of an older commit with node_modules linked): its full app joins the list-call rounds */
    root: { type: 'string' },
  },
});
const PARTS = [
  'http',
  'lighthouse',
  'catalogue',
  'import',
  'downloads',
  'db',
  'publish',
  'link',
  'cluster',
  'alerts',
  'stock-sync',
] as const;
const only = values.only?.split(',').map((p) => p.trim()) ?? [...PARTS];
const unknown = only.filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length) throw new Error(`--only: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
const runs = (part: (typeof PARTS)[number]) => only.includes(part);
const opts = {
  stones: Number(values.stones),
  connections: Number(values.connections),
  duration: Number(values.duration),
  warmup: Number(values.warmup),
  rounds: Number(values.rounds),
  path: '/api/v1/diamonds?page=1&limit=100',
};
for (const [k, v] of Object.entries(opts)) {
  if (typeof v === 'number' && !(Number.isInteger(v) && v >= 0)) throw new Error(`--${k} must be a whole number`);
}

const log = (line: string) => console.log(`[bench] ${line}`);

// ---------------------------------------------------------------- stock sync (its own databases on both engines)
if (runs('stock-sync')) {
  try {
    await stockSyncMain(['--rows', values['sync-rows'], '--changed', values['sync-changed']]);
  } catch (err) {
    console.error('[bench] stock sync bench failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
  if (only.every((p) => p === 'stock-sync')) process.exit();
}
const prepareDb = (stones: number) => seededDb(stones, log);

const dbFile = await prepareDb(opts.stones);
const siteDir = join(OUT, `site-${opts.stones}`);
const servers: Server[] = [];
const stopAll = async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

// ---------------------------------------------------------------- full app against the floor, Lighthouse
if (runs('http') || runs('lighthouse')) {
  try {
    log('starting the full app (scripts/start.ts; builds the site on first use, up to 3 min) ...');
    const t0 = performance.now();
    const full = await startServer(
      'full',
      'scripts/start.ts',
      // logs and metrics on, as in production (the request log goes to the bench's pipe)
      { DATABASE_PATH: dbFile, SITE_DIR: siteDir, LOG_REQUESTS: 'true', METRICS_TOKEN: 'bench-metrics-token' },
      180_000,
    );
    servers.push(full);
    log(`full app ready in ${((performance.now() - t0) / 1000).toFixed(1)} s at ${full.url}`);
    if (runs('http')) await benchFullAgainstFloor(full);
    // Lighthouse (mobile) on home, about, news and FAQ of the same full app (bench/lighthouse.ts)
    if (runs('lighthouse')) {
      try {
        printLighthouseResult(await benchLighthouse(full.url, { log }));
      } catch (err) {
        console.error('[bench] lighthouse failed:', err instanceof Error ? err.message : err);
        process.exitCode = 1;
      }
    }
  } catch (err) {
    console.error('[bench] failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

async function benchFullAgainstFloor(fullApp: Server): Promise<void> {
  const floorServer = await startServer('floor', 'bench/floor-server.ts', { DATABASE_PATH: dbFile }, 30_000);
  servers.push(floorServer);
  log(`floor ready at ${floorServer.url}`);

  const check = await compareAnswers(fullApp, floorServer, opts.path);
  log(`answers compared: ${check.note}`);

  // --root: the other checkout's full app (its own copy of the site: its build stamp differs)
  const beforeServer = values.root
    ? await startServer(
        'before',
        join(values.root, 'scripts/start.ts'),
        {
          DATABASE_PATH: dbFile,
          SITE_DIR: `${siteDir}-root`,
          LOG_REQUESTS: 'true',
          METRICS_TOKEN: 'bench-metrics-token',
        },
        300_000,
      )
    : null;
  if (beforeServer) servers.push(beforeServer);

  const summaries = await benchDiamondsHttp(
    beforeServer ? [fullApp, floorServer, beforeServer] : [fullApp, floorServer],
    opts,
    log,
  );
  const [full, floor, before] = summaries as [(typeof summaries)[0], (typeof summaries)[0], (typeof summaries)[0]?];
  const ratio = full.rps / floor.rps;

  const rows = [
    ['', 'req/s (median)', 'p99 ms (median)'],
    ['full app', full.rps.toFixed(0), full.p99.toFixed(1)],
    ['floor', floor.rps.toFixed(0), floor.p99.toFixed(1)],
    ['full/floor', `${(ratio * 100).toFixed(0)}%`, `${(full.p99 / floor.p99).toFixed(2)}x`],
    ...(before
      ? [
          [`--root app`, before.rps.toFixed(0), before.p99.toFixed(1)],
          [
            '--root/floor',
            `${((before.rps / floor.rps) * 100).toFixed(0)}%`,
            `${(before.p99 / floor.p99).toFixed(2)}x`,
          ],
        ]
      : []),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(
    `\nGET ${opts.path}  (${opts.stones} stones, ${opts.connections} connections, ${opts.rounds} x ${opts.duration} s each)`,
  );
  for (const r of rows)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   '));
  console.log(ratio >= 0.8 ? 'aim met: full app >= 80% of the floor' : 'AIM MISSED: full app < 80% of the floor');

  const result = {
    at: new Date().toISOString(),
    node: process.version,
    options: opts,
    sameAnswer: check.same,
    answerNote: check.note,
    full,
    floor,
    ratio,
    before: before ?? null,
    aimMet: ratio >= 0.8,
  };
  const json = JSON.stringify(result, null, 2);
  const outFile = join(OUT, `diamonds-http-${result.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(outFile, json);
  writeFileSync(join(OUT, 'latest.json'), json);
  console.log(`results: ${outFile}`);
}

// ---------------------------------------------------------------- SQLite beside PostgreSQL
if (runs('db')) {
  try {
    printDbEngines(
      await benchDbEngines({ stones: opts.stones, dbFile, siteDir, outDir: OUT, load: opts, bagRuns: 20, log }),
    );
  } catch (err) {
    console.error('[bench] SQLite/PostgreSQL bench failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- catalogue
const CATALOGUE_STONES = 10_000;
if (runs('catalogue')) {
  try {
    console.log('');
    catalogueFilterMain([]);
    console.log('');
    catalogueLivePatchMain();
    const catalogueDb = await prepareDb(CATALOGUE_STONES);
    printBrowserResult(
      await benchCatalogueBrowser({
        dbFile: catalogueDb,
        siteDir: join(OUT, `site-${CATALOGUE_STONES}`),
        stones: CATALOGUE_STONES,
        log,
      }),
    );
    const firstRows: FirstRowsResult[] = [];
    for (const stones of values['first-rows-sizes'].split(',').map(Number))
      firstRows.push(await benchFirstRows({ stones, runs: Number(values['first-rows-runs']), log }));
    printFirstRows(firstRows);
    printLiveBrowser(
      await benchLiveBrowser({ stones: 200_000, runs: Number(values['live-browser-runs']), quietMs: 1000, log }),
    );
  } catch (err) {
    console.error('[bench] catalogue benches failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- stock import
if (runs('import')) {
  try {
    console.log('');
    await stockImportMain([]);
  } catch (err) {
    console.error('[bench] stock import bench failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- downloads and bag request
if (runs('downloads')) {
  try {
    printDownloads(await benchDownloads(5000, 5));
    printBagRequest(await benchBagRequest({ dbFile, siteDir, runs: 20, log }));
  } catch (err) {
    console.error('[bench] downloads / bag request benches failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- save to visible
if (runs('publish')) {
  try {
    printPublish(await benchPublish({ dbFile, runs: 5, log }));
  } catch (err) {
    console.error('[bench] save-to-visible bench failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- content change to every node
if (runs('cluster')) {
  try {
    printPropagation(await benchPropagation({ sizes: [2, 3], log }));
  } catch (err) {
    console.error('[bench] propagation bench failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- API Link data calls
if (runs('alerts')) {
  try {
    printAlerts(await benchAlerts());
  } catch (err) {
    console.error('[bench] saved-search alerts bench failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

if (runs('link')) {
  try {
    const { stones, duration, connections } = opts;
    printLinkApi(await benchLinkApi({ stones, duration, connections, port: 5650 }), stones);
  } catch (err) {
    console.error('[bench] API Link bench failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
