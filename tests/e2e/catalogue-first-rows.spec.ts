/**
 * The list at wholesale scale (decision 004): the first page paints from the server's first
 * page while the full set is still on its way, a change made meanwhile is shown as pending and
 * applied when the set arrives, and a repeat visit paints the whole list from the browser's
 * copy even when the network has not answered yet.
 */
import AxeBuilder from '@axe-core/playwright';
import { devices, type Page, type Route } from '@playwright/test';
import { catalogueDocs } from './support/catalogue.ts';
import { expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const SET_PATH = '/api/v1/diamonds/catalogue';
const stoneRows = (page: Page) => page.locator('.cat-table tbody tr:not(.cat-detail-row):not(.cat-skeleton)');
const pageCount = (page: Page) =>
  page.getByRole('navigation', { name: 'Pages of the stock list' }).first().locator('strong').first();

/** Holds every full-set request until `release()`; counts them. */
async function holdSet(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route(
    (url) => url.pathname === SET_PATH,
    (route) => (open ? route.continue() : void held.push(route)),
  );
  return {
    count: () => held.length,
    release: async () => {
      open = true;
      for (const r of held.splice(0)) await r.continue();
    },
  };
}

type Stone = { _id: number; STWeight: number; StkCatType: string; Source?: string; StkShape: string };
const singles = (docs: Stone[]) => docs.filter((d) => d.StkCatType === 'Single Item' && d.Source !== 'Lab Grown');

test('the first rows paint before the full set, and a sort made meanwhile applies when it arrives', async ({
  page,
}) => {
  const docs = singles(await catalogueDocs<Stone>(page));
  const set = await holdSet(page);
  await page.goto('/diamonds/all');
  // the first page, in createdAt order, while the full set is held back
  await expect(stoneRows(page).first()).toBeVisible();
  await expect.poll(set.count).toBeGreaterThan(0);
  await expect(pageCount(page)).toHaveText(docs.length.toLocaleString('en-GB'));
  const firstWeight = async () =>
    parseFloat(await page.locator('.cat-table td[data-label="WEIGHT"]').first().innerText());
  expect(await firstWeight()).toBe(docs[0]!.STWeight);

  const header = page.getByRole('columnheader', { name: /WEIGHT/ });
  await header.getByRole('button').click();
  await expect(page.getByRole('status').filter({ hasText: 'your change applies as soon as it is here' })).toBeVisible();
  await expect(page).toHaveURL(/sort=weight/);

  await set.release();
  await expect(page.getByRole('status').filter({ hasText: 'your change applies' })).toHaveCount(0);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(firstWeight).toBe(Math.min(...docs.map((d) => d.STWeight)));
});

test('a repeat visit paints the whole list from the kept copy before the network answers', async ({ page }) => {
  const docs = singles(await catalogueDocs<Stone>(page));
  await page.goto('/diamonds/all');
  await expect(pageCount(page)).toHaveText(docs.length.toLocaleString('en-GB'));
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('facet-catalogue-v1')).keys()).length))
    .toBe(1);

  const set = await holdSet(page);
  await page.goto('/diamonds/all');
  await expect.poll(set.count).toBeGreaterThan(0);
  // a shape filter works at once: the index was built from the copy, the network still held
  await page.getByRole('button', { name: 'Round', exact: true }).click();
  const rounds = docs.filter((d) => d.StkShape.toLowerCase() === 'round').length;
  await expect(pageCount(page)).toHaveText(rounds.toLocaleString('en-GB'));
  expect(set.count()).toBeGreaterThan(0);
  await set.release();
});

for (const [name, viewport] of [
  ['1440', { width: 1440, height: 900 }],
  ['iphone13', devices['iPhone 13'].viewport],
] as const) {
  test(`the pending change notice at ${name}: readable, accessible, no sideways scroll`, async ({
    page,
    context,
    baseURL,
  }) => {
    await noCookieNotice(context, baseURL);
    await page.setViewportSize(viewport);
    const set = await holdSet(page);
    await page.goto('/diamonds/all');
    await expect(stoneRows(page).first()).toBeVisible();
    const round = page.getByRole('button', { name: 'Round', exact: true });
    if (!(await round.isVisible()))
      await page
        .getByRole('button', { name: /^Filters \(/ })
        .first()
        .click();
    await round.click();
    const notice = page.getByRole('status').filter({ hasText: 'your change applies as soon as it is here' });
    await expect(notice).toBeVisible();
    await expectNoSidewaysScroll(page, `pending-${name}`);
    await saveShot(page, 'test-results/screenshots/catalogue', `pending-${name}`, false);
    const { violations } = await new AxeBuilder({ page }).include('#catalogue').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await set.release();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/shape=round/);
  });
}
