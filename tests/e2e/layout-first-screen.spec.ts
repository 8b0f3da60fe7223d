/**
 * What the first screen shows.
 * - The cookie notice hides no primary action on a first visit: the hero's Register and Login,
 *   a link focused while it sits under the bar (it is brought above it),
 *   the catalogue's filter panel (desktop) or its Filters button and currency (phone: Message us
 *   waits until the notice is answered), also when the notice took its room before the list's
 *   island started, and the end of the page, at 1440 x 900 and as an iPhone 13.
 * - On a 1440 x 900 laptop a trader sees at least 10 rows of the stock list without scrolling.
 * Screenshots of each screen go to test-results/screenshots/issue13/.
 */
import type { Page } from '@playwright/test';
import { TRADER } from './support/accounts.ts';
import {
  BOTH_SIZES,
  coveredBy,
  DESKTOP,
  expectNoSidewaysScroll,
  heroAtRest,
  noCookieNotice,
  saveShot,
} from './support/screens.ts';
import { holdIsland } from './support/hold.ts';
import { expect, test } from './support/test.ts';

const SHOTS = 'test-results/screenshots/issue13';
const notice = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });
/** The room the notice has said it takes along the bottom edge (px). */
const noticeRoom = (page: Page) =>
  page.evaluate(() => document.querySelector('.cookie-notice__room')?.getBoundingClientRect().height ?? 0);

for (const [size, options] of BOTH_SIZES) {
  test.describe(`first visit at ${size}`, () => {
    test.use(options);

    test('the cookie notice hides neither the hero buttons nor the end of the page', async ({ page }) => {
      await page.goto('/');
      await expect(notice(page)).toBeVisible();
      await heroAtRest(page);
      const hero = page.locator('#welcome');
      for (const name of ['Register', 'Login']) {
        const action = hero.getByRole(name === 'Register' ? 'link' : 'button', { name, exact: true });
        await expect(action).toBeVisible();
        await action.scrollIntoViewIfNeeded();
        expect(await coveredBy(action), `${name} is covered`).toBeNull();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveShot(page, SHOTS, `cookie-notice-home-${size}`, false);
      // a link the reader reaches with Tab while it sits under the bar is brought above it
      // (the home page has no Message us: the notice alone keeps the window's foot clear)
      const below = page.locator('main a[href]').filter({ visible: true }).last();
      await below.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - innerHeight + 4));
      expect(await coveredBy(below), 'the link starts under the notice').not.toBeNull();
      await below.focus();
      await expect.poll(() => coveredBy(below), 'the focused link is covered').toBeNull();

      await page.goto('/about-us');
      await expect(notice(page)).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const copyright = page.getByRole('contentinfo').getByText(/©/);
      await expect.poll(() => coveredBy(copyright), 'the end of the page is covered').toBeNull();
      await saveShot(page, SHOTS, `cookie-notice-page-end-${size}`, false);
    });

    test('the cookie notice hides no part of the catalogue filters', async ({ page }) => {
      // the notice takes its room before the list's island starts: the island still clears it
      const island = await holdIsland(page);
      const loaded = page.goto('/diamonds/all'); // (it waits for the islands to start)
      await expect(notice(page)).toBeVisible();
      await expect.poll(() => noticeRoom(page), 'the notice has taken its room').toBeGreaterThan(0);
      await island.release();
      await loaded;
      await expectNoSidewaysScroll(page, 'catalogue');
      if (size === 'iphone13') {
        // (the list settles into its phone layout, panel closed, just after it hydrates)
        const filters = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
        await expect.poll(() => coveredBy(filters)).toBeNull();
        // Message us waits until the notice is answered: stacked on it, it lay over the currency
        await expect.poll(() => coveredBy(page.getByLabel('Currency')), 'the currency is covered').toBeNull();
        await expect(page.getByRole('button', { name: 'Message us' })).toBeHidden();
        // the panel opened over the whole screen ends above the notice: its foot stays in reach
        await filters.click();
        const results = page.getByRole('button', { name: 'View Results' });
        await expect(results).toBeVisible();
        await expect.poll(() => coveredBy(results), 'View Results is covered').toBeNull();
        await results.click();
      } else {
        // the panel sticks under the header as the list scrolls: its whole height stays clear
        const panel = page.locator('#cat-filters');
        await expect(panel).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 600));
        await expect
          .poll(async () => {
            const [box, bar] = [await panel.boundingBox(), await notice(page).boundingBox()];
            return box && bar ? Math.round(box.y + box.height - bar.y) : null;
          }, 'the panel runs under the notice by (px)')
          .toBeLessThanOrEqual(0);
        // (sticky from the page's first paint on: the first frame draws it in place)
        await expect
          .poll(async () => (await panel.boundingBox())?.y ?? -1, 'the panel stays in view')
          .toBeGreaterThan(0);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await saveShot(page, SHOTS, `cookie-notice-catalogue-${size}`, false);
      // once the notice is answered, Message us is there at both sizes
      await notice(page).getByRole('button', { name: 'Got it!' }).click();
      await expect(page.getByRole('button', { name: 'Message us' })).toBeVisible();
    });
  });
}

test.describe('the stock list on a laptop', () => {
  test.use(DESKTOP);

  test('a trader sees at least 10 stones at 1440 x 900 without scrolling', async ({ page, baseURL }) => {
    await noCookieNotice(page.context(), baseURL);
    expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
    await page.goto('/diamonds/all');
    const rows = page.locator('.cat-table > tbody > tr').filter({ has: page.getByRole('cell') });
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(10);
    await expect(
      rows
        .first()
        .getByText(/[£$€¥]/)
        .first(),
    ).toBeVisible();
    const whole = await rows.evaluateAll(
      (trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(whole, 'rows shown whole in the first screen').toBeGreaterThanOrEqual(10);
    await saveShot(page, SHOTS, 'catalogue-trader-1440', false);
  });
});
