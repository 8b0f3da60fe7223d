/**
 * Catalogue fit and finish, at 1440 x 900 and as an iPhone 13:
 * - the price filter's top end reads '50k>' in its box as on its slider, not 50000;
 * - a parcel shows its total carats and the size of its stones as the data has it (0.003 to
 *   0.005 ct, not 0.00 to 0.01 ct), and its whole shape label ("Old Cut/European Cut");
 * - a visitor's Add to Basket is disabled, with a hint that offers Sign in;
 * - on a phone and a tablet, a card's rows open without a line (the card's own border is the
 *   only one at its left edge) and every other cell of a row is parted from the one before.
 * The parcel is one of the shop's, given that shape and size in the answer the browser gets
 * (page.route), so the shared database is left as it is.
 */
import type { Page } from '@playwright/test';
import { encodeCatalogue } from '../../src/domain/catalogue/wire.ts';
import { decodeCatalogue } from '../../src/domain/catalogue/wire-decode.ts';
import { TRADER } from './support/accounts.ts';
import { BOTH_SIZES, IPHONE_13, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const SHOTS = 'test-results/screenshots/issue13';
const OLD_CUT = 'Old Cut/European Cut';

async function signIn(page: Page) {
  expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
}

/** Gives the first parcel of the catalogue answer (the columnar wire format) the shape and stone size of the issue. */
async function oldCutParcel(page: Page): Promise<void> {
  await page.route('**/api/v1/diamonds/catalogue', async (route) => {
    const res = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
    const wire = (await res.json()) as { version: string; audience: 'visitor' | 'trade' };
    const docs = decodeCatalogue(wire);
    const parcel = docs.find((d) => d.StkCatType === 'Multiple Items');
    if (parcel) {
      Object.assign(parcel, {
        StkShape: OLD_CUT,
        STWeight: 12.5,
        Size: { From: '0.00', To: '0.01', rank: [0.003, 0.005] },
      });
    }
    const json = encodeCatalogue(docs, { version: `${wire.version}-old-cut`, audience: wire.audience });
    const { 'content-encoding': _enc, 'content-length': _len, ...headers } = res.headers();
    await route.fulfill({ status: 200, json, headers: { ...headers, etag: '"issue13-old-cut"' } });
  });
}

/**
 * The cells of the list's first card that break the rule: the first cell of each of the card's
 * rows has no left border, every other cell has one (the price sits in the shape's row alone).
 */
const cardLines = (page: Page) =>
  page
    .locator('.cat-table > tbody > tr')
    .first()
    .evaluate((card) => {
      const cells = [...card.children].filter((td) => td.getBoundingClientRect().width > 0);
      const top = (td: Element) => Math.round(td.getBoundingClientRect().top);
      return cells.flatMap((td) => {
        if (td.classList.contains('cat-col-price')) return [];
        const left = td.getBoundingClientRect().left;
        const first = !cells.some((o) => o !== td && top(o) === top(td) && o.getBoundingClientRect().left < left);
        const line = getComputedStyle(td).borderLeftWidth !== '0px';
        return first === line
          ? [`${td.className || td.textContent}: ${first ? 'opens its row with a line' : 'no line'}`]
          : [];
      });
    });

test.describe('cards', () => {
  test.use(IPHONE_13);
  test.beforeEach(async ({ context, baseURL }) => noCookieNotice(context, baseURL));

  test("a card's rows open without a line, on a phone and a tablet, for a visitor and a trader", async ({ page }) => {
    for (const who of ['visitor', 'trader'] as const) {
      if (who === 'trader') await signIn(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/diamonds/all');
      await expect(page.locator('.cat-table > tbody > tr').first()).toBeVisible();
      expect(await cardLines(page), `${who} on a phone`).toEqual([]);
      await page.setViewportSize({ width: 768, height: 1024 });
      expect(await cardLines(page), `${who} on a tablet`).toEqual([]);
    }
  });
});

for (const [size, options] of BOTH_SIZES) {
  test.describe(`at ${size}`, () => {
    test.use(options);
    test.beforeEach(async ({ context, baseURL }) => noCookieNotice(context, baseURL));

    test("a parcel shows its total carats, its stones' size to 3 decimals and its whole shape", async ({ page }) => {
      await signIn(page);
      await oldCutParcel(page);
      await page.goto('/diamonds/all?tab=2');
      const row = page.locator('.cat-table > tbody > tr').filter({ hasText: OLD_CUT });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('12.50ct');
      await expect(row).toContainText('0.003 to 0.005 ct');
      await expect(row).not.toContainText('0.00 to 0.01');
      const name = row.locator('.cat-shape__name');
      await expect(name).toHaveText(OLD_CUT);
      expect(
        await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1),
      ).toBe(true);
      await row.scrollIntoViewIfNeeded();
      await saveShot(page, SHOTS, `parcels-${size}`, false);
    });

    test("the price filter's top end reads '50k>' in its box too", async ({ page }) => {
      await signIn(page);
      await page.goto('/diamonds/all');
      if (size === 'iphone13') await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
      const to = page.getByRole('textbox', { name: 'Price to', exact: true });
      await expect(to).toHaveValue('50k>');
      await expect(page.getByRole('textbox', { name: 'Price from', exact: true })).toHaveValue('1');
      await to.scrollIntoViewIfNeeded();
      await saveShot(page, SHOTS, `price-filter-${size}`, false);
    });

    test("a visitor's Add to Basket is disabled, with Sign in beside it", async ({ page }) => {
      await page.goto('/#special-offers');
      const tile = page.locator('[data-featured-strip] > ul > li').first();
      await tile.scrollIntoViewIfNeeded();
      const add = tile.getByRole('button', { name: 'Add to Basket' });
      await expect(add).toBeDisabled();
      await expect(add).toHaveAccessibleDescription(/Sign in to add stones to your bag/);
      await saveShot(page, SHOTS, `visitor-basket-home-${size}`, false);
      await tile.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();

      await page.goto('/diamonds/all');
      await page
        .getByRole('button', { name: /^Open FT-/ })
        .first()
        .click();
      const rowAdd = page.locator('.cat-detail').getByRole('button', { name: 'Add to Basket' });
      await expect(rowAdd).toBeDisabled();
      await expect(page.locator('.cat-detail').getByRole('button', { name: 'Sign in' })).toBeVisible();
    });
  });
}
