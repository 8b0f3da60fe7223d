/**
 * The "Message us" widget, at 1440 x 900 and on an iPhone 13: not on the home page nor in the
 * no-layout mode; opened with the keyboard on another page, a visitor sends a message; a
 * signed-in trader writes in their conversation, staff answer from the messages inbox, and
 * the answer appears in the open widget. Escape closes it and focus returns to the button.
 * Scrolled to the end of a page, the button covers none of the footer's last line.
 * Axe (no serious/critical) with the panel open; screenshots in test-results/screenshots/message-us/.
 */
import { request, type Page } from '@playwright/test';
import { ADMIN, TRADER, uniqueEmail } from './support/accounts.ts';
import { seriousViolations } from './support/axe-scan.ts';
import { BOTH_SIZES, DESKTOP, expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const SHOTS = 'test-results/screenshots/message-us';

const widgetButton = (page: Page) => page.getByRole('button', { name: 'Message us' });

async function openWithKeyboard(page: Page) {
  const button = widgetButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Message us' });
  await expect(panel).toBeVisible();
  return panel;
}

async function axeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await saveShot(page, SHOTS, name);
}

for (const [size, device] of BOTH_SIZES) {
  test.describe(`Message us at ${size}`, () => {
    test.use(device);
    // a shared, busy machine: the pages, the inbox and one or two polls of the widget
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(async ({ context, baseURL }) => noCookieNotice(context, baseURL));

    test('is not on the home page nor in the no-layout mode', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(widgetButton(page)).toHaveCount(0);
      await page.goto('/about-us?layout=none');
      await expect(widgetButton(page)).toBeHidden();
    });

    test('scrolled to the end of a page, the button covers none of the footer', async ({ page }) => {
      await page.goto('/about-us');
      await expect(widgetButton(page)).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const covered = await page.evaluate(() => {
        const b = document.querySelector('.mu-button')!.getBoundingClientRect();
        const texts = [...document.querySelectorAll('.site-footer .footer__legal *')].filter(
          (el) => el.children.length === 0 && el.textContent?.trim(),
        );
        return texts
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
          })
          .map((el) => el.textContent);
      });
      expect(covered).toEqual([]);
    });

    test('a visitor leaves a message with their e-mail, using the keyboard', async ({ page }) => {
      await page.goto('/about-us');
      const panel = await openWithKeyboard(page);
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByText('Name is required', { exact: true })).toBeVisible();
      const email = uniqueEmail('visitor');
      await panel.getByRole('textbox', { name: 'Name' }).fill('Vera Visitor');
      await panel.getByRole('textbox', { name: 'Email' }).fill(email);
      await panel.getByRole('textbox', { name: 'Message' }).fill('Do you keep matched pairs of 0.50 ct rounds?');
      await axeClean(page);
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByRole('status')).toHaveText(
        `Thanks for sending us your message! We will answer by e-mail at ${email}.`,
      );
      await shot(page, `visitor-sent-${size}`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(widgetButton(page)).toBeFocused();
      await expectNoSidewaysScroll(page, 'about-us with the widget');
    });

    test('a trader writes, staff answer from the inbox, the answer shows in the widget', async ({
      page,
      browser,
      baseURL,
    }) => {
      expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
      await page.goto('/faqs');
      const panel = await openWithKeyboard(page);
      const text = `Is the oval still free? (${size} ${Date.now()})`;
      await panel.getByRole('textbox', { name: 'Your message' }).fill(text);
      await panel.getByRole('button', { name: 'Send' }).click();
      const thread = panel.getByRole('list', { name: 'Your conversation' });
      await expect(thread.getByText(text)).toBeVisible();

      const answer = `Yes, it is free until Friday (${size}).`;
      if (size === '1440') {
        const staff = await browser.newContext({ ...DESKTOP, baseURL });
        await noCookieNotice(staff, baseURL);
        const admin = await staff.newPage();
        expect((await admin.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
        await admin.goto('/admin/messages');
        const row = admin.getByRole('row').filter({ hasText: text });
        await row.getByRole('button', { name: 'Reply' }).click();
        await row.getByRole('textbox', { name: /^Reply to/ }).fill(answer);
        await row.getByRole('button', { name: 'Send reply' }).click();
        await expect(admin.getByText(/Your reply to .* is sent\./)).toBeVisible();
        await staff.close();
      } else {
        const staff = await request.newContext({ baseURL });
        expect((await staff.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
        const list = await staff.get('/api/v1/admin/messages', { params: { kind: 'chat', limit: 50 } });
        const docs = ((await list.json()) as { docs: { _id: number; message: string }[] }).docs;
        const id = docs.find((d) => d.message === text)!._id;
        expect((await staff.post(`/api/v1/admin/messages/${id}/replies`, { data: { message: answer } })).status()).toBe(
          201,
        );
        await staff.dispose();
      }

      // the open panel asks again every few seconds; the new answer is announced
      await expect(thread.getByText(answer)).toBeVisible({ timeout: 20_000 });
      await expect(panel.getByRole('status').filter({ hasText: answer })).toBeAttached();
      await axeClean(page);
      await shot(page, `trader-thread-${size}`);
      await page.keyboard.press('Escape');
      await expect(widgetButton(page)).toBeFocused();
    });
  });
}
