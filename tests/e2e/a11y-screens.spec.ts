/**
 * Screenshots of the screens the accessibility and layout-shift work changed, at 1440 x 900
 * and on an iPhone 13, scrolled to the bottom, each checked for sideways scrolling: the home
 * page on a first visit (the hero's loop video, the cookie notice showing), the stone list as
 * a trader (the bright header's note) and the Parcels tab as a visitor (its placeholder).
 */
import type { Page } from '@playwright/test';
import { TRADER } from './support/accounts.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, heroAtRest, nextFrames, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const SHOTS = 'test-results/screenshots/accessibility';

async function toBottom(page: Page): Promise<void> {
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await nextFrames(page);
  }
}

for (const [size, options] of BOTH_SIZES) {
  test.describe(size, () => {
    test.use(options);

    test(`home on a first visit (${size})`, async ({ page }) => {
      test.slow();
      await page.goto('/');
      await heroAtRest(page);
      await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
      await saveShot(page, SHOTS, `home-first-screen-${size}`, false);
      await toBottom(page);
      await expectNoSidewaysScroll(page, 'home');
      await saveShot(page, SHOTS, `home-${size}`);
    });

    test(`stone list as a trader (${size})`, async ({ page }) => {
      expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
      await page.goto('/diamonds/all');
      await expect(page.locator('.cat-table tbody tr').first()).toBeVisible();
      await saveShot(page, SHOTS, `catalogue-trader-first-screen-${size}`, false);
      await toBottom(page);
      await expectNoSidewaysScroll(page, 'catalogue');
      await saveShot(page, SHOTS, `catalogue-trader-${size}`);
    });

    test(`Parcels tab as a visitor (${size})`, async ({ page }) => {
      await page.goto('/diamonds/all?tab=2');
      await expect(page.locator('#cat-list')).toBeVisible();
      await toBottom(page);
      await expectNoSidewaysScroll(page, 'parcels');
      await saveShot(page, SHOTS, `parcels-visitor-${size}`);
    });
  });
}
