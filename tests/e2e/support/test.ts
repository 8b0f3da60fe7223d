/**
 * The `test` every browser spec uses: Playwright's, with
 * - `page.goto` and `page.reload` waiting until the page's eager islands (client:load,
 *   client:painted, client:idle, client:only) have hydrated, so a click is never lost on
 *   server-rendered markup whose handlers are not attached yet (this happens on a loaded machine,
 *   e.g. while the server regenerates the site in the background). This holds for every page the
 *   test opens: the fixture's own, and those of contexts the test makes with `browser.newContext()`;
 * - the page's console errors and warnings, and its uncaught errors, attached to the report of a
 *   test that failed (`browser console`), so a failure the page only logged says what it was;
 * - `keep`: every spec shares one server and database, so a test that changes what others
 *   could see (site blocks, settings, rates, a demo account's bag or lists, the stock) first
 *   asks `keep` for it, and the fixture's teardown puts it back, passed or failed
 *   (support/shared-state.ts).
 */
import { expect, test as base, type Page } from '@playwright/test';
import { keeper, type Keep } from './shared-state.ts';

export { expect } from '@playwright/test';

/** Resolves once no eager Astro island is waiting to hydrate. */
export async function islandsReady(page: Page): Promise<void> {
  // polled on a timer, not on animation frames: a tab the headless shell gives no frame still hydrates (screens.ts)
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"])'), null, {
    timeout: 20_000,
    polling: 25,
  });
}

/** Resolves once every Astro island has started, those waiting to be seen too (scroll them into view first). */
export async function islandsStarted(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('astro-island[ssr]').length)).toBe(0);
}

const settling = new WeakSet<Page>();
const raw = new WeakSet<Page>();

/** Lets `page.goto` and `page.reload` resolve as Playwright's do, for a test that looks at a page before its islands start. */
export function leaveIslandsUnwaited(page: Page): void {
  raw.add(page);
}

/** Makes `page.goto` and `page.reload` resolve only once the page they load has hydrated its eager islands. */
function settleNavigations(page: Page): void {
  if (settling.has(page)) return;
  settling.add(page);
  const settled =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const response = await navigate(...args);
      if (!raw.has(page)) await islandsReady(page);
      return response;
    };
  page.goto = settled(page.goto.bind(page));
  page.reload = settled(page.reload.bind(page));
}

export const test = base.extend<{ keep: Keep }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        context.on('page', settleNavigations);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ page }, use, testInfo) => {
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => logged.push(`uncaught: ${e.stack ?? e.message}`));
    // done already when its context came through the browser fixture; a reused context's did not
    settleNavigations(page);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && logged.length > 0)
      await testInfo.attach('browser console', { body: logged.join('\n'), contentType: 'text/plain' });
  },
  keep: async ({ baseURL }, use) => {
    const keep = keeper(baseURL ?? '');
    try {
      await use(keep);
    } finally {
      await keep.restoreAll();
    }
  },
});
