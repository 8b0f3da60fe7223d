/**
 * A trader's first rows arrive with the page (api/services/catalogue/list-page.ts): the page's
 * source holds the first page of the address with the trader's prices, the island takes the
 * page over without moving anything (a layout shift of 0 for the whole page, for a trader and a
 * visitor: the server drew the counts, badges and the viewer's places, list-page-frame.ts), a
 * filter pressed before the full set has arrived is answered
 * by the server (the pending notice shows while it answers), and once signed out the same
 * browser shows a visitor no trade price. A repeat visit filters from the browser's copy of the
 * set before the network answers, and a second trader on the same browser never starts from the
 * first trader's copy.
 */
import type { Page } from '@playwright/test';
import { signInAs } from './bag-support.ts';
import { ADMIN, TRADER } from './support/accounts.ts';
import { seriousViolations } from './support/axe-scan.ts';
import { catalogueDocs, indexReady } from './support/catalogue.ts';
import { hold } from './support/hold.ts';
import { JEWELLER } from './support/holds.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, nextFrames, noCookieNotice } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const SET_PATH = '/api/v1/diamonds/catalogue';
const FIRST_PATH = '/api/v1/diamonds/catalogue/first';
const holdSet = (page: Page) => hold(page, (u) => u.pathname === SET_PATH);
const codes = (page: Page) => page.locator('.cat-table tbody tr:not(.cat-detail-row) .cat-shape__code');
const pageCount = (page: Page) =>
  page.getByRole('navigation', { name: 'Pages of the stock list' }).first().locator('.cat-pager__total strong');

type First = { total: number; docs: { StkCodeCalcNS: string }[] };
/** The server's first page of an address for this screen (the browser's own cookies). */
async function serverFirst(page: Page, search = ''): Promise<First> {
  const width = String(page.viewportSize()!.width);
  const res = await page.request.get(`${FIRST_PATH}?${new URLSearchParams({ path: '/diamonds/all', search, width })}`);
  return (await res.json()) as First;
}

type Shifts = { total: number; moved: string[] };
/**
 * The page's layout shifts not caused by input, from the start of each page: their sum, and the
 * elements that moved (to say what moved when the sum is not 0).
 */
const watchShifts = (page: Page) =>
  page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
    const w = window as unknown as { __shifts: Shifts };
    w.__shifts = { total: 0, moved: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.__shifts.total += e.value;
        for (const { node } of e.sources ?? [])
          w.__shifts.moved.push(node instanceof Element ? node.className : '#text');
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
/** nothing on the page has moved since it started */
async function expectNoShift(page: Page) {
  await nextFrames(page);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shifts }).__shifts);
  expect(shifts).toEqual({ total: 0, moved: [] });
}

for (const [size, options] of BOTH_SIZES) {
  test.describe(size, () => {
    test.use(options);

    test(`a trader's first rows come with the page and stay put; a filter before the set is answered; signed out, no price`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(90_000); // axe over a page of rows on a loaded machine
      await noCookieNotice(context, baseURL);
      await signInAs(page, TRADER.email, TRADER.password);
      await watchShifts(page);
      const expected = await serverFirst(page);
      const set = await holdSet(page);

      const res = await page.goto('/diamonds/all');
      const source = await res!.text();
      const firstRow = /<tbody><tr[^>]*>(.*?)<\/tr>/.exec(source)?.[1] ?? '';
      expect(firstRow).toContain(expected.docs[0]!.StkCodeCalcNS);
      expect(firstRow).toMatch(/class="cat-price">[£$€]\d/);
      // the pager drawn with them shows what the island's will
      expect(source).toContain(
        `<p class="cat-pager__total"><strong>${expected.total.toLocaleString('en-GB')}</strong>`,
      );
      // the island is live and the drawn rows stand for its own (not drawn again): nothing moved
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await expect(page.locator('.cat-table-wrap[data-early]')).toHaveCount(1);
      await expect(codes(page).first()).toHaveText(expected.docs[0]!.StkCodeCalcNS);
      await expect(pageCount(page)).toHaveText(expected.total.toLocaleString('en-GB'));
      await expectNoShift(page);

      // a filter pressed before the set arrives: the server's rows for it, the set still held
      const rounds = await serverFirst(page, '?shape=round');
      const first = await hold(page, (u) => u.pathname === FIRST_PATH);
      const round = page.getByRole('button', { name: 'Round', exact: true });
      if (!(await round.isVisible()))
        await page
          .getByRole('button', { name: /^Filters \(/ })
          .first()
          .click();
      await round.click();
      const notice = page.getByRole('status').filter({ hasText: 'your change applies as soon as it is here' });
      await expect(notice).toBeVisible();
      await expectNoSidewaysScroll(page, `pending-${size}`);
      expect(await seriousViolations(page, '#catalogue')).toEqual([]);
      await first.release();
      await expect(notice).toHaveCount(0);
      await expect(codes(page).first()).toHaveText(rounds.docs[0]!.StkCodeCalcNS);
      await expect(pageCount(page)).toHaveText(rounds.total.toLocaleString('en-GB'));
      await expect(page).toHaveURL(/shape=round/);
      await set.release();
      await expect(codes(page).first()).toHaveText(rounds.docs[0]!.StkCodeCalcNS);

      // signed out in the same browser: no trade price in the page, its source or its kept copies
      await page.goto('/my-account');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
      // the visitor's own favourites, kept in this browser, are counted before the first paint
      // (the sign-out may still be taking the page to its next address: write once it has)
      await expect(() => page.evaluate(() => localStorage.setItem('facet.favourites', '[1,2]'))).toPass();
      const visitor = await page.goto('/diamonds/all');
      const visitorSource = await visitor!.text();
      expect(visitorSource).toContain('Sign in for prices');
      expect(visitorSource).not.toContain('class="cat-price"');
      await expect(pageCount(page)).not.toHaveText('');
      await expect(page.locator('.cat-table .cat-locked').first()).toBeVisible();
      await expect(page.locator('.cat-notice:not(.cat-notice--early)')).toBeVisible();
      await expect(page.locator('.cnav [data-count="fav"]')).toHaveText('2');
      await expectNoShift(page);
      await expect(page.locator('.cat-table .cat-price')).toHaveCount(0);
      const kept = () =>
        page.evaluate(async () => ({
          sets: (await (await caches.open('facet-catalogue-v1')).keys()).map((r) => r.url),
          first: localStorage.getItem('facet.catalogue.first') ?? '',
        }));
      await expect.poll(async () => (await kept()).sets.some((u) => u.includes('trade'))).toBe(false);
      expect((await kept()).first).not.toContain('"trade"');
    });
  });
}

test('back to a list scrolled down: it opens where it was, and nothing moves as its rows are drawn in', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await noCookieNotice(page.context(), baseURL);
  expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  await page.addInitScript(() => {
    const w = window as unknown as { __addressWrites: string[] };
    w.__addressWrites = [];
    for (const name of ['pushState', 'replaceState'] as const) {
      const write = history[name].bind(history);
      history[name] = (data, unused, url) => {
        w.__addressWrites.push(`${name} ${String(url)}`);
        write(data, unused, url);
      };
    }
  });
  await page.goto('/diamonds/all');
  await expect(codes(page)).toHaveCount(100);
  // a list opened at its own address writes nothing to it, up to its full set indexed (no
  // passing address in the history, no entry to go back through)
  await indexReady(page);
  expect(await page.evaluate(() => (window as unknown as { __addressWrites: string[] }).__addressWrites)).toEqual([]);
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
  await page.goto('/faqs');
  await watchShifts(page);
  // (a trader's page is never kept whole: it loads again, the server drawing its first screen)
  await page.goBack();
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
  await expect(codes(page)).toHaveCount(100);
  await expectNoShift(page);
});

test('a repeat visit filters from the kept set before the network answers', async ({ page }) => {
  type Stone = { StkCatType: string; Source?: string; StkShape: string };
  const docs = (await catalogueDocs<Stone>(page)).filter(
    (d) => d.StkCatType === 'Single Item' && d.Source !== 'Lab Grown',
  );
  await page.goto('/diamonds/all');
  await expect(pageCount(page)).toHaveText(docs.length.toLocaleString('en-GB'));
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('facet-catalogue-v1')).keys()).length))
    .toBe(1);

  const set = await holdSet(page);
  const first = await hold(page, (u) => u.pathname === FIRST_PATH);
  await page.goto('/diamonds/all');
  // a shape filter works at once: the index was built from the copy, the network still held
  await page.getByRole('button', { name: 'Round', exact: true }).click();
  const rounds = docs.filter((d) => d.StkShape.toLowerCase() === 'round').length;
  await expect(pageCount(page)).toHaveText(rounds.toLocaleString('en-GB'));
  await set.release();
  await first.release();
});

test("a repeat visit brings the kept set up to date from the live stream's changes, without downloading it", async ({
  page,
  keep,
}) => {
  const CODE = 'KEPT-0001';
  const HEADER =
    'Stock No,Shape,Carat,Color,Clarity,Cut,Polish,Sym,Fluor,Lab,Cert No,Price,Rap,Depth,Table,Measurements,Availability,Type,Source,Comments';
  await keep.newStones(CODE);
  const admin = await keep.as(ADMIN);
  const importPrice = async (price: string) => {
    const csv = `${HEADER}\n${CODE},RB,1.01,G,VS1,EX,EX,EX,None,GIA,2149990002,"${price}",31.5,61.8,57,6.42 x 6.45 x 3.98,1,Single Item,,\n`;
    const res = await admin.post('/api/v1/admin/stock-import?mode=apply', {
      multipart: { file: { name: 'kept.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const price = () => page.locator('.cat-table tbody tr').filter({ hasText: CODE }).locator('.cat-price').first();
  const indexReady = () => page.evaluate(() => performance.getEntriesByName('catalogue:index-ready').length > 0);
  await importPrice('7,450.00');
  await signInAs(page, TRADER.email, TRADER.password);
  await page.goto(`/diamonds/all?q=${CODE}`);
  await expect.poll(indexReady).toBe(true);
  const before = (await price().textContent()) ?? '';
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('facet-catalogue-v1')).keys()).length))
    .toBe(1);

  await importPrice('8,120.00');
  const sets: string[] = [];
  const streams: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === SET_PATH) sets.push(u.search);
    if (u.pathname === '/api/v1/live') streams.push(u.search);
  });
  // every price the row shows on the repeat visit, from the first rows parsed on
  await page.addInitScript((code) => {
    const seen: string[] = ((window as unknown as { __prices: string[] }).__prices = []);
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('.cat-table tbody tr'))
        if (row.textContent?.includes(code)) seen.push(row.querySelector('.cat-price')?.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, CODE);
  await page.goto(`/diamonds/all?q=${CODE}`);
  await expect.poll(indexReady).toBe(true);
  // the kept copy is the index, and the stream's changes since its sequence reach it
  await expect(price()).not.toHaveText(before);
  // the server's rows stood until then: the kept copy's old price never showed
  const seen = await page.evaluate(() => (window as unknown as { __prices: string[] }).__prices);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).not.toContain(before);
  await expect(page.locator('.cat-table tbody tr').filter({ hasText: CODE })).toHaveCount(1);
  expect(streams.some((q) => /since=\d+/.test(q))).toBe(true);
  expect(sets).toEqual([]);
});

test("a second trader on the same browser sees their own prices first, never the first trader's copy", async ({
  page,
  context,
}) => {
  const accountOf = async () =>
    ((await (await page.request.get('/api/v1/me')).json()) as { user: { _id: string } }).user._id;
  const keptSets = () =>
    page.evaluate(async () =>
      (await (await caches.open('facet-catalogue-v1')).keys()).map((r) => new URL(r.url).searchParams.get('copy')),
    );
  await signInAs(page, TRADER.email, TRADER.password);
  const first = await accountOf();
  await page.goto('/diamonds/all');
  await expect.poll(keptSets).toEqual([`trade-${first}`]);

  // the first trader's session ends without a sign-out here, and a second trader signs in
  await context.clearCookies();
  await signInAs(page, JEWELLER.email, JEWELLER.password);
  const second = await accountOf();
  const set = await holdSet(page);
  const asked = await hold(page, (u) => u.pathname === FIRST_PATH);
  await page.goto('/diamonds/all');
  await expect(page.locator('.cat-table .cat-price').first()).toBeVisible(); // their prices, drawn by the server
  // no index from the first trader's copy: a filter waits for the server, and that copy is gone
  await page.getByRole('button', { name: 'Round', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your change applies as soon as it is here' })).toBeVisible();
  await expect.poll(keptSets).toEqual([]);
  await asked.release();
  await set.release();
  await expect.poll(keptSets).toEqual([`trade-${second}`]);
});
