/**
 * The About and API hero images as an admin edits them: the Edit button sits on the image
 * (not at the page's top-left under the sticky header), and saving with no file chosen
 * changes the alt text alone (no "isn't an image"). The blocks are put back after the test.
 */
import { ADMIN } from './support/accounts.ts';
import { DESKTOP, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

test.use(DESKTOP);

for (const [path, id] of [
  ['/about-us', 'about_hero_image'],
  ['/api', 'api_hero_image'],
] as const) {
  test(`${path}: the hero image's Edit button is on the image, and its alt text changes alone`, async ({
    page,
    context,
    baseURL,
    keep,
  }) => {
    const before = (await keep.siteBlocks(id))[id]!;
    await noCookieNotice(context, baseURL);
    expect((await page.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
    await page.goto(path);
    const button = page.getByRole('button', { name: `Edit image block ${id}` });
    await expect(button).toBeVisible();
    const image = page.locator(`[data-block="${id}"] img`);
    const [b, img, header] = await Promise.all([
      button.boundingBox(),
      image.boundingBox(),
      page.getByRole('banner').first().boundingBox(),
    ]);
    expect(b && img && header).toBeTruthy();
    // inside the image, below the sticky header
    expect(b!.x).toBeGreaterThanOrEqual(img!.x);
    expect(b!.y).toBeGreaterThanOrEqual(img!.y);
    expect(b!.x + b!.width).toBeLessThanOrEqual(img!.x + img!.width);
    expect(b!.y + b!.height).toBeLessThanOrEqual(img!.y + img!.height);
    expect(b!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await saveShot(page, 'test-results/screenshots/content', `hero-image-edit${path.replace('/', '-')}`, false);

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Edit image block' });
    await dialog.getByRole('textbox', { name: 'Description (alt text)' }).fill('A loupe over a pear-shaped stone');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(image).toHaveAttribute('alt', 'A loupe over a pear-shaped stone');
    await expect(image).toHaveAttribute('src', before.url!);
  });
}
