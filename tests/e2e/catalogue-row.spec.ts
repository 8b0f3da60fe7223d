/**
 * The expanded row and the optional columns:
 * a stone without a 360 asset shows 'Coming Soon'; compare and favourite toggles flip and count
 * in the navigation; switching the measurements column off hides it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

const stoneRows = (page: Page) => page.locator('.cat-table tbody tr:not(.cat-detail-row):not(.cat-skeleton)');

test('the 360 link of a stone without a 360 set shows Coming Soon', async ({ page }) => {
  await page.goto('/diamonds/all');
  await expect(stoneRows(page).first()).toBeVisible();
  const opens = page.getByRole('button', { name: /^Open / });
  for (let i = 0; i < 10; i++) {
    await opens.nth(0).click();
    const button360 = page.locator('.cat-detail').getByRole('button', { name: '360°' });
    if ((await button360.count()) > 0) {
      await button360.click();
      await expect(page.getByRole('dialog', { name: 'Coming Soon' })).toBeVisible();
      return;
    }
    await expect(page.locator('.cat-detail').getByRole('link', { name: '360°' })).toHaveAttribute(
      'href',
      /\/diamonds\/\d+\/360$/,
    );
    await page.getByRole('button', { name: /^Close / }).click();
    await page.getByRole('button', { name: 'Next page' }).first().click();
  }
  throw new Error('no stone without a 360 set on the first pages');
});

test('compare and favourite toggles flip and count in the navigation', async ({ page }) => {
  await page.goto('/diamonds/all');
  await expect(stoneRows(page).first()).toBeVisible();
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const detail = page.locator('.cat-detail');
  await detail.getByRole('button', { name: 'Add to Favourite' }).click();
  await expect(detail.getByRole('button', { name: 'Remove Favourite' })).toHaveAttribute('aria-pressed', 'true');
  await detail.getByRole('button', { name: 'Add to Compare' }).click();
  await expect(detail.getByRole('button', { name: 'Remove Compare' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Diamond lists' });
  await expect(nav.getByRole('link', { name: /Favourite\s*1/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Compare List\s*1/ })).toBeVisible();
  await detail.getByRole('button', { name: 'Remove Favourite' }).click();
  await expect(detail.getByRole('button', { name: 'Add to Favourite' })).toBeVisible();
});

test('switching the measurements column off hides it', async ({ page }) => {
  await page.goto('/diamonds/all');
  await expect(stoneRows(page).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /LTH \/ WTH \/ DTH/ })).toBeVisible();
  await page.getByRole('tab', { name: 'More Filters' }).click();
  await page.getByRole('switch', { name: 'Measurements' }).uncheck();
  await expect(page.getByRole('columnheader', { name: /LTH \/ WTH \/ DTH/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Length from' })).toHaveCount(0);
});
