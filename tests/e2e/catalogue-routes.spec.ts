/**
 * The list's routes: /diamonds and /diamonds/{shape} open the list (the
 * page is optional), /diamonds/test is the test page, and a shape with a slash ('Old
 * Cut/European Cut', a parcel shape) travels as one segment and opens Parcels pre-filtered.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { TRADER } from './support/accounts.ts';

const shapes = (page: Page) => page.locator('.cat-table tbody .cat-shape__name');

async function expectOnlyShape(page: Page, name: string) {
  await expect(shapes(page).first()).toBeVisible();
  const all = await shapes(page).allInnerTexts();
  expect(all.length).toBeGreaterThan(0);
  for (const s of all) expect(s.replace(/offer$/i, '').trim()).toBe(name);
}

test('/diamonds, /diamonds/{shape} and /diamonds/test answer', async ({ page }) => {
  const list = await page.goto('/diamonds');
  expect(list?.status()).toBe(200);
  await expect(shapes(page).first()).toBeVisible();

  expect((await page.goto('/diamonds/round'))?.status()).toBe(200);
  await expectOnlyShape(page, 'Round');
  await expect(page).toHaveURL(/\/diamonds\/all\?(.*&)?shape=round/);

  expect((await page.goto('/diamonds/test'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Test page', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Shape as the list page' }).click();
  await expectOnlyShape(page, 'Round');
});

test('a shape with a slash opens the Parcels tab pre-filtered by it', async ({ page }) => {
  expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  const res = await page.goto(`/diamonds/all/${encodeURIComponent('old cut/european cut')}?tab=2`);
  expect(res?.status()).toBe(200);
  const parcels = page.getByRole('tab', { name: /Parcels/ });
  const oldCut = page.getByRole('button', { name: 'Old Cut/European Cut', exact: true });
  await expect(parcels).toHaveAttribute('aria-selected', 'true');
  await expect(oldCut).toHaveAttribute('aria-pressed', 'true'); // the one shape filter, whole
  await expect(
    page.getByRole('button', { name: /^Filters \(1\)/ }).or(page.getByRole('tab', { name: 'Filters (1)' })),
  ).toBeVisible();
  // the same link without the tab, on the optional-page route: a parcel-only shape opens Parcels
  await page.goto(`/diamonds/${encodeURIComponent('old cut/european cut')}`);
  await expect(parcels).toHaveAttribute('aria-selected', 'true');
  await expect(oldCut).toHaveAttribute('aria-pressed', 'true');
});
