/**
 * Nothing on top of or cut off by something else, at 1440 x 900 and
 * as an iPhone 13:
 * - the clarity slider's grade labels do not run into each other;
 * - the illustrated street plans' labels do not overlap;
 * - Add to Basket opens the bag drawer with the keyboard focus on the added row, and REMOVE
 *   sits whole inside its row;
 * - on the phone bag page, Alternatives to all items and Order Notes come before SEND REQUEST.
 * Uses an approved customer of its own, so no shared bag is touched.
 */
import type { Locator, Page } from '@playwright/test';
import { addByApi, pickStones } from './bag-support.ts';
import { createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { BOTH_SIZES, IPHONE_13, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const SHOTS = 'test-results/screenshots/issue13';

/** Pairs of the given elements whose boxes intersect. */
async function overlapping(items: Locator): Promise<string[]> {
  return items.evaluateAll((els) => {
    const boxes = els.map((e) => ({ t: e.textContent ?? '', r: e.getBoundingClientRect() }));
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!.r, boxes[j]!.r];
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          out.push(`${boxes[i]!.t} x ${boxes[j]!.t}`);
      }
    return out;
  });
}

let customer = '';
test.beforeAll(async ({ baseURL }) => {
  customer = uniqueEmail('overlaps');
  await createApprovedCustomer(baseURL ?? '', customer, GOOD_PASSWORD);
});

async function signIn(page: Page) {
  expect(
    (await page.request.post('/api/v1/login', { data: { email: customer, password: GOOD_PASSWORD } })).status(),
  ).toBe(200);
}

test('the illustrated street plans keep their labels apart', async ({ page }) => {
  for (const path of ['/images/contact/office.svg', '/images/home/contact-us.svg']) {
    await page.goto(path);
    expect(await overlapping(page.locator('text')), path).toEqual([]);
  }
});

for (const [size, options] of BOTH_SIZES) {
  test.describe(`at ${size}`, () => {
    test.use(options);
    test.beforeEach(async ({ context, baseURL }) => noCookieNotice(context, baseURL));

    test('the clarity slider labels do not run into each other', async ({ page }) => {
      await page.goto('/diamonds/all');
      if (size === 'iphone13') await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
      const clarity = page.locator('.rs').filter({ has: page.getByRole('slider', { name: 'Clarity from' }) });
      const marks = clarity.locator('.rs__marks span');
      await expect(marks.filter({ hasText: 'VVS1' })).toBeVisible();
      expect(await overlapping(marks)).toEqual([]);
      await clarity.scrollIntoViewIfNeeded();
      await saveShot(page, SHOTS, `clarity-labels-${size}`, false);
    });

    test('Add to Basket focuses the added row in the drawer; REMOVE sits whole in its row', async ({ page }) => {
      await signIn(page);
      const { single } = await pickStones(page, 3);
      await page.goto('/diamonds/all');
      await page.getByRole('button', { name: `Open ${single.StkCodeCalcNS}` }).click();
      await page.locator('.cat-detail').getByRole('button', { name: 'Add to Basket' }).click();
      const drawer = page.getByRole('dialog', { name: /Your Bag/i });
      const row = drawer.locator(`[data-bag-row="${single._id}"]`);
      await expect(row).toHaveClass(/is-focused/);
      await expect(row).toBeFocused();
      const remove = row.getByRole('button', { name: `Remove ${single.StkCodeCalcNS}` });
      const fit = await remove.evaluate((b) => {
        const r = b.getBoundingClientRect();
        const li = b.closest('li')!.getBoundingClientRect();
        const list = b.closest('ul')!;
        return {
          inRow: li.right - r.right,
          clipped: list.scrollWidth > list.clientWidth,
          text: b.scrollWidth - b.clientWidth,
        };
      });
      expect(fit.inRow, 'room between REMOVE and the row edge').toBeGreaterThanOrEqual(0);
      expect(fit.clipped, 'the list scrolls sideways').toBe(false);
      expect(fit.text, 'REMOVE overflows its button by').toBeLessThanOrEqual(0);
      await saveShot(page, SHOTS, `bag-drawer-${size}`, false);
      await page.request.delete(`/api/v1/profile/bag/${single._id}`);
    });
  });
}

test.describe('the phone bag page', () => {
  test.use(IPHONE_13);

  test('Alternatives to all items and Order Notes come before SEND REQUEST', async ({ page, context, baseURL }) => {
    await noCookieNotice(context, baseURL);
    await signIn(page);
    const { single } = await pickStones(page, 4);
    await addByApi(page, single);
    await page.goto('/diamonds/bag');
    const send = page.getByRole('button', { name: 'Send Request' });
    await expect(send).toBeVisible();
    const top = async (l: Locator) => (await l.boundingBox())?.y ?? Infinity;
    const sendTop = await top(send);
    expect(await top(page.getByRole('checkbox', { name: 'Alternatives to all items' }))).toBeLessThan(sendTop);
    expect(await top(page.getByRole('textbox', { name: 'Order Notes' }))).toBeLessThan(sendTop);
    await page.getByRole('textbox', { name: 'Order Notes' }).scrollIntoViewIfNeeded();
    await saveShot(page, SHOTS, 'bag-page-iphone13', false);
    await page.request.delete(`/api/v1/profile/bag/${single._id}`);
  });
});
