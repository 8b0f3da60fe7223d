/**
 * Admin edits are never "lost": after a save the admin is told the change
 * is publishing and then when it is live; a visitor who loads the page straight after the save
 * (long before the ~10 s rebuild is done) already sees it, and so does the admin on a reload.
 * Screenshots of the status line at 1440 x 900 and on an iPhone 13. The block is put back after
 * the test, passed or failed (the `keep` fixture).
 */
import { devices, request } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ADMIN } from './support/accounts.ts';
import { noCookieNotice, saveShot } from './support/screens.ts';

const SHOTS = 'test-results/screenshots/fit-and-finish';
const BLOCK = 'home_news_title';

for (const phone of [false, true]) {
  test(`a saved block shows at once and the admin sees it publish (${phone ? 'iPhone 13' : '1440 x 900'})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(180_000); // the background rebuild of the whole site, on a shared machine
    await keep.siteBlocks(BLOCK);
    const context = await browser.newContext(
      phone ? { ...devices['iPhone 13'], baseURL } : { viewport: { width: 1440, height: 900 }, baseURL },
    );
    await noCookieNotice(context, baseURL);
    await context.addInitScript(() => localStorage.setItem('facet.home.intro-seen', '1'));
    const page = await context.newPage();
    expect((await page.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
    const title = `Latest from the bourse ${Date.now().toString(36)}`;
    const visitor = await request.newContext({ baseURL });
    keep.after(async () => {
      await visitor.dispose();
      await context.close();
    });
    await page.goto('/#news');
    await page.getByRole('button', { name: `Edit text block ${BLOCK}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit text block' });
    await dialog.getByRole('textbox', { name: 'Text' }).fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const status = page.getByRole('status').filter({ hasText: /Saved|Published/ });
    await expect(status).toContainText('Visitors see it on their next page load; publishing the site pages');
    await saveShot(page, SHOTS, `publish-status-saving-${phone ? 'phone' : 'desktop'}`, false);

    // before the rebuild: a visitor's next load and the admin's reload already carry it
    const html = await (await visitor.get('/', { headers: { 'cache-control': 'no-cache' } })).text();
    expect(html).toContain(title);
    expect(((await (await page.request.get('/api/v1/admin/site-build')).json()) as { state: string }).state).not.toBe(
      'idle',
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: title })).toBeAttached();

    // a new save on the reloaded page, then the line says when the rebuild made it live
    await page.getByRole('button', { name: `Edit text block ${BLOCK}` }).click();
    await dialog.getByRole('textbox', { name: 'Text' }).fill(`${title}!`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(status).toContainText(/^Published: live for every visitor since \d\d:\d\d:\d\d\.$/, {
      timeout: 150_000,
    });
    await saveShot(page, SHOTS, `publish-status-live-${phone ? 'phone' : 'desktop'}`, false);
  });
}
