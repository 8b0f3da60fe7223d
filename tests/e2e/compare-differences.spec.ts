/**
 * Compare that shows differences, at 1440 px and on an iPhone 13, as the demo trader: three
 * round stones of one lab and three colours. The colour row is marked as differing (tint, ≠ and
 * "(differs)" for screen readers), the highest colour and the lowest price per carat say
 * "Best"; "Show only differences" hides the rows where the stones are alike (shape, lab) and
 * keeps the colour row. Scrolled to the bottom the page passes axe and never scrolls sideways;
 * screenshots go to COMPARE_SHOTS (default test-results/screenshots/compare-differences).
 */
import { TRADER } from './support/accounts.ts';
import { cell, compareThreeColours, type CompareDoc } from './support/compare.ts';
import { axeClean } from './support/holds.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { signInAs } from './bag-support.ts';

const SHOTS = process.env.COMPARE_SHOTS ?? 'test-results/screenshots/compare-differences';

for (const [name, size] of BOTH_SIZES) {
  test(`compare marks differences and the best, and shows only differences (${name})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(90_000);
    await keep.lists(TRADER);
    const context = await browser.newContext({ ...size, baseURL });
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    await signInAs(page, TRADER.email, TRADER.password);

    const picked = await compareThreeColours(page);
    const bestColour = picked.reduce((a, b) => (a.Colour!.rank[0] <= b.Colour!.rank[0] ? a : b));
    const perCarat = (d: CompareDoc) => Number(d.price) / Number(d.STWeight);
    const cheapest = picked.reduce((a, b) => (perCarat(a) <= perCarat(b) ? a : b));

    await page.goto('/diamonds/compare');
    const columns = page.getByRole('list', { name: 'Stones to compare' }).getByRole('listitem');
    await expect(columns).toHaveCount(3);
    for (const d of picked) {
      const column = page.locator(`[data-stone-id="${d._id}"]`);
      const colour = cell(column, 'Colour');
      await expect(colour).toHaveClass(/is-diff/);
      await expect(colour.getByRole('definition')).toContainText('(differs)');
      await expect(colour.getByText('Best', { exact: true })).toHaveCount(d === bestColour ? 1 : 0);
      const ppc = cell(column, 'Price per carat');
      await expect(ppc.getByText('Best', { exact: true })).toHaveCount(d === cheapest ? 1 : 0);
      await expect(cell(column, 'Shape')).not.toHaveClass(/is-diff/);
      await expect(cell(column, 'Lab')).toBeVisible();
    }

    await page.getByRole('switch', { name: 'Show only differences' }).check();
    const first = page.locator(`[data-stone-id="${picked[0]!._id}"]`);
    await expect(cell(first, 'Shape')).toHaveCount(0);
    await expect(cell(first, 'Lab')).toHaveCount(0);
    await expect(cell(first, 'Colour')).toBeVisible();
    await expect(cell(first, 'Stock code')).toBeVisible();

    await axeClean(page, `compare differences (${name})`);
    await expectNoSidewaysScroll(page, `compare differences (${name})`);
    await page.getByRole('switch', { name: 'Show only differences' }).uncheck();
    await expect(cell(first, 'Shape')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveShot(page, SHOTS, `compare-differences-${name}`);
    await context.close();
  });
}
