/**
 * The full set's job starts from the list page's early script, before the island's scripts have
 * loaded, and the store adopts it (src/stores/catalogue-early-set.ts): a trader's visit makes
 * ONE request for the set, whether its answers came before the island (kept and replayed) or
 * after it (heard live), and the list becomes fully filterable with the trader's prices.
 *
 * Uses Playwright's own `test`: the island's script is held back on purpose.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { TRADER } from './support/accounts.ts';
import { indexReady, rowsDrawn } from './support/catalogue.ts';
import { hold, holdIsland } from './support/hold.ts';

const SET = '/api/v1/diamonds/catalogue';
const prices = (page: Page) => page.locator('.cat-table td[data-label="PRICE"]').allInnerTexts();

/** Every request for the full set the browser makes (the worker's included). */
function setRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === SET) seen.push(r.url());
  });
  return seen;
}

async function signIn(page: Page) {
  expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
}

/** The shape filter works on the full set: only round stones, fewer than before, priced in pounds. */
async function filterRound(page: Page) {
  const pager = page
    .getByRole('navigation', { name: 'Pages of the stock list' })
    .first()
    .locator('.cat-pager__total strong');
  const all = await pager.innerText();
  await page.getByRole('button', { name: 'Round', exact: true }).click();
  await expect(page).toHaveURL(/shape=round/);
  await expect(pager).not.toHaveText(all);
  await rowsDrawn(page);
  const shapes = await page.locator('.cat-table tbody .cat-shape__name').allInnerTexts();
  expect(shapes.length).toBeGreaterThan(1);
  expect(shapes.every((s) => /^Round/.test(s))).toBe(true);
  const shown = await prices(page);
  expect(shown.length).toBe(shapes.length);
  expect(shown.every((p) => /^£[\d,]+\.\d\d$/.test(p))).toBe(true);
}

test('a trader: the set is asked for before the island loads, once, and the island adopts the answers kept meanwhile', async ({
  page,
  context,
}) => {
  test.slow(); // a held island and a full load on a shared machine
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const asked = setRequests(context);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const island = await holdIsland(page);
  const setAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === SET);
  await page.goto('/diamonds/all', { waitUntil: 'commit' });

  // the set's answer arrives while the island's script is still held: the early job asked for it
  expect((await setAnswered).status()).toBe(200);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  expect(page.workers().filter((w) => w.url().includes('catalogue.worker'))).toHaveLength(1);
  await expect(page.locator('.cat-table-wrap[data-early] .cat-price').first()).toBeVisible();
  const early = await prices(page); // the server's first page, priced by the server

  await island.release();
  await indexReady(page);
  // the index gives the same first rows and prices: the drawn rows stand for the island's
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('.cat-table-wrap[data-early]')).toHaveCount(1);
  expect(await prices(page)).toEqual(early);
  await filterRound(page);
  expect(asked).toHaveLength(1); // the island did not start a second load
  expect(page.workers().filter((w) => w.url().includes('catalogue.worker'))).toHaveLength(1);
  expect(await page.evaluate(() => performance.getEntriesByName('catalogue:index-ready').length)).toBe(1);
  expect(errors).toEqual([]);
});

test('a trader: answers that come after the island has adopted the job are heard live (still one request)', async ({
  page,
  context,
}) => {
  test.slow();
  const asked = setRequests(context);
  await signIn(page);
  const island = await holdIsland(page);
  const set = await hold(page, (u) => u.pathname === SET);
  await page.goto('/diamonds/all?sort=-price', { waitUntil: 'commit' });
  await expect.poll(() => asked.length).toBe(1); // asked for while the island is held
  await expect(page.locator('.cat-table-wrap[data-early] .cat-price').first()).toBeVisible();
  await island.release();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // the island is up, the set still held
  expect(await page.evaluate(() => performance.getEntriesByName('catalogue:index-ready').length)).toBe(0);
  await set.release();
  await indexReady(page);
  await filterRound(page);
  const shown = (await prices(page)).map((p) => Number(p.replace(/[£,]/g, '')));
  expect(shown).toEqual([...shown].sort((a, b) => b - a)); // sorted by the trader's price
  expect(asked).toHaveLength(1);
});

test('a trader whose browser cannot load the worker: the page runs the job itself (one request, filterable)', async ({
  page,
  context,
}) => {
  test.slow();
  const asked = setRequests(context);
  await signIn(page);
  await page.route(/\/_astro\/catalogue\.worker[^/]*\.js$/, (route) => route.abort());
  await page.goto('/diamonds/all?sort=-price', { waitUntil: 'commit' });
  await indexReady(page);
  await filterRound(page);
  expect(asked).toHaveLength(1);
});
