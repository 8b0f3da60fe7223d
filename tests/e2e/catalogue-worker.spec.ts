/**
 * The full set is fetched, decoded and indexed in a Web Worker (src/stores/catalogue.worker.ts);
 * a browser without Worker runs the same job in the page. Both give the same list: the count,
 * and the rows of a shape filter applied by the index, sorted by the trader's price.
 */
import type { Page } from '@playwright/test';
import { TRADER } from './support/accounts.ts';
import { indexReady, rowsDrawn } from './support/catalogue.ts';
import { expect, test } from './support/test.ts';

const stoneRows = (page: Page) => page.locator('.cat-table tbody tr:not(.cat-detail-row):not(.cat-skeleton)');

/** Opens the list as the trader, waits for the full set's index, applies Round; the list's text. */
async function roundByPrice(page: Page): Promise<{ count: string; rows: string[]; prices: string[] }> {
  expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  await page.goto('/diamonds/all?sort=-price');
  await expect(stoneRows(page).first()).toBeVisible();
  await indexReady(page);
  const pager = page
    .getByRole('navigation', { name: 'Pages of the stock list' })
    .first()
    .locator('.cat-pager__total strong');
  const all = await pager.innerText();
  await page.getByRole('button', { name: 'Round', exact: true }).click();
  await expect(page).toHaveURL(/shape=round/);
  await expect(pager).not.toHaveText(all);
  await rowsDrawn(page);
  return {
    count: await pager.innerText(),
    // every cell but availability, whose labels are the admin's (another spec renames them meanwhile)
    rows: await stoneRows(page).evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td:not([data-label="AVAILABILITY"])')].map((td) => td.textContent).join('|'),
      ),
    ),
    prices: await page.locator('.cat-table td[data-label="PRICE"]').allInnerTexts(),
  };
}

test('the index built in a worker and in the page give the same list, priced for the trader', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // two full loads and a debounced filter on a shared machine
  const inWorker = await browser.newPage({ baseURL });
  const withWorker = await roundByPrice(inWorker);
  expect(inWorker.workers().some((w) => w.url().includes('catalogue.worker'))).toBe(true);
  await inWorker.close();

  const inPage = await browser.newPage({ baseURL });
  await inPage.addInitScript(() => {
    delete (window as { Worker?: unknown }).Worker; // an old browser: the page runs the job itself
  });
  const withoutWorker = await roundByPrice(inPage);
  expect(inPage.workers()).toHaveLength(0);
  await inPage.close();

  expect(withoutWorker).toEqual(withWorker);
  expect(withWorker.rows.length).toBeGreaterThan(1);
  // sorted by the trader's displayed price, highest first: every row has one
  const prices = withWorker.prices.map((p) => Number(/^£([\d,]+\.\d\d)$/.exec(p)?.[1]?.replace(/,/g, '') ?? NaN));
  expect(prices.every(Number.isFinite)).toBe(true);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
});
