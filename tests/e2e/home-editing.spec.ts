/**
 * Editable content on the home page: an admin edits a
 * text block and an image block (a real PNG upload) in place and sees the change at once;
 * an anonymous visitor then gets the change in the static page, which the server regenerates
 * in the background (nobody runs a build). The blocks are put back after the test, passed or
 * failed (the `keep` fixture: the image straight in the database, since an upload cannot
 * bring back the starter svg, then the text through the API, whose change regenerates the site).
 */
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ADMIN } from './support/accounts.ts';

test.use({ viewport: { width: 1440, height: 900 } });

type Block = { type: string; value: unknown; url: string | null };

const TEXT_ID = 'home_about_us_title';
const IMAGE_ID = 'home_about_us_image';

async function blocksOf(admin: APIRequestContext): Promise<Record<string, Block>> {
  const res = await admin.get('/api/v1/configs/site-blocks');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { blocks: Record<string, Block> }).blocks;
}

/** The about-us title and image as the static page serves them to a visitor. */
async function served(visitor: APIRequestContext): Promise<{ title: string; img: string }> {
  const html = await (await visitor.get('/', { headers: { 'cache-control': 'no-cache' } })).text();
  const title = /id="about-us-title"[^>]*>([^<]*)</.exec(html)?.[1]?.trim() ?? '';
  const img = new RegExp(`data-block="${IMAGE_ID}"[^>]*>\\s*<img[^>]*src="([^"]+)"`).exec(html)?.[1] ?? '';
  return { title, img };
}

test('an admin edits a text block and an image block; a visitor sees both on the static page', async ({
  page,
  browser,
  keep,
}) => {
  test.setTimeout(300_000);
  const before = await keep.siteBlocks(TEXT_ID, IMAGE_ID);
  const original = { text: before[TEXT_ID], image: before[IMAGE_ID] };
  const admin = await keep.as(ADMIN);
  expect(original.text?.type).toBe('text');
  expect(original.image?.type).toBe('image');

  const title = `Trusted by the trade ${Date.now()}`;
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 176, g: 141, b: 87 } } })
    .png()
    .toBuffer();

  // the admin signs in (the session cookie is shared with the page) and opens the home page
  expect((await page.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('facet.home.intro-seen', '1'));
  await page.goto('/#about-us');

  // text block
  await page.getByRole('button', { name: `Edit text block ${TEXT_ID}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit text block' });
  await expect(dialog.getByRole('textbox', { name: 'Text' })).toHaveValue(String(original.text?.value ?? ''));
  await dialog.getByRole('textbox', { name: 'Text' }).fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Text is required');
  await dialog.getByRole('textbox', { name: 'Text' }).fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

  // image block: a real PNG
  await page.getByRole('button', { name: `Edit image block ${IMAGE_ID}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit image block' });
  await dialog
    .getByLabel(/^Image \(png or jpeg/)
    .setInputFiles({ name: 'gold.png', mimeType: 'image/png', buffer: png });
  await dialog.getByRole('textbox', { name: 'Description (alt text)' }).fill('A gold swatch');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const figureImg = page.locator(`[data-block="${IMAGE_ID}"] img`);
  await expect(figureImg).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{24}\.png$/);
  await expect(figureImg).toHaveAttribute('alt', 'A gold swatch');
  const uploaded = (await figureImg.getAttribute('src')) ?? '';

  const after = await blocksOf(admin);
  expect(after[TEXT_ID]?.value).toBe(title);
  expect(after[IMAGE_ID]?.url).toBe(uploaded);

  // an anonymous visitor: the static page follows once the background rebuild is done
  const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await expect
    .poll(async () => served(visitor.request), { timeout: 200_000, intervals: [2_000] })
    .toEqual({ title, img: uploaded });
  const vpage = await visitor.newPage();
  await vpage.goto('/#about-us');
  await expect(vpage.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(vpage.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  const img = vpage.locator(`[data-block="${IMAGE_ID}"] img`);
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveAttribute('alt', 'A gold swatch');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(48);
  await visitor.close();
});
