/**
 * Admin edits are never "lost": after a save the admin is told the change
 * is publishing and then when it is live; a visitor who loads the page straight after the save
 * (long before the ~10 s rebuild is done) already sees it, and so does the admin on a reload.
 * One admin at 1440 x 900 and one on an iPhone 13, side by side: the first saves, the second
 * reloads (the change is there) and saves again while the first rebuild runs, and each status
 * line says when its change is live. Screenshots of both lines at both sizes. The block is put
 * back after the test, passed or failed (the `keep` fixture).
 */
import { request, type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ADMIN } from './support/accounts.ts';
import { DESKTOP, IPHONE_13, noCookieNotice, saveShot } from './support/screens.ts';

const SHOTS = 'test-results/screenshots/fit-and-finish';
const BLOCK = 'home_news_title';
const LIVE = /^Published: live for every visitor since \d\d:\d\d:\d\d\.$/;

/** An admin on the home page's news band, at one size, with no cookie notice and no intro. */
async function adminAt(browser: Browser, baseURL: string | undefined, size: typeof DESKTOP | typeof IPHONE_13) {
  const context = await browser.newContext({ ...size, baseURL });
  await noCookieNotice(context, baseURL);
  await context.addInitScript(() => localStorage.setItem('facet.home.intro-seen', '1'));
  const page = await context.newPage();
  expect((await page.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
  await page.goto('/#news');
  return { context, page };
}

/** Edits the block to `text` and saves it; answers the page's publishing status line. */
async function saveBlock(page: Page, text: string) {
  await page.getByRole('button', { name: `Edit text block ${BLOCK}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit text block' });
  await dialog.getByRole('textbox', { name: 'Text' }).fill(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const status = page.getByRole('status').filter({ hasText: /Saved|Published/ });
  await expect(status).toContainText('Visitors see it on their next page load; publishing the site pages');
  return status;
}

test('a saved block shows at once and the admin sees it publish (1440 x 900 and iPhone 13)', async ({
  browser,
  baseURL,
  keep,
}) => {
  test.setTimeout(180_000); // two background rebuilds of the whole site, on a shared machine
  await keep.siteBlocks(BLOCK);
  const desk = await adminAt(browser, baseURL, DESKTOP);
  const phone = await adminAt(browser, baseURL, IPHONE_13);
  const visitor = await request.newContext({ baseURL });
  keep.after(async () => {
    await visitor.dispose();
    await desk.context.close();
    await phone.context.close();
  });
  const title = `Latest from the bourse ${Date.now().toString(36)}`;
  const deskStatus = await saveBlock(desk.page, title);
  await saveShot(desk.page, SHOTS, 'publish-status-saving-desktop', false);

  // before the rebuild: a visitor's next load and the admin's reload already carry it
  const html = await (await visitor.get('/', { headers: { 'cache-control': 'no-cache' } })).text();
  expect(html).toContain(title);
  expect(
    ((await (await desk.page.request.get('/api/v1/admin/site-build')).json()) as { state: string }).state,
  ).not.toBe('idle');
  await phone.page.reload();
  await expect(phone.page.getByRole('heading', { name: title })).toBeAttached();

  // a new save while that rebuild runs: each line says when the rebuild made its change live
  const phoneStatus = await saveBlock(phone.page, `${title}!`);
  await saveShot(phone.page, SHOTS, 'publish-status-saving-phone', false);
  await expect(deskStatus).toContainText(LIVE, { timeout: 150_000 });
  await saveShot(desk.page, SHOTS, 'publish-status-live-desktop', false);
  await expect(phoneStatus).toContainText(LIVE, { timeout: 150_000 });
  await saveShot(phone.page, SHOTS, 'publish-status-live-phone', false);
});
