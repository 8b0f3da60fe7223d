/**
 * Editable in place: an admin edits the FAQ accordion (a list block:
 * edit, remove, reorder and add sections) where it appears, and a visitor's next load shows
 * the new list at once; the footer's five logos and the about and API page copy carry edit
 * controls. Screenshots at 1440 x 900 and on an iPhone 13. The FAQ block is put back after
 * the test, passed or failed (the `keep` fixture).
 */
import { devices, request } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ADMIN } from './support/accounts.ts';
import { expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';

const SHOTS = 'test-results/screenshots/fit-and-finish';
type Section = { title: string; content: string };

test('an admin reorders, edits, removes and adds FAQ sections in place; a visitor sees them at once', async ({
  page,
  baseURL,
  keep,
}) => {
  test.setTimeout(120_000);
  const original = (await keep.siteBlocks('faqs_list')).faqs_list!.value as Section[];
  expect(original.length).toBeGreaterThanOrEqual(3);
  expect((await page.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
  const visitor = await request.newContext({ baseURL });
  keep.after(() => visitor.dispose());
  await page.goto('/faqs');
  await page.getByRole('button', { name: 'Edit list block faqs_list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit list block' });
  const sections = dialog.getByRole('group');
  await expect(sections).toHaveCount(original.length);
  // move the second section up, rename the (new) first, remove the third, add one at the end
  await sections.nth(1).getByRole('button', { name: 'Move up' }).click();
  await expect(sections.nth(0).getByRole('textbox', { name: 'Title' })).toHaveValue(original[1]!.title);
  await expect(sections.nth(0).getByRole('group').or(sections.nth(0).locator('legend'))).toHaveText('Section 1');
  await sections.nth(0).getByRole('textbox', { name: 'Title' }).fill('How fast do you ship?');
  await sections.nth(2).getByRole('button', { name: 'Remove section' }).click();
  await dialog.getByRole('button', { name: 'Add section' }).click();
  const added = sections.last();
  await added.getByRole('textbox', { name: 'Title' }).fill('Do you buy stones?');
  await added.getByRole('textbox', { name: 'Content' }).fill('Yes: bring them to our office.\n\nBy appointment.');
  await saveShot(page, SHOTS, 'edit-faq-dialog-desktop', false);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const expected = [
    'How fast do you ship?',
    original[0]!.title,
    ...original.slice(3).map((s) => s.title),
    'Do you buy stones?',
  ];
  const titles = page.locator('.accordion__title');
  await expect(titles).toHaveText(expected);
  // the new sections open and close like the others
  await page.getByRole('button', { name: 'Do you buy stones?' }).click();
  await expect(page.getByText('By appointment.', { exact: true })).toBeVisible();

  const html = await (await visitor.get('/faqs', { headers: { 'cache-control': 'no-cache' } })).text();
  const served = [...html.matchAll(/class="accordion__title"[^>]*>([^<]*)</g)].map((m) => m[1]);
  expect(served).toEqual(expected.map((t) => t.replace('&', '&#38;')));
});

for (const phone of [false, true]) {
  test(`footer logos, about and API copy have edit controls for an admin (${phone ? 'iPhone 13' : '1440 x 900'})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext(
      phone ? { ...devices['iPhone 13'], baseURL } : { viewport: { width: 1440, height: 900 }, baseURL },
    );
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    expect((await page.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);

    await page.goto('/about-us');
    for (const id of ['about_hero_title', 'about_hero_text', 'about_register_title']) {
      await expect(page.getByRole('button', { name: `Edit text block ${id}` })).toBeAttached();
    }
    for (let n = 1; n <= 5; n++)
      await expect(page.getByRole('button', { name: `Edit image block footer_logo_${n}` })).toBeAttached();
    await expectNoSidewaysScroll(page, 'about with edit controls');
    await page.getByRole('button', { name: 'Edit text block about_hero_title' }).scrollIntoViewIfNeeded();
    await saveShot(page, SHOTS, `edit-about-${phone ? 'phone' : 'desktop'}`, false);

    await page.goto('/api');
    for (const name of [
      'Edit text block api_hero_title',
      'Edit text block api_access_text',
      'Edit list block api_features',
    ]) {
      await expect(page.getByRole('button', { name })).toBeAttached();
    }
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'api with edit controls');
    await saveShot(page, SHOTS, `edit-footer-logos-${phone ? 'phone' : 'desktop'}`, false);

    // a visitor gets no controls
    const visitor = await browser.newPage();
    await visitor.goto(`${baseURL}/about-us`);
    await expect(visitor.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await visitor.close();
    await context.close();
  });
}
