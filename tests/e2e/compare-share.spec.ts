/**
 * The shared compare, at 1440 px and on an iPhone 13: a new trader compares three round
 * stones of one lab and three colours, sees the differences and makes the share link in the
 * SHARE drawer. Opened in a fresh browser as a visitor, the page shows the grades, the
 * differing colour row and the best colour, and no price: not in the page's text and not in
 * any answer the page received (every response body is kept and searched for each stone's
 * price, per carat and total in every currency and format the site writes them, and for the
 * price field names). Opened by a signed-in trader it shows the prices the compare screen
 * shows. A link with a changed token says it is not a shared compare. Each screen is scrolled
 * to the bottom and passes axe, the drawer open too. Screenshots go to COMPARE_SHOTS (default
 * test-results/screenshots/compare-share).
 */
import type { Browser, Page } from '@playwright/test';
import { displayPrice, formatPrice, pricePerCarat, type FxRate } from '../../src/domain/money.ts';
import { createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { cell, compareThreeColours, type CompareDoc } from './support/compare.ts';
import { axeClean } from './support/holds.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { signInAs } from './bag-support.ts';

const SHOTS = process.env.COMPARE_SHOTS ?? 'test-results/screenshots/compare-share';

/** Every way the site could write a stone's money: raw JSON figures, cents, and formatted per currency. */
function moneyTexts(d: CompareDoc, rates: FxRate[]): string[] {
  const raw = [d.price, d.ppc, d.ExWebTotal].filter((n): n is number => typeof n === 'number' && n > 0);
  const texts = raw.flatMap((n) => [String(n), n.toFixed(2), String(Math.round(n * 100))]);
  for (const { currency } of rates) {
    for (const m of [displayPrice(d, currency, rates), pricePerCarat(d, currency, rates)]) {
      if (!m) continue;
      const shown = formatPrice(m.amount, currency); // "$12,345.00"
      texts.push(shown, shown.replace(/^\D+/, ''), shown.replace(/^\D+/, '').replace(/,/g, ''));
    }
  }
  // figures of four digits or more: a shorter one would be found in any measurement or date
  return [...new Set(texts)].filter((t) => t.replace(/\D/g, '').length >= 4);
}
const found = (text: string, figure: string) =>
  new RegExp(`(^|[^0-9.,])${figure.replace(/[.$£€¥]/g, '\\$&')}([^0-9]|$)`).test(text);

/** A fresh browser (no cookies) at `size` that keeps every text answer it receives. */
async function recordingPage(browser: Browser, size: object, baseURL: string) {
  const context = await browser.newContext({ ...size, baseURL });
  await noCookieNotice(context, baseURL);
  const page = await context.newPage();
  const bodies: { url: string; type: string; text: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    // scripts and styles are the same built files for everyone: the answers and pages are searched
    if (!/json|html/.test(type) || res.status() === 304) return;
    pending.push(
      res.text().then(
        (text) => void bodies.push({ url: res.url(), type, text }),
        () => undefined, // a redirect or a body the page dropped
      ),
    );
  });
  return { context, page, bodies, settled: () => Promise.all(pending) };
}

async function shareLinkOf(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share' }).click();
  const drawer = page.getByRole('dialog', { name: 'SHARE' });
  await expect(drawer).toBeVisible();
  const address = drawer.getByRole('textbox', { name: 'Address of the shared compare' });
  await expect(address).toHaveValue(/\/diamonds\/compare\/shared\?t=/);
  return address.inputValue();
}

for (const [name, size] of BOTH_SIZES) {
  test(`a shared compare shows a visitor grades and differences and no price anywhere (${name})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // a trader of its own, so no other spec's compare list meets this one
    const trader = { email: uniqueEmail('sharer'), password: GOOD_PASSWORD };
    await createApprovedCustomer(baseURL!, trader.email, trader.password);
    const context = await browser.newContext({ ...size, baseURL });
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    await signInAs(page, trader.email, trader.password);

    const picked = await compareThreeColours(page);
    const rates = ((await (await page.request.get('/api/v1/site')).json()) as { fxrates: FxRate[] }).fxrates;
    expect(rates.length).toBeGreaterThan(1);
    const bestColour = picked.reduce((a, b) => (a.Colour!.rank[0] <= b.Colour!.rank[0] ? a : b));

    // the trader's compare screen: differences shown, prices as they see them, then Share
    await page.goto('/diamonds/compare');
    const priceOnCompare = new Map<number, string>();
    for (const d of picked) {
      const column = page.locator(`[data-stone-id="${d._id}"]`);
      await expect(cell(column, 'Colour')).toHaveClass(/is-diff/);
      await expect(column.locator('.cmp-col__price')).toHaveText(/\d/);
      priceOnCompare.set(d._id, (await column.locator('.cmp-col__price').innerText()).trim());
    }
    const link = await shareLinkOf(page);
    await axeClean(page, `share drawer (${name})`);
    await saveShot(page, SHOTS, `share-drawer-${name}`, false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'SHARE' })).toHaveCount(0);

    // a visitor in a fresh browser
    const visitor = await recordingPage(browser, size, baseURL!);
    const response = await visitor.page.goto(link);
    expect(response?.status()).toBe(200);
    const v = visitor.page;
    await expect(v.getByRole('list', { name: 'Shared stones' }).getByRole('listitem')).toHaveCount(3);
    await expect(v.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const order = await v
      .locator('[data-stone-id]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-stone-id'))));
    expect(order).toEqual(picked.map((d) => d._id));
    for (const d of picked) {
      const column = v.locator(`[data-stone-id="${d._id}"]`);
      const colour = cell(column, 'Colour');
      await expect(colour).toHaveClass(/is-diff/);
      await expect(colour.getByRole('definition')).toContainText(d.Colour!.From);
      await expect(colour.getByRole('definition')).toContainText('(differs)');
      await expect(colour.getByText('Best', { exact: true })).toHaveCount(d === bestColour ? 1 : 0);
      await expect(cell(column, 'Stock code')).toContainText(d.StkCodeCalcNS);
      await expect(cell(column, 'Price per carat')).toHaveCount(0);
      await expect(column.getByText('Sign in for price')).toBeVisible();
      await expect(column.getByRole('button', { name: /Remove|Reorder|Add to bag/ })).toHaveCount(0);
    }
    await v.getByRole('switch', { name: 'Show only differences' }).check();
    await expect(cell(v.locator(`[data-stone-id="${picked[0]!._id}"]`), 'Shape')).toHaveCount(0);
    await expect(cell(v.locator(`[data-stone-id="${picked[0]!._id}"]`), 'Colour')).toBeVisible();
    await v.getByRole('switch', { name: 'Show only differences' }).uncheck();
    await axeClean(v, `shared compare as a visitor (${name})`);
    await expectNoSidewaysScroll(v, `shared compare as a visitor (${name})`);
    await saveShot(v, SHOTS, `shared-visitor-${name}`);

    await visitor.settled();
    const pageText = await v.evaluate(() => document.documentElement.outerHTML + '\n' + document.body.innerText);
    const answers = visitor.bodies;
    expect(answers.some((a) => a.url.includes('/api/v1/compare/shared'))).toBe(true);
    for (const d of picked)
      for (const figure of moneyTexts(d, rates)) {
        expect(found(pageText, figure), `${figure} (stone ${d._id}) in the page`).toBe(false);
        for (const a of answers) expect(found(a.text, figure), `${figure} (stone ${d._id}) in ${a.url}`).toBe(false);
      }
    for (const a of answers.filter((x) => x.type.includes('json')))
      expect(a.text, a.url).not.toMatch(/"(price|priceOrig|ppc|ExWebTotal|RAP|WebSpecial)"\s*:\s*[1-9]/);
    await visitor.context.close();

    // a signed-in trader opening the same link sees the prices of their compare screen
    await page.goto(link);
    for (const d of picked) {
      const column = page.locator(`[data-stone-id="${d._id}"]`);
      await expect(column.locator('.cmp-col__price')).toHaveText(priceOnCompare.get(d._id)!);
      await expect(cell(column, 'Price per carat')).toBeVisible();
    }
    await expect(page.getByText(/Prices in [A-Z]{3}/)).toBeVisible();
    await axeClean(page, `shared compare as a trader (${name})`);
    await expectNoSidewaysScroll(page, `shared compare as a trader (${name})`);
    await saveShot(page, SHOTS, `shared-trader-${name}`);

    // a changed token is not a shared compare (a 4xx from the API, a clear page)
    const tampered = link.replace(/t=([0-9a-z]+)/, (_m, ids: string) => `t=${ids === '1' ? '2' : '1'}`);
    const other = await recordingPage(browser, size, baseURL!);
    await other.page.goto(tampered);
    await expect(other.page.getByRole('heading', { name: 'This link is not a shared compare' })).toBeVisible();
    await other.settled();
    const api = other.bodies.find((a) => a.url.includes('/api/v1/compare/shared'));
    expect(api?.text).toContain('shared_compare_not_found');
    await other.context.close();
    await context.close();
  });
}
