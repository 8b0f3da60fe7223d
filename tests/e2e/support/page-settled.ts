/**
 * When a page is settled enough to judge: its eager islands hydrated, its data loaded and the
 * list's table done drawing its page (`aria-busy` while it draws a few rows a frame). The
 * page's requests are counted as they start and end; the page is settled once none has been
 * open for QUIET_MS (a worker script the last document left open, which never reports an end,
 * stops counting once the current document has loaded it). Playwright's `networkidle` does the
 * same with a fixed 500 ms, which over hundreds of pages is minutes of waiting for nothing.
 * Media streams (the home film) and long downloads are left out: they never finish while the
 * page plays.
 */
import type { Page, Request } from '@playwright/test';
import { islandsReady } from './test.ts';

const QUIET_MS = 150;
/** how long a request may stay open with nothing else happening before it is checked for an orphan */
const ORPHAN_MS = 2_000;
const IGNORED = new Set(['media', 'websocket', 'eventsource']);

export type Settle = () => Promise<void>;

const busy = (page: Page) =>
  page.evaluate(() => document.querySelector('.cat-table[aria-busy="true"]') !== null).catch(() => false);

/** Those of `requests` whose address the page's current document has loaded (its resource timing lists it done). */
async function loadedHere(page: Page, requests: Request[]): Promise<Request[]> {
  const loaded = await page
    .evaluate(
      (urls) =>
        urls.filter((u) =>
          performance.getEntriesByName(u).some((e) => (e as PerformanceResourceTiming).responseEnd > 0),
        ),
      requests.map((r) => r.url()),
    )
    .catch(() => [] as string[]);
  return requests.filter((r) => loaded.includes(r.url()));
}

/** Starts counting the page's requests; the answer waits until the page is settled. */
export function watchSettled(page: Page): Settle {
  const open = new Set<Request>();
  let changed = Date.now();
  const start = (r: Request) => {
    if (IGNORED.has(r.resourceType())) return;
    open.add(r);
    changed = Date.now();
  };
  const end = (r: Request) => {
    if (open.delete(r)) changed = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  // a script's answer is its end: a Web Worker's own script may never report one (seen in
  // Chromium when the page starts its worker while the previous document's is torn down)
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') end(res.request());
  });
  // a navigation drops what the old document had open (its requests may never report an end)
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) open.clear();
  });

  return async () => {
    await islandsReady(page);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const quietFor = Date.now() - changed;
      // and nothing says it is still being drawn (the list's table draws a new page a few rows a frame)
      if (open.size === 0 && quietFor >= QUIET_MS && !(await busy(page))) return;
      // a worker's script the last document asked for as it was torn down may report neither an
      // answer nor an end, after the navigation that cleared the rest: once the current document
      // has loaded the same script, the one still open is that one
      if (open.size > 0 && quietFor >= ORPHAN_MS) {
        const scripts = [...open].filter((r) => r.resourceType() === 'script');
        for (const r of await loadedHere(page, scripts)) end(r);
      }
      await new Promise((done) => setTimeout(done, open.size === 0 && quietFor < QUIET_MS ? QUIET_MS - quietFor : 50));
    }
    throw new Error(`still loading after 20 s: ${[...open].map((r) => r.url()).join(', ')}`);
  };
}

/**
 * Resolves once every running animation and transition that ends has ended (a drawer slid in,
 * a row's highlight faded), or after 3 s.
 */
export const animationsDone = (page: Page): Promise<unknown> =>
  page.evaluate(() =>
    Promise.race([
      new Promise((done) => setTimeout(done, 3_000)),
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    ]),
  );
