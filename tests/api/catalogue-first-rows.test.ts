/**
 * The list page with its first rows drawn by the server (api/services/catalogue/list-page.ts):
 * the rows of the address asked for, priced for a trader and without prices for a visitor,
 * the cache headers that keep a trader's page out of every shared cache, the site's own cache
 * of visitors' pages, and the nginx example, which must not cache a private answer either; the
 * page's frame drawn for the viewer (list-page-frame.ts: counts, badges, the viewer's name for
 * the CSS, a trader's initials), with nothing of a trader's in a visitor's page.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drawFirstRows } from '../../api/services/catalogue/list-page.ts';
import type { FirstPage } from '../../api/services/catalogue/first-page.ts';
import { createServerApp } from '../../api/server.ts';
import { siteRoot } from '../../api/static-site.ts';
import { bagItems, favourites, users } from '../../db/tables.ts';
import { displayPrice, priceParts, type FxRate, type PricedStone } from '../../src/domain/money.ts';
import { FIRST_ROWS_MARK, FIRST_SCREEN_ROWS } from '../../src/islands/catalogue/table-markup.ts';
import { createTestApp, insertUser, signIn, type TestApp } from './auth-helpers.ts';

/**
 * The list page as the build leaves it: the header's account entry, the catalogue navigation's
 * badges, the data's mark, the pager, the inline script, the table's place.
 */
const BUILT =
  '<!doctype html><html lang="en"><head><title>All Diamonds</title></head><body><header>' +
  '<button type="button" class="account" data-account-entry aria-haspopup="dialog" data-astro-cid-h>' +
  '<svg width="16"></svg><span data-account-label data-astro-cid-h>Account</span>' +
  '<span class="account__badge" data-account-badge hidden data-astro-cid-h></span></button></header>' +
  '<nav class="cnav"><span class="cnav__count" data-count="all" hidden data-astro-cid-n></span>' +
  '<span class="cnav__count" data-count="fav" hidden data-astro-cid-n></span>' +
  '<span class="cnav__count" data-count="bag" hidden data-astro-cid-n></span></nav>' +
  `<main>${FIRST_ROWS_MARK}` +
  '<nav class="cat-pager" aria-label="Pages of the stock list" aria-busy="true"><p class="cat-pager__total">Loading stock…</p>' +
  '<select id="cat-top-limit"><option value="25" selected="">25</option><option value="50">50</option><option value="100">100</option></select>' +
  '<button type="button" class="cat-pager__btn" disabled="" aria-label="Previous page"></button>' +
  '<span class="cat-pager__where">Page <strong>1</strong> of <!-- -->1</span>' +
  '<button type="button" class="cat-pager__btn" disabled="" aria-label="Next page"></button></nav>' +
  '<script>window.early = 1</script><div class="cat-table-wrap" data-early=""><table class="cat-table">' +
  '<tbody><tr class="cat-skeleton"><td><div class="bar"></div></td></tr></tbody></table></div>' +
  '<p>after the table</p></main></body></html>';

function builtSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'facet-list-'));
  mkdirSync(join(dir, 'diamonds/all'), { recursive: true });
  writeFileSync(join(dir, 'diamonds/all/index.html'), BUILT);
  writeFileSync(join(dir, 'index.html'), '<p>home</p>');
  return dir;
}

async function setup() {
  const t = await createTestApp();
  const app = createServerApp({ db: t.db, mailer: t.mailer, clock: t.clock, config: t.config }, siteRoot(builtSite()));
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { headers });
    return { status: res.status, html: await res.text(), headers: res.headers };
  };
  const person = await insertUser(t.db);
  const trader = await signIn(t, person.email);
  const cookie = [...trader.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { t, page, trader, cookie, person };
}

type First = FirstPage & { docs: (PricedStone & { _id: number; StkCodeCalcNS: string })[] };
const firstOf = async (agent: TestApp | { request: TestApp['request'] }, path: string, search = '') =>
  (await (
    await agent.request(
      `/diamonds/catalogue/first?path=${encodeURIComponent(path)}&search=${encodeURIComponent(search)}&width=1440`,
    )
  ).json()) as First;
const dataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="catalogue-first-data">(.*?)<\/script>/.exec(html)![1]!) as {
    widths: [number, number];
    page: First;
    pager: { total: number; page: number; pages: number; pageSize: number } | null;
  };
/** the pager's total, page size, place and its next button as drawn */
const pagerOf = (html: string) => [
  /<p class="cat-pager__total">(.*?)<\/p>/.exec(html)![1],
  /<option value="(\d+)" selected="">/.exec(html)![1],
  /Page <strong>(\d+)<\/strong> of <!-- -->([\d,]+)/.exec(html)!.slice(1).join(' of '),
  /<button[^>]*aria-label="Next page">/.exec(html)![0].includes('disabled'),
];
const badgeOf = (html: string, key: string) =>
  new RegExp(`<span class="cnav__count" data-count="${key}"( hidden)?[^>]*>([^<]*)</span>`).exec(html)!.slice(1);
const stockOf = (f: First) => (f.counts[0] + f.counts[1] + f.counts[2] + f.counts[3]).toLocaleString('en-GB');
/** The codes of the rows drawn (the collapsed sizer's figures are all 0) */
const codesOf = (html: string) =>
  [...html.matchAll(/class="cat-shape__code">([^<]*)</g)].map((m) => m[1]).filter((c) => /[1-9]/.test(c!));
/** A price as the table shows it. */
const shown = (d: PricedStone, ccy: string, rates: readonly FxRate[]) => {
  const m = displayPrice(d, ccy, rates)!;
  const p = priceParts(m.amount, m.ccy);
  return `<span class="cat-price">${p.sign}${p.symbol}${p.whole}<small>.${p.cents}</small></span>`;
};

describe('the list page with its first rows', () => {
  it("draws a visitor's first page of the address, without prices, cacheable by address", async () => {
    const { t, page } = await setup();
    const res = await page('/diamonds/all/oval?sort=-weight');
    expect(res.status).toBe(200);
    const first = await firstOf(t, '/diamonds/all/oval', '?sort=-weight');
    expect(first.docs.length).toBeGreaterThan(1);
    expect(first.docs.length).toBeGreaterThan(FIRST_SCREEN_ROWS);
    // the first screen of rows drawn, the whole page in the page's data
    expect(codesOf(res.html)).toEqual(first.docs.slice(0, FIRST_SCREEN_ROWS).map((d) => d.StkCodeCalcNS));
    expect(dataOf(res.html).page.docs.map((d) => d.StkCodeCalcNS)).toEqual(first.docs.map((d) => d.StkCodeCalcNS));
    // with room below its rows for the rest of its page (9 more, on any desktop: 21 stones)
    expect(res.html).toContain(
      '<div class="cat-table-wrap" data-early="" data-drawn="wide" style="--cat-later:9;--cat-later-narrow:9"><table',
    );
    expect(res.html).not.toContain('cat-skeleton');
    // no frame is painted with only some of the rows parsed (columns would widen as the rest came)
    expect(res.html).toContain('<link rel="expect" href="#cat-drawn-end" blocking="render"></head>');
    expect(res.html).toContain('</table><i id="cat-drawn-end" hidden></i></div>');
    expect(res.html).toContain('<p>after the table</p>');
    expect(res.html).not.toContain('cat-price');
    expect(res.html).toContain('Sign in for prices');
    const data = dataOf(res.html);
    expect(data.page).toMatchObject({ audience: 'visitor', account: null, address: first.address, total: first.total });
    expect(data.widths).toEqual([1200, 100_000]);
    // the pager drawn with them: the address's total and place at a desktop's page size
    const pages = Math.ceil(first.total / 100);
    expect(data.pager).toEqual({ total: first.total, page: 1, pages, pageSize: 100 });
    expect(pagerOf(res.html)).toEqual([
      `<strong>${first.total.toLocaleString('en-GB')}</strong> <!-- -->stones`,
      '100',
      `1 of ${pages}`,
      pages === 1,
    ]);
    for (const d of data.page.docs) expect(d).not.toHaveProperty('price');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('vary')).toMatch(/\bCookie\b/);
    // the frame: a visitor's, the counts of the address's stock, no one's account
    expect(res.html).toContain(`<html lang="en" data-viewer="visitor" style="--cat-count-0:'${first.counts[0]}';`);
    expect(badgeOf(res.html, 'all')).toEqual([undefined, stockOf(first)]);
    expect(badgeOf(res.html, 'bag')).toEqual([' hidden', '']);
    expect(badgeOf(res.html, 'fav')).toEqual([' hidden', '']);
    expect(res.html).toContain('<span class="account__badge" data-account-badge hidden data-astro-cid-h></span>');
    expect(res.html).not.toContain('My account');
  });

  it("draws a trader's prices in their own currency, private and never stored", async () => {
    const { t, page, trader, cookie, person } = await setup();
    await t.db.update(users).set({ currency: 'USD' }); // the trader chose dollars
    const first = await firstOf(trader, '/diamonds/all', '?sort=weight');
    await t.db.insert(bagItems).values({ userId: person.id, diamondId: first.docs[0]!._id });
    const [a, b] = first.docs;
    await t.db.insert(favourites).values([a, b].map((d) => ({ userId: person.id, diamondId: d!._id })));
    const res = await page('/diamonds/all?sort=weight', { cookie });
    const { fxrates } = (await (await trader.request('/site')).json()) as { fxrates: FxRate[] };
    const priced = first.docs.find((d) => displayPrice(d, 'USD', fxrates))!;
    expect(codesOf(res.html)[0]).toBe(first.docs[0]!.StkCodeCalcNS);
    expect(res.html).toContain(shown(priced, 'USD', fxrates));
    // the trader's account names the browser's copies of their set (src/stores/catalogue-set.ts)
    expect(dataOf(res.html).page).toMatchObject({ audience: 'trade', account: String(person.id) });
    expect(first.account).toBe(String(person.id));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toMatch(/\bCookie\b/);
    // the frame: a trader's, their bag and initials as the island draws them
    expect(res.html).toContain('<html lang="en" data-viewer="trade"');
    expect(badgeOf(res.html, 'all')).toEqual([undefined, stockOf(first)]);
    expect(badgeOf(res.html, 'bag')).toEqual([undefined, '1']);
    expect(badgeOf(res.html, 'fav')).toEqual([undefined, '2']);
    const initials = `${person.firstName[0]}${person.lastName[0]}`.toUpperCase();
    expect(res.html).toContain(`aria-label="My account: ${person.firstName} ${person.lastName}, ${initials}"`);
    expect(res.html).toContain(`<span data-account-label hidden data-astro-cid-h>Account</span>`);
    expect(res.html).toContain(`<span class="account__badge" data-account-badge data-astro-cid-h>${initials}</span>`);
  });

  it("never hands a trader's page to a visitor through the site's own cache", async () => {
    const { page, cookie } = await setup();
    const path = '/diamonds/all?sort=-weight';
    const visitorBefore = await page(path);
    expect((await page(path, { cookie })).html).toContain('cat-price');
    // the same address again, a trader's page just drawn: the visitor's own page, no price
    for (const headers of [{}, { cookie: 'sid=not-a-session' }] as Record<string, string>[]) {
      const after = await page(path, headers);
      expect(after.html).not.toContain('cat-price');
      expect(after.html).not.toContain('data-viewer="trade"');
      expect(after.html).toBe(visitorBefore.html);
    }
    // a trader after the visitor's page was kept: still their prices
    const again = await page(path, { cookie });
    expect(again.html).toContain('cat-price');
    expect(again.headers.get('cache-control')).toBe('private, no-store');
  });

  it("keeps a trader's drawn rows for that trader and those prices only", async () => {
    const { t, page, cookie, person } = await setup();
    const path = '/diamonds/all?sort=weight';
    const first = await page(path, { cookie });
    expect((await page(path, { cookie })).html).toBe(first.html);
    expect(first.html).toContain('>£');
    // a second trader at the same address: their own account in the page's data
    const other = await insertUser(t.db, { email: 'second@example.com' });
    const second = await signIn(t, other.email);
    const otherCookie = [...second.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(dataOf((await page(path, { cookie: otherCookie })).html).page.account).toBe(String(other.id));
    // the first trader changes currency: drawn again, in dollars
    await t.db.update(users).set({ currency: 'USD' }).where(eq(users.id, person.id));
    const dollars = await page(path, { cookie });
    expect(dollars.html).toContain('>$');
    expect(dollars.html).not.toContain('>£');
    expect(dataOf(dollars.html).page.account).toBe(String(person.id));
  });

  it("draws a phone's page size when the browser says it is a phone", async () => {
    const { page } = await setup();
    const res = await page('/diamonds/all', { 'sec-ch-ua-mobile': '?1' });
    // the first screens of its page of 25 as rows, the whole page as data
    expect(codesOf(res.html)).toHaveLength(FIRST_SCREEN_ROWS);
    expect(dataOf(res.html).page.docs).toHaveLength(25);
    expect(dataOf(res.html).widths).toEqual([0, 1199]);
    expect(res.html).toContain('data-drawn=""');
    const { total } = dataOf(res.html).page;
    expect(total).toBeGreaterThan(25);
    expect(pagerOf(res.html).slice(1)).toEqual(['25', `1 of ${Math.ceil(total / 25)}`, false]);
    // a later page of the default size depends on the screen: only its data, no rows, the pager as built
    const later = await page('/diamonds/all?page=2');
    expect(codesOf(later.html)).toEqual([]);
    expect(dataOf(later.html).page.page).toBe(2);
    expect(dataOf(later.html).pager).toBeNull();
    expect(pagerOf(later.html)).toEqual(['Loading stock…', '25', '1 of 1', true]);
    // a page size in the address holds at every width
    expect(dataOf((await page('/diamonds/all?page=2&size=50')).html).widths).toEqual([0, 100_000]);
  });

  it('keeps the stock text inside its element: no tag in a code ends the data script', () => {
    const code = '</script><script>alert(1)</script><!--';
    const first = {
      audience: 'visitor',
      address: '/diamonds/all',
      tab: 0,
      page: 1,
      pages: 1,
      total: 1,
      docs: [{ _id: 1, StkCodeCalcNS: code, StkShape: 'Round', StkCatType: 'Single Item', STWeight: 1 }],
    } as unknown as FirstPage;
    const html = drawFirstRows(BUILT, first, null, 1440, '');
    expect(html).not.toContain(code);
    expect(html.match(/<script/g)).toHaveLength(2); // the data and the page's own
  });

  it('the nginx example caches no answer, so a private page never lands in a shared cache', () => {
    const conf = readFileSync(join(import.meta.dirname, '../../deploy/nginx.conf.example'), 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean);
    const caching = conf.filter((l) => /^(proxy_cache|fastcgi_cache|uwsgi_cache|scgi_cache)\b/.test(l));
    expect(caching.every((l) => /^proxy_cache\s+off;$/.test(l))).toBe(true);
    expect(conf.filter((l) => /^proxy_ignore_headers\b/.test(l))).toEqual([]);
    expect(conf.filter((l) => /^proxy_hide_header\s+(cache-control|vary)\b/i.test(l))).toEqual([]);
  });
});
