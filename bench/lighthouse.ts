/**
 * Lighthouse on the marketing pages (home, /about-us, /news and /faqs) and the stock list
 * /diamonds/all as a visitor and as the signed-in demo trader (its session cookie set in the
 * browser's cookie jar for the trader's runs, as a signed-in browser holds it, and cleared
 * after them) of a running full app,
 * in Debian's Chromium (launched headless through chrome-launcher; nothing downloads a
 * browser) with Lighthouse's default settings, i.e. the mobile form factor and its simulated
 * mobile throttling. Each page runs `runs` times (default 3); the table shows the median of
 * every figure. Aim: performance 95+ and accessibility 100 on every page, and CLS 0 on the list.
 *
 * Results go to bench/out/lighthouse-<time>.json and bench/out/lighthouse-latest.json, and
 * the last run's full report per page to bench/out/lighthouse/<page>.json (open it in the
 * Lighthouse viewer, or read `audits` for the causes). Audits that cost points are listed
 * under the table.
 *
 *   npx node bench/lighthouse.ts [--runs 3] [--url http://127.0.0.1:4321] [--pages list-visitor,list-trader]
 *
 * `--pages` runs only the named pages (names as in LIGHTHOUSE_PAGES).
 *
 * Without --url it starts its own full app (scripts/start.ts) on a small seeded database
 * cached in bench/out/ (the site is rebuilt when its sources change).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { ROOT, startServer } from './diamonds-http.ts';
import { median } from './stats.ts';

type LighthousePage = { name: string; path: string; trader?: true };
export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about-us' },
  { name: 'news', path: '/news' },
  { name: 'faqs', path: '/faqs' },
  // the stock list as a visitor and as a signed-in trader (the session cookie in the browser's jar)
  { name: 'list-visitor', path: '/diamonds/all' },
  { name: 'list-trader', path: '/diamonds/all', trader: true },
];
const TRADER = { email: 'trader@facet.trade', password: 'Trader#2026' };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const OUT = join(ROOT, 'bench', 'out');

export type PageFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's measure of the host's CPU speed during the run (a busy or slow host scores low). */
  benchmarkIndex: number;
};
export type PageResult = {
  name: string;
  path: string;
  trader?: true;
  median: PageFigures;
  runs: PageFigures[];
  /** Audits that cost points in the last run, e.g. `color-contrast (0)`. */
  losses: string[];
};
export type LighthouseResult = {
  at: string;
  url: string;
  chromium: string;
  runs: number;
  /** the host's 1, 5 and 15 minute load averages (as `uptime` shows them) before and after the runs */
  load: { before: number[]; after: number[] };
  pages: PageResult[];
};

const loadNow = () => loadavg().map((l) => Math.round(l * 100) / 100);

function figures(lhr: Result): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The audits of the four categories that scored below 1 and carry weight, or are opportunities with savings. */
function losses(lhr: Result): string[] {
  const out = new Set<string>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      if (ref.weight > 0 || audit.scoreDisplayMode === 'metricSavings') out.add(`${ref.id} (${audit.score})`);
    }
  }
  return [...out];
}

/** One Lighthouse run; a run that fails to record (e.g. NO_NAVSTART on a busy host) is tried again, twice at most. */
async function oneRun(url: string, port: number, log: (line: string) => void): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
    const res = await lighthouse(url, flags);
    if (!res) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!res.lhr.runtimeError) return res.lhr;
    if (attempt === 3) throw new Error(`${url}: ${res.lhr.runtimeError.message}`);
    log(`${url}: ${res.lhr.runtimeError.code}, trying again`);
  }
}

type Cookie = { name: string; value: string };

/** The demo trader's session cookies, signed in through the API. */
async function traderCookies(baseUrl: string): Promise<Cookie[]> {
  const res = await fetch(new URL('/api/v1/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TRADER),
  });
  if (res.status !== 200) throw new Error(`the trader's sign-in answered ${res.status}`);
  return res.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0]!;
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/**
 * Sets (or, with no cookies, clears) the browser's cookies through the DevTools protocol on
 * the browser's own target: Lighthouse keeps cookies between runs (it clears caches and
 * service workers, not the cookie jar), so its runs load the page as that signed-in browser.
 */
async function setBrowserCookies(port: number, baseUrl: string, cookies: Cookie[]): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((done, fail) => {
    ws.onopen = done;
    ws.onerror = fail;
  });
  const [method, params] =
    cookies.length === 0
      ? ['Storage.clearCookies', {}]
      : [
          'Storage.setCookies',
          { cookies: cookies.map((c) => ({ ...c, url: baseUrl, httpOnly: true, sameSite: 'Lax' })) },
        ];
  try {
    await new Promise<void>((done, fail) => {
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data)) as { id?: number; error?: { message: string } };
        if (m.id !== 1) return;
        if (m.error) fail(new Error(`${method}: ${m.error.message}`));
        else done();
      };
      ws.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    ws.close();
  }
}

export async function benchLighthouse(
  baseUrl: string,
  opts: { runs?: number; log?: (line: string) => void; pages?: readonly string[] } = {},
): Promise<LighthouseResult> {
  const runs = opts.runs ?? 3;
  const log = opts.log ?? ((l: string) => console.log(`[lighthouse] ${l}`));
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const loadBefore = loadNow();
  mkdirSync(join(OUT, 'lighthouse'), { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  const pages: PageResult[] = [];
  try {
    const cookies = await traderCookies(baseUrl);
    for (const page of LIGHTHOUSE_PAGES.filter((p) => !opts.pages || opts.pages.includes(p.name))) {
      const url = new URL(page.path, baseUrl).href;
      await setBrowserCookies(chrome.port, baseUrl, page.trader ? cookies : []);
      const all: PageFigures[] = [];
      let last: Result | undefined;
      for (let i = 0; i < runs; i++) {
        const lhr = await oneRun(url, chrome.port, log);
        last = lhr;
        const f = figures(lhr);
        all.push(f);
        log(
          `${page.name} run ${i + 1}/${runs}: perf ${f.performance}, a11y ${f.accessibility}, LCP ${f.lcpMs.toFixed(0)} ms`,
        );
      }
      writeFileSync(join(OUT, 'lighthouse', `${page.name}.json`), JSON.stringify(last));
      const pick = (k: keyof PageFigures) => median(all.map((f) => f[k]));
      pages.push({
        ...page,
        runs: all,
        median: {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          seo: pick('seo'),
          lcpMs: pick('lcpMs'),
          cls: pick('cls'),
          tbtMs: pick('tbtMs'),
          benchmarkIndex: pick('benchmarkIndex'),
        },
        losses: last ? losses(last) : [],
      });
    }
  } finally {
    chrome.kill();
  }
  const result: LighthouseResult = {
    at: new Date().toISOString(),
    url: baseUrl,
    chromium: chromePath,
    runs,
    load: { before: loadBefore, after: loadNow() },
    pages,
  };
  const json = JSON.stringify(result, null, 2);
  writeFileSync(join(OUT, `lighthouse-${result.at.replace(/[:.]/g, '-')}.json`), json);
  writeFileSync(join(OUT, 'lighthouse-latest.json'), json);
  return result;
}

export function printLighthouseResult(r: LighthouseResult): void {
  console.log(`\nLighthouse, mobile (default form factor and throttling), median of ${r.runs} runs per page`);
  const head = ['page', 'perf', 'a11y', 'best-pr.', 'SEO', 'LCP ms', 'CLS', 'TBT ms', 'host CPU'];
  const rows = r.pages.map((p) => [
    p.trader ? `${p.path} (trader)` : p.path,
    String(p.median.performance),
    String(p.median.accessibility),
    String(p.median.bestPractices),
    String(p.median.seo),
    p.median.lcpMs.toFixed(0),
    p.median.cls.toFixed(3),
    p.median.tbtMs.toFixed(0),
    p.median.benchmarkIndex.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [head, ...rows])
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   '));
  console.log(`host load average (1, 5, 15 min) ${r.load.before.join(', ')} before, ${r.load.after.join(', ')} after`);
  console.log(
    'host CPU: Lighthouse benchmarkIndex; its 4x CPU slowdown assumes a fast idle desktop (about 1500+), so a busy host inflates TBT',
  );
  for (const p of r.pages) if (p.losses.length) console.log(`  ${p.name} loses points on: ${p.losses.join(', ')}`);
  const met = r.pages.every(
    (p) =>
      p.median.performance >= 95 &&
      p.median.accessibility === 100 &&
      (!p.name.startsWith('list') || p.median.cls === 0),
  );
  console.log(
    met
      ? 'aim met: performance >= 95 and accessibility 100 on every page, CLS 0 on the list'
      : 'AIM MISSED: performance < 95, accessibility < 100 or (the list) CLS above 0 on some page',
  );
  console.log(`results: bench/out/lighthouse-latest.json, reports: bench/out/lighthouse/<page>.json`);
}

async function cli() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, url: { type: 'string' }, pages: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (!(Number.isInteger(runs) && runs > 0)) throw new Error('--runs must be a whole number above 0');
  const pages = values.pages?.split(',').map((p) => p.trim());
  const unknown = pages?.filter((p) => !LIGHTHOUSE_PAGES.some((l) => l.name === p)) ?? [];
  if (unknown.length) throw new Error(`--pages: unknown page ${unknown.join(', ')}`);
  if (values.url) {
    printLighthouseResult(await benchLighthouse(values.url, { runs, pages }));
    return;
  }
  console.log('[lighthouse] starting the full app (builds the site when its sources changed, up to 3 min) ...');
  const server = await startServer(
    'full',
    'scripts/start.ts',
    {
      DATABASE_PATH: join(OUT, 'lighthouse.db'),
      SITE_DIR: join(OUT, 'site-lighthouse'),
      SEED_STONES: '300',
      LOG_REQUESTS: 'false',
    },
    240_000,
  );
  try {
    console.log(`[lighthouse] full app ready at ${server.url}`);
    printLighthouseResult(await benchLighthouse(server.url, { runs, pages }));
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await cli();
