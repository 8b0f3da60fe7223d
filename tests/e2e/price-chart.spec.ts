/**
 * Where a price sits, at 1440 px and on an iPhone 13. The demo trader opens the stone with the
 * most similar stones in the stock and sees the strip of their prices per carat with its text
 * summary, whose figures are those of the API's answer; the list shows the stones' weights and
 * prices behind the two sliders. A visitor sees neither, and the page asks for no similar
 * prices. Scrolled to the bottom both pages pass axe and never scroll sideways; screenshots go
 * to PRICE_CHART_SHOTS (default test-results/screenshots/price-chart).
 */
import type { Browser, Page, Request } from '@playwright/test';
import { MOBILE_MAX_WIDTH } from '../../src/domain/catalogue/list-state.ts';
import { isSimilar, summaryText, wholePrice, type Comparable } from '../../src/domain/catalogue/similar-prices.ts';
import type { SimilarPrices } from '../../api/services/catalogue/similar-prices.ts';
import type { ListDoc } from '../../src/domain/diamond.ts';
import { TRADER } from './support/accounts.ts';
import { catalogueDocs } from './support/catalogue.ts';
import { axeClean } from './support/holds.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { signInAs } from './bag-support.ts';

const SHOTS = process.env.PRICE_CHART_SHOTS ?? 'test-results/screenshots/price-chart';
const SIMILAR_PATH = /\/api\/v1\/diamonds\/\d+\/similar-prices/;

const comparable = (d: ListDoc): Comparable => ({
  id: d._id,
  catType: d.StkCatType,
  shape: d.StkShape,
  source: d.Source ?? '',
  catName: d.StkCatName ?? '',
  weight: d.STWeight,
  colour: d.Colour?.rank[0] ?? null,
  clarity: d.Clarity?.rank[0] ?? null,
});

/** The priced single with the most similar stones in the run's stock. */
async function busiestStone(page: Page): Promise<number> {
  const stones = (await catalogueDocs<ListDoc>(page)).map(comparable);
  let best = { id: 0, n: -1 };
  for (const s of stones) {
    const n = stones.filter((o) => isSimilar(s, o)).length;
    if (n > best.n) best = { id: s.id, n };
  }
  expect(best.n, 'a stone with at least 3 similar stones').toBeGreaterThanOrEqual(3);
  return best.id;
}

/** The list's filter panel, opened first where it starts closed (phones). */
async function filters(page: Page) {
  await expect(page.getByRole('button', { name: /^Open .+ details$/ }).first()).toBeVisible({ timeout: 30_000 });
  const toggle = page.getByRole('button', { name: /^(Filters \(\d+\)|Hide filters)$/ });
  const panel = page.getByRole('complementary', { name: 'Filters' });
  // the rows may show (drawn early) before the list has read its address, which folds the panel
  // away on a phone: press only once it has
  if ((page.viewportSize()?.width ?? 0) <= MOBILE_MAX_WIDTH)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(panel.getByRole('slider', { name: 'Weight to' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return panel;
}

/** A page of a context of its own at `size`, the cookie notice answered. */
async function freshPage(browser: Browser, size: object, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ ...size, baseURL });
  await noCookieNotice(context, baseURL);
  return context.newPage();
}

/** The trader's page: the chart of the busiest stone with its summary, then the list's histograms; the stone's id. */
async function traderSees(page: Page, name: string): Promise<number> {
  const id = await busiestStone(page);

  const answered = page.waitForResponse((r) => SIMILAR_PATH.test(r.url()) && r.status() === 200);
  await page.goto(`/diamonds/${id}/details`);
  const answer = (await (await answered).json()) as SimilarPrices;
  const section = page.getByRole('region', { name: 'Where this price sits' });
  await expect(section).toBeVisible();
  const summary = section.getByTestId('price-chart-summary');
  await expect(summary).toContainText(summaryText(answer.own, answer.summary, answer.ccy));
  await expect(summary).toContainText(`${answer.summary.count} similar stones in stock`);
  await expect(summary).toContainText(wholePrice(answer.summary.median!, answer.ccy));
  if (answer.own != null) await expect(summary).toContainText(wholePrice(answer.own, answer.ccy));
  // the drawing: one tick per similar stone, hidden from screen readers
  const strip = section.locator('svg.sd-where__svg');
  await expect(strip).toHaveAttribute('aria-hidden', 'true');
  await expect(strip.locator('line.sd-where__tick')).toHaveCount(answer.points.length);
  await section.scrollIntoViewIfNeeded();
  await saveShot(page, SHOTS, `stone-${name}`, false);
  await axeClean(page, `stone page with its price chart (${name})`);
  await expectNoSidewaysScroll(page, `stone page (${name})`);

  await page.goto('/diamonds/all');
  const panel = await filters(page);
  await expect(panel.locator('svg.rs__hist')).toHaveCount(2, { timeout: 30_000 });
  await expect(panel.locator('svg.rs__hist rect').first()).toBeVisible();
  await panel.getByRole('slider', { name: 'Price to' }).scrollIntoViewIfNeeded();
  await saveShot(page, SHOTS, `list-${name}`, false);
  await axeClean(page, `list with slider histograms (${name})`);
  await expectNoSidewaysScroll(page, `list (${name})`);
  return id;
}

/** A visitor's page on the same stone and the list: no chart, no histograms, no similar prices asked for. */
async function visitorSeesNone(page: Page, id: number, name: string): Promise<void> {
  const asked: string[] = [];
  page.on('request', (r: Request) => void (SIMILAR_PATH.test(r.url()) && asked.push(r.url())));
  await page.goto(`/diamonds/${id}/details`);
  await expect(page.getByRole('button', { name: 'Sign in or register to see prices' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'RELATED' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Where this price sits' })).toHaveCount(0);
  await axeClean(page, `stone page for a visitor (${name})`);

  await page.goto('/diamonds/all');
  const panel = await filters(page);
  await expect(panel.getByRole('slider', { name: 'Weight to' })).toBeVisible();
  await expect(panel.locator('svg.rs__hist')).toHaveCount(0);
  await axeClean(page, `list for a visitor (${name})`);
  expect(asked).toEqual([]);
}

BOTH_SIZES.forEach(([name, size]) => {
  test(`a trader sees where a stone's price sits and the sliders' distributions; a visitor sees neither (${name})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const trader = await freshPage(browser, size, baseURL);
    await signInAs(trader, TRADER.email, TRADER.password);
    const id = await traderSees(trader, name);
    await trader.context().close();

    const visitor = await freshPage(browser, size, baseURL);
    await visitorSeesNone(visitor, id, name);
    await visitor.context().close();
  });
});
