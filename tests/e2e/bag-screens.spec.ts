/**
 * The bag drawer (opened by Add to Basket) and the bag page filled and empty, at 1440 x 900
 * and 390 x 844 (the DOWNLOAD drawer is covered by downloads.spec.ts). Screenshots go to BAG_SHOTS (default
 * test-results/screenshots/bag) for review. Uses the admin account, so it never touches the
 * trader's bag that bag-request.spec.ts fills; the admin's bag is put back after each test,
 * passed or failed (the `keep` fixture).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import { ADMIN } from './support/accounts.ts';
import { addByApi, emptyBag, pickStones, signInAs } from './bag-support.ts';

const SHOTS = process.env.BAG_SHOTS ?? 'test-results/screenshots/bag';
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

test.describe.configure({ mode: 'serial' });

for (const vp of VIEWPORTS) {
  test(`bag drawer and bag page at ${vp.width}`, async ({ page, keep }) => {
    mkdirSync(SHOTS, { recursive: true });
    await keep.bag(ADMIN);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await emptyBag(page);
    const a = await pickStones(page, 1);
    const b = await pickStones(page, 2);
    await addByApi(page, a.single, b.single, a.parcel);

    // Add to Basket (the DOM hook any page can use) opens the drawer focused on the added row
    await page.goto('/diamonds/bag');
    await expect(page.locator(`[data-bag-line="${a.parcel._id}"]`)).toBeVisible();
    await page.evaluate(
      (id) => document.dispatchEvent(new CustomEvent('facet:add-to-bag', { detail: { _id: id } })),
      b.parcel._id,
    );
    const drawer = page.getByRole('dialog', { name: /Your Bag/i });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('(4)');
    await expect(drawer.locator(`[data-bag-row="${b.parcel._id}"]`)).toHaveClass(/is-focused/);
    await expect(drawer.getByRole('link', { name: 'View Bag' })).toHaveAttribute('href', '/diamonds/bag');
    const box = await drawer.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(755);
    await page.screenshot({ path: join(SHOTS, `drawer-${vp.name}.png`) });

    await drawer.getByRole('button', { name: `Remove ${b.parcel.StkCodeCalcNS}` }).click();
    await expect(drawer).toContainText('(3)');
    await page.keyboard.press('Escape');
    await page
      .locator(`[data-bag-line="${a.parcel._id}"]`)
      .getByRole('button', { name: /More of/ })
      .click();
    await page.screenshot({ path: join(SHOTS, `page-filled-${vp.name}.png`), fullPage: true });

    await emptyBag(page);
    await page.goto('/diamonds/bag');
    await expect(page.getByRole('heading', { name: 'Your Bag Is Currently Empty' })).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `page-empty-${vp.name}.png`) });
  });
}
