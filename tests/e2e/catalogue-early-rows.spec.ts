/**
 * The list's first rows before React has started (decision 004, early-table.ts): the page's
 * own script paints the server's first page (or the browser's kept copy of it) into the table,
 * with the same columns, classes and text as the React table, and the island takes it over
 * without a change on screen: the rows the server drew stand for the island's own table until
 * they change or are pressed. A visitor never gets a kept price.
 *
 * Uses Playwright's own `test`: these pages are looked at before the islands have hydrated.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import type { HoldState } from '../../src/domain/trade/holds.ts';
import { TRADER } from './support/accounts.ts';
import { seriousViolations } from './support/axe-scan.ts';
import { hold, holdIsland } from './support/hold.ts';
import { expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';

const EARLY = '.cat-table-wrap[data-early]';
const rows = (page: Page) => page.locator('.cat-table tbody tr:not(.cat-detail-row):not(.cat-skeleton)');

const holdSet = (page: Page) => hold(page, (u) => u.pathname === '/api/v1/diamonds/catalogue');
const holdFirst = (page: Page) => hold(page, (u) => u.pathname === '/api/v1/diamonds/catalogue/first');

/** What a reader sees of the table: headers, then per row each cell's label and text. */
const tableText = (page: Page) =>
  page.locator('.cat-table').evaluate((t) => ({
    headers: [...t.querySelectorAll('thead th')].map((th) => `${th.className}|${th.textContent}`),
    cells: [...t.querySelectorAll('tbody tr')]
      .slice(0, 20)
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => `${td.dataset.label}|${td.className}|${td.textContent}`)),
  }));
const firstRowBox = async (page: Page) => (await rows(page).nth(3).boundingBox())!;

async function signIn(page: Page) {
  const res = await page.request.post('/api/v1/login', { data: TRADER });
  expect(res.status()).toBe(200);
}

/**
 * The trader's hold overlay answered empty: other specs hold and reserve stones of the first page
 * meanwhile, and the island lays those marks on its rows, which the server's rows never carry.
 * What is checked here is the hand-over of the rows themselves.
 */
const noHoldMarks = (page: Page) =>
  page.route(
    (u) => u.pathname === '/api/v1/holds/state',
    (route) =>
      route.fulfill({ json: { onHold: [], mine: [], watching: [], requested: [], reserved: [] } satisfies HoldState }),
  );

test('the first rows paint before the island starts, and the island takes them over unchanged', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await noHoldMarks(page);
  const island = await holdIsland(page);
  const set = await holdSet(page);
  await page.goto('/diamonds/all', { waitUntil: 'commit' });

  await expect(page.locator(`${EARLY} tbody tr:not(.cat-skeleton)`).first()).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1); // the island has not started
  await expect(page.locator(`${EARLY} .cat-price`).first()).toBeVisible(); // the trader's prices
  const before = await tableText(page);
  const boxBefore = await firstRowBox(page);
  expect(before.cells.length).toBeGreaterThan(3);

  await island.release();
  // the island is live, and the rows it would show are the drawn ones: they stand, not drawn again
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator(EARLY)).toHaveCount(1);
  expect(await tableText(page)).toEqual(before);
  expect(await firstRowBox(page)).toEqual(boxBefore);
  // a press on them is the island's: a header sorts, in the island's own table
  await set.release();
  await page
    .getByRole('columnheader', { name: /WEIGHT/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/sort=weight/);
  await expect(page.locator(EARLY)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a press on a drawn row while the island's table is still coming is kept and carried out", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const island = await holdIsland(page);
  await page.goto('/diamonds/all', { waitUntil: 'commit' });
  await expect(page.locator(`${EARLY} tbody tr:not(.cat-skeleton)`).nth(2)).toBeVisible();
  // a slow phone's CPU: the island's table renders in slices, over several frames
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await island.release();
  // the moment React has taken the page over, while the drawn rows still stand: press a row's Open
  const kept = await page.evaluate(
    (early) =>
      new Promise<string | null>((resolve) => {
        const look = () => {
          const place = document.querySelector(early);
          if (!place) return resolve(null); // the island's table came first
          if (!Object.keys(place).some((k) => k.startsWith('__reactFiber'))) return void setTimeout(look, 0);
          const open = place.querySelectorAll<HTMLButtonElement>('tbody .cat-info')[2]!;
          open.click();
          resolve(open.getAttribute('aria-busy'));
        };
        look();
      }),
    EARLY,
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(kept).toBe('true'); // the drawn control shows that its press waits
  await expect(page.locator(EARLY)).toHaveCount(0);
  await expect(page.locator('.cat-table tbody .cat-info').nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.cat-detail-row')).toHaveCount(1);
});

test("without the early script, the island draws the rest of the server's page in, ten rows a frame", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.route(
    (u) => /\/_astro\/early-rows\.entry[^/]*\.js$/.test(u.pathname),
    (route) => route.abort(),
  );
  const set = await holdSet(page); // the drawn page stays what the island would show
  await page.addInitScript((early) => {
    const w = window as unknown as { __batches: number[] };
    w.__batches = [];
    new MutationObserver((records) => {
      for (const r of records)
        if ((r.target as Element).matches?.(`${early} tbody`))
          w.__batches.push([...r.addedNodes].filter((n) => n.nodeName === 'TR').length);
    }).observe(document, { childList: true, subtree: true });
  }, EARLY);
  await page.goto('/diamonds/all');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator(`${EARLY} tbody tr`)).toHaveCount(100); // the drawn table stands, whole
  const batches = await page.evaluate(() => (window as unknown as { __batches: number[] }).__batches);
  expect(batches.length).toBeGreaterThan(1);
  expect(Math.max(...batches)).toBeLessThanOrEqual(10);
  await set.release();
});

test('a repeat visit paints the kept first page before any request answers', async ({ page }) => {
  await signIn(page);
  await page.goto('/diamonds/all');
  await expect(rows(page).first()).toBeVisible();
  const keptRows = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('facet.catalogue.first') ?? 'null')?.page.docs.length ?? 0);
  await expect.poll(keptRows).toBeGreaterThan(0);
  const shown = await keptRows();
  await expect(rows(page)).toHaveCount(shown);

  const island = await holdIsland(page);
  const first = await holdFirst(page);
  const set = await holdSet(page);
  await page.goto('/diamonds/all', { waitUntil: 'commit' });
  await expect(page.locator(`${EARLY} tbody tr`)).toHaveCount(shown);
  await island.release();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(shown); // the same rows stand for the island too
  await first.release();
  await set.release();
});

test('signing out forgets the kept trade rows: a visitor is never painted a price', async ({ page }) => {
  await signIn(page);
  await page.goto('/diamonds/all');
  await expect(page.locator('.cat-table .cat-price').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('facet.catalogue.first') != null)).toBe(true);
  await page.goto('/my-account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  // (signing out navigates: a read during it is retried)
  const keptNow = () => page.evaluate(() => localStorage.getItem('facet.catalogue.first')).catch(() => 'navigating');
  await expect.poll(keptNow).toBeNull();

  const island = await holdIsland(page);
  await page.goto('/diamonds/all', { waitUntil: 'commit' });
  await expect(page.locator(`${EARLY} tbody tr:not(.cat-skeleton)`).first()).toBeVisible();
  await expect(page.locator(`${EARLY} .cat-locked`).first()).toHaveText('Sign in for prices');
  await expect(page.locator(`${EARLY} .cat-price`)).toHaveCount(0);
  // the visitor's answer is kept now, without prices
  const kept = () => page.evaluate(() => JSON.parse(localStorage.getItem('facet.catalogue.first') ?? 'null'));
  await expect.poll(async () => (await kept())?.page.audience).toBe('visitor');
  expect((await kept()).prices).toBeNull();
  await island.release();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('.cat-table .cat-locked').first()).toBeVisible();
  await expect(page.locator('.cat-table .cat-price')).toHaveCount(0);
});

for (const [name, viewport] of [
  ['1440', { width: 1440, height: 900 }],
  ['iphone13', devices['iPhone 13'].viewport],
] as const) {
  test(`the early rows at ${name}: the island's layout, accessible, no sideways scroll`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000); // axe over a full page of rows on a loaded machine
    await noCookieNotice(context, baseURL);
    await page.setViewportSize(viewport);
    await signIn(page);
    const island = await holdIsland(page);
    await page.goto('/diamonds/all', { waitUntil: 'commit' });
    await expect(page.locator(`${EARLY} tbody tr:not(.cat-skeleton)`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, `early-${name}`);
    await saveShot(page, 'test-results/screenshots/catalogue', `early-rows-${name}`, false);
    expect(await seriousViolations(page, EARLY)).toEqual([]);
    await island.release();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await saveShot(page, 'test-results/screenshots/catalogue', `early-rows-${name}-island`, false);
  });
}
