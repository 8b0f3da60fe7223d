/**
 * A live change in a trader's open list, in the browser, at 200,000 stones (part of
 * `npm run bench -- --only catalogue`). It seeds a database (cached in bench/out/, copied for the
 * run: the changes below are written to the copy), starts the full app, and in Chromium at
 * 1440 x 900, `runs` visits, each a signed-in trader in a fresh context with the list open and
 * fully filterable:
 *
 *   - a price change: the first row's stone repriced through the stock push (`PATCH
 *     /stock/{code}`, its `price_changed` event); the page's longest main-thread task from the
 *     call until its new price is painted and 2 s after;
 *   - the list settling: the second row's stone sold elsewhere (`DELETE /stock/{code}`, its
 *     `left_stock` event greys the row), the page left alone `--quiet` ms (a trader reading the
 *     list), then the Round shape filter pressed, which settles the list (the stone leaves the
 *     rows); the longest task from the press until the rows are drawn and 1 s after.
 *
 * Long tasks as bench/catalogue-scale.ts counts them (a `longtask` observer, and the rendering
 * part of each long animation frame). Aim: no task over 50 ms. `--why` prints each long
 * animation frame of the two windows: its scripts (where each began, and its time) and its
 * rendering (style and layout, then paint).
 *
 *   node bench/catalogue-live-browser.ts [--stones 200000] [--runs 4] [--quiet 1000] [--why]
 */
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { LINK_BASE } from '../api/link/base.ts';
import { launchChromium, tableDrawn } from './catalogue-browser.ts';
import { firstRowsApp } from './catalogue-first-rows.ts';
import { firstBuild } from './catalogue-server.ts';
import { ROW, traderContext, visit } from './catalogue-scale.ts';
import { OUT, seededDb } from './seeded-db.ts';
import { median } from './stats.ts';

const ADMIN = { email: 'admin@facet.trade', password: 'Admin#2026' };

export type LiveBrowserResult = {
  stones: number;
  runs: number;
  quietMs: number;
  /** the longest task of each visit */
  priceChange: number[];
  settle: number[];
};

type W = { __longTasks: [number, number][]; __frames?: string[] };

type Frame = PerformanceEntry & {
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: (PerformanceEntry & {
    invoker: string;
    sourceFunctionName: string;
    sourceURL: string;
    sourceCharPosition: number;
  })[];
};

/** From now on, each animation frame over 50 ms, told in a line (read by `frames`). */
const watchFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as W;
    if (w.__frames) return;
    w.__frames = [];
    new PerformanceObserver((list) => {
      for (const f of list.getEntries() as Frame[]) {
        const end = f.startTime + f.duration;
        const scripts = f.scripts
          .map(
            (s) =>
              `${s.invoker} ${s.sourceFunctionName || '?'} ${s.sourceURL.split('/').at(-1)}@${s.sourceCharPosition} ${s.duration.toFixed(0)}`,
          )
          .join('; ');
        const layout = f.styleAndLayoutStart > 0 ? end - f.styleAndLayoutStart : 0;
        const render = f.renderStart > 0 ? f.styleAndLayoutStart - f.renderStart : 0;
        w.__frames!.push(
          `${f.duration.toFixed(0)} ms: scripts [${scripts}], rAF+observers ${render.toFixed(0)}, style/layout/paint ${layout.toFixed(0)}`,
        );
      }
    }).observe({ type: 'long-animation-frame' });
  });
const frames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as W;
    const out = w.__frames ?? [];
    w.__frames = [];
    return out;
  });

const longest = (page: Page) =>
  page.evaluate(() => Math.max(0, ...(window as unknown as W).__longTasks.map(([, d]) => d)));
const forgetTasks = (page: Page) => page.evaluate(() => void ((window as unknown as W).__longTasks.length = 0));

/** A stock key of the demo admin's (the stock push's Bearer key). */
async function stockKey(browser: Browser, url: string): Promise<string> {
  const ctx = await browser.newContext({ baseURL: url });
  try {
    const signIn = await ctx.request.post('/api/v1/login', { data: ADMIN });
    if (signIn.status() !== 200) throw new Error(`admin sign-in answered ${signIn.status()}`);
    const made = await ctx.request.post('/api/v1/admin/stock-import/api-keys', { data: { name: 'live bench' } });
    if (made.status() !== 201) throw new Error(`stock key answered ${made.status()}: ${await made.text()}`);
    return ((await made.json()) as { key: string }).key;
  } finally {
    await ctx.close();
  }
}

export async function benchLiveBrowser(opts: {
  stones: number;
  runs: number;
  quietMs: number;
  log: (line: string) => void;
  why?: boolean;
}): Promise<LiveBrowserResult> {
  const { log } = opts;
  const seeded = await seededDb(opts.stones, log);
  const dbFile = join(OUT, `live-browser-${opts.stones}.db`);
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
  copyFileSync(seeded, dbFile);
  log(`${opts.stones} stones: starting the full app ...`);
  const server = await firstRowsApp(dbFile);
  let browser: Browser | null = null;
  const result: LiveBrowserResult = {
    stones: opts.stones,
    runs: opts.runs,
    quietMs: opts.quietMs,
    priceChange: [],
    settle: [],
  };
  const why = async (page: Page, what: string) => {
    if (opts.why) for (const f of await frames(page)) log(`  ${what}: ${f}`);
  };
  try {
    browser = await launchChromium();
    const key = await stockKey(browser, server.url);
    const push = async (method: 'PATCH' | 'DELETE', code: string, body?: unknown) => {
      const res = await fetch(`${server.url}${LINK_BASE}/stock/${encodeURIComponent(code)}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${method} /stock/${code}: ${res.status} ${await res.text()}`);
    };
    const warm = await traderContext(browser, server.url);
    const cookie = (await warm.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await warm.close();
    await firstBuild(server.url, cookie);

    for (let i = 0; i < opts.runs; i++) {
      const ctx = await traderContext(browser, server.url);
      const { page } = await visit(ctx, server.url, true);
      await tableDrawn(page);
      await page.waitForTimeout(1000);
      const codes = await page.locator(`${ROW} .cat-shape__code`).allInnerTexts();
      const [repriced, sold] = codes;
      if (!repriced || !sold) throw new Error('fewer than two rows in the list');
      const row = (code: string) => page.locator(ROW).filter({ hasText: code });
      if (opts.why) await watchFrames(page);

      // a price change
      const was = await row(repriced).locator('.cat-price').first().innerText();
      await forgetTasks(page);
      await why(page, '');
      await push('PATCH', repriced, { price: 1000 + i * 7 + Math.round(Math.random() * 500) });
      await page.waitForFunction(
        ([code, before]) =>
          [...document.querySelectorAll('.cat-table tbody tr')].some(
            (tr) => tr.textContent?.includes(code!) && !tr.querySelector('.cat-price')?.textContent?.includes(before!),
          ),
        [repriced, was],
        { timeout: 20_000 },
      );
      await page.waitForTimeout(2000);
      result.priceChange.push(await longest(page));
      await why(page, 'price change');

      // the list settling at a filter press, a while after a stone left the stock
      await push('DELETE', sold);
      await row(sold).getByText('Left the stock').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(opts.quietMs);
      const round = page.getByRole('button', { name: 'Round', exact: true });
      await round.waitFor();
      await forgetTasks(page);
      await why(page, '');
      await round.click();
      await page.waitForFunction(() => location.search.includes('shape=round'), null, { timeout: 20_000 });
      await page.waitForTimeout(600); // the spec's filter delay
      await tableDrawn(page);
      await page.waitForTimeout(1000);
      result.settle.push(await longest(page));
      await why(page, 'settle');
      log(
        `visit ${i + 1}: longest task, price change ${result.priceChange.at(-1)} ms, settle ${result.settle.at(-1)} ms`,
      );
      await ctx.close();
    }
    return result;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

export function printLiveBrowser(r: LiveBrowserResult): void {
  const line = (name: string, xs: number[]) =>
    console.log(
      `  ${name.padEnd(44)} median ${median(xs).toFixed(0).padStart(5)} ms, each ${xs.map((x) => x.toFixed(0)).join(', ')}; over 50 ms in ${xs.filter((x) => x > 50).length} of ${xs.length}`,
    );
  console.log(`\na live change in a trader's open list: ${r.stones} stones, Chromium 1440x900, longest task (<= 50)`);
  line('a price change (PATCH), until painted + 2 s', r.priceChange);
  line(`a filter press settling, ${r.quietMs} ms after a sale`, r.settle);
}

async function cli() {
  const { values } = parseArgs({
    options: {
      stones: { type: 'string', default: '200000' },
      runs: { type: 'string', default: '4' },
      quiet: { type: 'string', default: '1000' },
      why: { type: 'boolean', default: false },
    },
  });
  const log = (line: string) => console.log(`[live-browser] ${line}`);
  printLiveBrowser(
    await benchLiveBrowser({
      stones: Number(values.stones),
      runs: Number(values.runs),
      quietMs: Number(values.quiet),
      log,
      why: values.why,
    }),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await cli();
