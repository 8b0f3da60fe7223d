/**
 * Compare that shows differences, at 1440 px and on an iPhone 13, as the demo trader: three
 * round stones of one lab and three colours. The colour row is marked as differing (tint, ≠ and
 * "(differs)" for screen readers), the highest colour and the lowest price per carat say
 * "Best"; "Show only differences" hides the rows where the stones are alike (shape, lab) and
 * keeps the colour row. Scrolled to the bottom the page passes axe and never scrolls sideways;
 * screenshots go to COMPARE_SHOTS (default test-results/screenshots/compare-differences).
 */
import type { Locator } from '@playwright/test';
import { TRADER } from './support/accounts.ts';
import { catalogueDocs } from './support/catalogue.ts';
import { axeClean } from './support/holds.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { signInAs } from './bag-support.ts';

const SHOTS = process.env.COMPARE_SHOTS ?? 'test-results/screenshots/compare-differences';
type Doc = {
  _id: number;
  StkCatType: string;
  StkShape: string;
  StkCertSup?: string;
  STWeight?: number;
  price?: number;
  Colour?: { From: string; rank: [number, number] };
};

/** The value cell of the row `label` in one stone's column. */
const cell = (column: Locator, label: string) =>
  column.locator('.cmp-col__row', {
    has: column
      .page()
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}`) }),
  });

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

    // three round singles of one lab, three different colours, all priced
    const docs = (await catalogueDocs<Doc>(page)).filter(
      (d) => d.StkCatType === 'Single Item' && d.StkShape.toLowerCase() === 'round' && Number(d.price) > 0,
    );
    const lab = docs.find((d) => d.StkCertSup)!.StkCertSup;
    const picked: Doc[] = [];
    for (const d of docs.filter((x) => x.StkCertSup === lab))
      if (!picked.some((p) => p.Colour?.From === d.Colour?.From) && picked.length < 3) picked.push(d);
    expect(picked).toHaveLength(3);
    const before = await page.request.get('/api/v1/profile/compare');
    for (const id of ((await before.json()) as { ids: number[] }).ids)
      await page.request.delete(`/api/v1/profile/compare/${id}`);
    for (const d of picked) expect((await page.request.put(`/api/v1/profile/compare/${d._id}`)).status()).toBe(200);
    const bestColour = picked.reduce((a, b) => (a.Colour!.rank[0] <= b.Colour!.rank[0] ? a : b));
    const perCarat = (d: Doc) => Number(d.price) / Number(d.STWeight);
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
