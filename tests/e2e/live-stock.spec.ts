/**
 * Live stock, as two traders see it on one server without reloading: trader A (an iPhone 13)
 * holds a stone and trader B's open list (1440 px) says "On hold" within 2 s while B's bag
 * warns; an admin's stock import adds a stone, which waits behind "1 new stone matches" in both
 * lists until pressed; a second import changes its price, which both lists show and both bags
 * warn of. The button and the bag warnings pass axe at both sizes.
 */
import type { Browser, Page } from '@playwright/test';
import { ADMIN, TRADER } from './support/accounts.ts';
import { axeViolations } from './support/axe-scan.ts';
import { freeSingles, JEWELLER } from './support/holds.ts';
import { DESKTOP, IPHONE_13, noCookieNotice } from './support/screens.ts';
import { withDb } from './support/shared-state.ts';
import { signInPage, type Account } from './support/sessions.ts';
import { expect, islandsReady, test } from './support/test.ts';

const CODE = 'LIVE-0001';
const HEADER =
  'Stock No,Shape,Carat,Color,Clarity,Cut,Polish,Sym,Fluor,Lab,Cert No,Price,Rap,Depth,Table,Measurements,Availability,Type,Source,Comments';
const row = (price: string) =>
  `${CODE},RB,1.01,G,VS1,EX,EX,EX,None,GIA,2149990001,"${price}",31.5,61.8,57,6.42 x 6.45 x 3.98,1,Single Item,,`;

/** Loads `path` and waits until its live stream is open (what changes before is in the page). */
async function visit(page: Page, path: string | null): Promise<void> {
  const live = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/live');
  await (path ? page.goto(path) : page.reload());
  await islandsReady(page);
  await live;
}

async function open(browser: Browser, size: object, account: Account, base: string, path: string): Promise<Page> {
  const context = await browser.newContext({ ...size, baseURL: base });
  await noCookieNotice(context, base);
  const page = await context.newPage();
  await signInPage(page, account, base);
  await visit(page, path);
  return page;
}

const listRow = (page: Page, code: string) => page.locator('.cat-table tbody tr').filter({ hasText: code });

test('holds, new stones and price changes reach both traders without a reload', async ({ browser, baseURL, keep }) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  await keep.newStones(CODE);
  await keep.bag(TRADER);
  await keep.bag(JEWELLER);
  const admin = await keep.as(ADMIN);
  const holder = await keep.as(TRADER);
  const other = await keep.as(JEWELLER);
  const importPrice = async (price: string) => {
    const res = await admin.post('/api/v1/admin/stock-import?mode=apply', {
      multipart: {
        file: { name: 'live.csv', mimeType: 'text/csv', buffer: Buffer.from(`${HEADER}\n${row(price)}\n`) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  const [stone] = freeSingles(1, 12);
  expect((await other.post('/api/v1/profile/bag', { data: { diamondId: stone!._id } })).status()).toBe(200);
  const a = await open(browser, IPHONE_13, TRADER, base, `/diamonds/all?q=${CODE}`);
  const b = await open(browser, DESKTOP, JEWELLER, base, `/diamonds/all?q=${stone!.StkCodeCalcNS}`);
  const bBag = await b.context().newPage();
  await visit(bBag, '/diamonds/bag');
  await expect(listRow(b, stone!.StkCodeCalcNS)).toBeVisible();

  // A holds the stone: B's list and B's bag say so without a reload
  const held = await holder.post('/api/v1/holds', { data: { diamondId: stone!._id } });
  expect(held.status()).toBe(201);
  const { id: holdId } = (await held.json()) as { id: number };
  keep.after(async () => void (await holder.delete(`/api/v1/holds/${holdId}`)));
  await expect(listRow(b, stone!.StkCodeCalcNS).getByText('On hold')).toBeVisible({ timeout: 2_000 });
  await expect(bBag.locator(`[data-bag-warnings="${stone!._id}"]`)).toHaveText(/On hold for another buyer/);

  // a new stone: it waits behind a quiet button in both lists, then shows
  const search = b.getByRole('searchbox', { name: 'Search by stock code or certificate number' });
  await search.fill(CODE);
  await search.press('Enter');
  await expect(b).toHaveURL(new RegExp(`q=${CODE}`));
  await importPrice('7,450.00');
  for (const page of [a, b]) {
    const button = page.getByRole('button', { name: /1 new stone matches/ });
    await expect(button).toBeVisible();
    await expect(listRow(page, CODE)).toHaveCount(0);
    expect(await axeViolations(page, { within: '.live-new' })).toEqual([]);
    await button.click();
    await expect(listRow(page, CODE)).toBeVisible();
  }

  // its price changes: both lists show the new price, both bags warn before Send
  const id = withDb((db) => db.prepare('SELECT id FROM diamonds WHERE stock_code = ?').get(CODE) as { id: number }).id;
  for (const api of [holder, other])
    expect((await api.post('/api/v1/profile/bag', { data: { diamondId: id } })).status()).toBe(200);
  const aBag = await a.context().newPage();
  await visit(aBag, '/diamonds/bag');
  await visit(bBag, null);
  const before = await listRow(a, CODE).locator('.cat-price').first().innerText();
  await importPrice('8,120.00');
  for (const page of [a, b]) await expect(listRow(page, CODE).locator('.cat-price').first()).not.toHaveText(before);
  for (const page of [aBag, bBag]) {
    await expect(page.locator(`[data-bag-warnings="${id}"]`)).toHaveText(/Price changed from .+ to .+/);
    expect(await axeViolations(page, { within: `[data-bag-warnings="${id}"]` })).toEqual([]);
  }
  await expect(bBag.locator(`[data-bag-warnings="${stone!._id}"]`)).toHaveText(/On hold for another buyer/);
  for (const page of [a, b]) await page.context().close();
});
