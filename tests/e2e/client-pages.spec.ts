/**
 * Client pages, at 1440 px and on an iPhone 13: the demo trader makes a page from the bag (a
 * single and a parcel, 12.5 % in EUR, with a logo) in the dialog (axe clean while open); the
 * address opens in a fresh browser (no cookies) with the prices exactly trade x 1.125 in EUR,
 * no trade price, RAP or stock code in the page or its network answers; the PDF, read back with
 * pdftotext, says the same; the account lists the page with its view; revoked, the address
 * says it is no longer available (410). Scrolled to the bottom each screen passes axe.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { formatPrice } from '../../src/domain/money.ts';
import { TRADER } from './support/accounts.ts';
import { axeClean } from './support/holds.ts';
import { withDb } from './support/shared-state.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { addByApi, emptyBag, pickStones, signInAs } from './bag-support.ts';

const SHOTS = process.env.CLIENT_PAGE_SHOTS ?? 'test-results/screenshots/client-pages';
type Line = {
  diamondId: number;
  type: string;
  itemPrice: number | null;
  ppc: number | null;
  stock: { RAP?: number | null };
};

/** trade x 1.125, half up, in whole units (a stone) or cents (per carat): the oracle, in integers. */
const marked = (amount: number, step: 1 | 100) =>
  (Math.floor((Math.round(amount * 100) * 1125 + 500 * step) / (1000 * step)) * step) / 100;

BOTH_SIZES.forEach(([name, size], i) => {
  test(`a client page from the bag, opened by a client, as a PDF, then revoked (${name})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(120_000);
    await keep.bag(TRADER);
    const trader = await browser.newContext({ ...size, baseURL });
    await noCookieNotice(trader, baseURL);
    const page = await trader.newPage();
    await signInAs(page, TRADER.email, TRADER.password);
    await emptyBag(page);
    const { single, parcel } = await pickStones(page, 3 + i);
    await addByApi(page, single, parcel);
    // a RAP that can be told apart from every other figure on the page
    const rap = withDb((db) => db.prepare('SELECT rap FROM diamonds WHERE id = ?').get(single._id) as { rap: number });
    const setRap = (value: number | null) =>
      withDb((db) => db.prepare('UPDATE diamonds SET rap = ? WHERE id = ?').run(value, single._id));
    setRap(-41.37);
    keep.after(async () => void setRap(rap.rap));
    const lines = ((await (await page.request.get('/api/v1/profile/bag?ccy=EUR')).json()) as { bag: Line[] }).bag;
    const tradeSingle = lines.find((l) => l.diamondId === single._id)!.itemPrice!;
    const tradePpc = lines.find((l) => l.diamondId === parcel._id)!.ppc!;
    expect(lines.find((l) => l.diamondId === single._id)!.stock.RAP, 'the trader sees the RAP').toBe(-41.37);
    const wantSingle = formatPrice(marked(tradeSingle, 100), 'EUR');
    const wantParcel = `${formatPrice(marked(tradePpc, 1), 'EUR')} per ct`;

    await page.goto('/diamonds/bag');
    await page.getByRole('button', { name: 'Make a client page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a client page' });
    await expect(dialog).toBeVisible();
    const title = `Shortlist for Mrs Patel ${name}`;
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Markup %' }).fill('12.5');
    await dialog.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await expect(dialog.getByRole('checkbox', { name: 'Hide stock codes' })).toBeChecked();
    const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#0d0d0d' } })
      .png()
      .toBuffer();
    await dialog.getByLabel(/Logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await axeClean(page, `make a client page dialog (${name})`);
    await saveShot(page, SHOTS, `dialog-${name}`, false);
    await dialog.getByRole('button', { name: 'Make the page' }).click();
    const done = page.getByRole('dialog', { name: 'Client page made' });
    const address = await done.getByRole('textbox', { name: 'Address to send your client' }).inputValue();
    expect(address).toMatch(/\/client\/[A-Za-z0-9_-]{43}$/);
    await page.keyboard.press('Escape');
    // making the page sends no bag request: both stones are still in the bag
    const after = (await (await page.request.get('/api/v1/profile/bag')).json()) as { bag: Line[] };
    expect(after.bag.map((l) => l.diamondId).sort()).toEqual([single._id, parcel._id].sort());

    // the client: a fresh browser, no cookies
    const client = await browser.newContext({ ...size, acceptDownloads: true });
    await noCookieNotice(client, baseURL);
    const view = await client.newPage();
    const apiBodies: Promise<string>[] = [];
    view.on('response', (r) => {
      if (r.url().includes('/api/')) apiBodies.push(r.text().catch(() => ''));
    });
    await view.goto(address);
    await expect(view.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(view.getByRole('img', { name: /logo$/ })).toBeVisible();
    const cards = view.getByRole('list', { name: 'Stones' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByText(wantSingle, { exact: true })).toBeVisible();
    await expect(cards.nth(1).getByText(wantParcel, { exact: true })).toBeVisible();

    const secrets = [
      '41.37',
      single.StkCodeCalcNS,
      parcel.StkCodeCalcNS,
      formatPrice(tradeSingle, 'EUR'),
      formatPrice(tradePpc, 'EUR'),
    ];
    const html = await view.content();
    for (const s of secrets) expect(html, `the page holds ${s}`).not.toContain(s);
    for (const body of await Promise.all(apiBodies)) {
      for (const s of [single.StkCodeCalcNS, parcel.StkCodeCalcNS, String(tradeSingle), String(tradePpc), '41.37'])
        expect(body, `an answer holds ${s}`).not.toContain(s);
    }
    await axeClean(view, `client page (${name})`);
    await expectNoSidewaysScroll(view, `client page (${name})`);
    await saveShot(view, SHOTS, `client-page-${name}`);

    const [download] = await Promise.all([
      view.waitForEvent('download'),
      view.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const file = join(mkdtempSync(join(tmpdir(), 'client-pdf-')), 'page.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(title);
    expect(text).toContain(wantSingle);
    expect(text).toContain(wantParcel);
    for (const s of secrets) expect(text, `the PDF holds ${s}`).not.toContain(s);

    // the trader sees the view in the account, and revokes the page
    await page.goto('/my-account/client-pages');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item.getByText('1 view', { exact: true })).toBeVisible();
    await axeClean(page, `account client pages (${name})`);
    await saveShot(page, SHOTS, `account-${name}`);
    await item.getByRole('button', { name: `Revoke ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this client page?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'is revoked' })).toBeVisible();

    expect((await view.reload())?.status(), 'the address itself answers 410').toBe(410);
    await expect(view.getByRole('heading', { level: 1, name: 'This page is no longer available' })).toBeVisible();
    await axeClean(view, `revoked client page (${name})`);
    const token = address.split('/').pop();
    expect((await view.request.get(`/api/v1/client-pages/public/${token}`)).status()).toBe(410);
    await client.close();
    await trader.close();
  });
});
