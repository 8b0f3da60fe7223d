/**
 * The stock import's history in Chromium, at 1440 and on an iPhone 13 (axe on each screen):
 * an import with a bad row is applied without it, the history lists the run, its skipped
 * rows download as CSV, a replace-all that would empty the shop waits until confirmed, and a
 * stock API key is made and shown once, a media ZIP is uploaded and its report read, and a
 * stock source pulled from a feed server on loopback is added, previewed and run, and its run
 * is in the history. The rules behind it (limits, counts, the e-mail) are checked in
 * tests/api/stock-import-runs.test.ts, tests/api/stock-media.test.ts and
 * tests/api/stock-sources.test.ts.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { expect, test } from './support/test.ts';
import { openLogin, ADMIN, submitLogin } from './support/accounts.ts';
import { axeViolations } from './support/axe-scan.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice } from './support/screens.ts';
import { signInPage } from './support/sessions.ts';

const HEAD = 'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price';
/** 60 new stones and one bad row: under the 2 % limit, so the 60 are applied */
const partial = (tag: string) =>
  [
    HEAD,
    ...Array.from({ length: 60 }, (_, i) => `HIS-${tag}-${i},Round,1.01,G,VS1,1000`),
    `HIS-${tag}-BAD,Round,1.01,Z,VS1,1000`,
  ].join('\n');

for (const [size, device] of BOTH_SIZES) {
  test(`an import skips its bad row, the history shows it, a large removal waits for confirmation and a media ZIP is reported (${size})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(90_000);
    const tag = size === 'iphone13' ? 'P' : 'D';
    await keep.newStones(...Array.from({ length: 60 }, (_, i) => `HIS-${tag}-${i}`), `HIS-${tag}-X`);
    await keep.stockInStock();
    const context = await browser.newContext({ ...device, baseURL, acceptDownloads: true });
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    try {
      await page.goto('/admin/stock');
      await openLogin(page, page.getByRole('button', { name: 'Login' }));
      await submitLogin(page, ADMIN.email, ADMIN.password);
      const upload = async (name: string, csv: string) => {
        await page.getByLabel('Stock file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await page.getByRole('button', { name: 'Preview' }).click();
        await expect(page.getByRole('button', { name: 'Apply import' })).toBeEnabled();
        await page.getByRole('button', { name: 'Apply import' }).click();
      };

      await upload('partial.csv', partial(tag));
      await expect(page.getByRole('status').first()).toContainText('60 new');
      await expect(page.getByRole('status').first()).toContainText('1 skipped');

      await page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'History' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Import history' })).toBeVisible();
      const run = page.getByRole('link', { name: /partial\.csv/ }).first();
      await expect(run).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await run.click();
      await expect(page.getByRole('cell', { name: 'Colour must be D to M, not "Z"' })).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download the skipped rows (CSV)' }).click(),
      ]);
      expect(readFileSync((await download.path())!, 'utf8')).toContain(`${partial(tag).split('\n').length},Colour,Z,`);
      expect(await axeViolations(page)).toEqual([]);

      // a full feed of one stone would take the whole shop out of stock: it waits
      await page.goto('/admin/stock');
      await page.getByLabel('Full feed: stones missing from this file go out of stock').check();
      await upload('one.csv', `${HEAD}\nHIS-${tag}-X,Round,1.01,G,VS1,1000`);
      await page.getByRole('link', { name: 'Review it: confirm or discard' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Waiting for confirmation' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm import' }).click();
      await expect(page.getByRole('status').first()).toContainText('Confirmed');
      await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();

      // a stock key for the wholesaler's own system, shown once
      await page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'API keys' }).click();
      await page.getByLabel('Key name').fill(`ERP ${size}`);
      await page.getByRole('button', { name: 'Make a stock key' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'shown only once' })).toContainText('ftk_s_');
      expect(await axeViolations(page)).toEqual([]);

      // media in bulk: one image matched by its stock code, one file that names no stone
      const image = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#b08d57' } })
        .png()
        .toBuffer();
      const media = zipSync({ [`HIS-${tag}-0.png`]: image, 'NO-SUCH-STONE.png': image });
      await page.getByRole('navigation', { name: 'Stock' }).getByRole('link', { name: 'Media' }).click();
      await page
        .getByLabel('Media ZIP')
        .setInputFiles({ name: 'media.zip', mimeType: 'application/zip', buffer: Buffer.from(media) });
      await page.getByRole('button', { name: 'Upload media' }).click();
      await expect(page.getByRole('status').first()).toContainText('1 stored');
      const report = page.locator('#media-report');
      await expect(report.getByRole('row', { name: new RegExp(`HIS-${tag}-0\\.png.*Stored.*image 1`) })).toBeVisible();
      await expect(report.getByRole('row', { name: /NO-SUCH-STONE\.png.*No match/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

for (const [size, device] of BOTH_SIZES) {
  test(`a stock source is added, previewed, run, and its run is in the history (${size})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    const tag = size === 'iphone13' ? 'P' : 'D';
    const codes = [`SRC-${tag}-1`, `SRC-${tag}-2`];
    await keep.newStones(...codes);
    const csv = [`${HEAD},Lot note`, ...codes.map((c) => `${c},Round,1.01,G,VS1,1000,shelf 4`)].join('\n');
    const feed = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(csv));
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
    const context = await browser.newContext({ ...device, baseURL });
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    try {
      await signInPage(page, ADMIN, baseURL!);
      await page.goto('/admin/stock/sources');
      await page.getByRole('button', { name: 'Add a source' }).click();
      const name = `ERP feed ${size}`;
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel(/File address/).fill(`http://127.0.0.1:${(feed.address() as AddressInfo).port}/stock.csv`);
      await page.getByRole('button', { name: 'Save source' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'The source was saved.' })).toBeVisible();

      await page
        .getByRole('button', { name: `Preview ${name}` })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 2, name: `Preview of “${name}”` })).toBeVisible();
      await expect(page.getByRole('cell', { name: codes[0] })).toBeVisible();
      await expect(page.getByLabel('“Lot note” is')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, 'stock sources with a preview');

      await page
        .getByRole('button', { name: `Run now ${name}` })
        .first()
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'applied' })).toBeVisible();
      await page.getByRole('link', { name: 'See the run' }).click();
      await expect(page.getByText(name).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
      feed.closeAllConnections();
      await new Promise((r) => feed.close(r));
    }
  });
}
