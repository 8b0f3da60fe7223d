/**
 * Site fit and finish, at 1440 x 900 and as an iPhone 13
 * where the item is about the phone.
 */
import type { Page } from '@playwright/test';
import { COMPANY, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { coveredBy, DESKTOP, IPHONE_13, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, leaveIslandsUnwaited, test } from './support/test.ts';

const SHOTS = 'test-results/screenshots/issue13';
const box = (page: Page, dialog: string, name: string) =>
  page.getByRole('dialog', { name: dialog }).getByRole('textbox', { name, exact: true });

test.beforeEach(async ({ context, baseURL }) => noCookieNotice(context, baseURL));

test.describe('at 1440', () => {
  test.use(DESKTOP);

  test('SEND A MESSAGE pressed before its island is live waits, then opens the drawer (item 6)', async ({
    context,
  }) => {
    // a raw page (no wait for the islands), with the drawer's code held back until the press
    const page = await context.newPage();
    leaveIslandsUnwaited(page);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/_astro\/ContactDrawer[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contact-us', { waitUntil: 'domcontentloaded' });
    const send = page.getByRole('button', { name: 'SEND A MESSAGE' });
    await expect(page.locator('astro-island[ssr]').filter({ has: send })).toHaveCount(1);
    await send.click();
    await expect(send).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('dialog', { name: "It's a pleasure to meet you" })).toBeVisible();
    // (the open drawer hides the page from the accessibility tree: find the button by its text)
    await expect(page.locator('button', { hasText: 'SEND A MESSAGE' })).not.toHaveAttribute('aria-busy', 'true');
  });

  test('an unknown page or post says it was not found and offers the way on, status 404 (item 20)', async ({
    page,
  }) => {
    for (const path of ['/no-such-page', '/news/no-such-post']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
      await expect(page.getByRole('main')).toContainText(path);
      const ways = page.getByRole('navigation', { name: 'Ways on' });
      await expect(ways.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      await expect(ways.getByRole('link', { name: 'Browse all diamonds' })).toBeVisible();
    }
    await saveShot(page, SHOTS, 'not-found-1440', false);
  });

  test('the contact message counts n / max and stops at the limit (item 21)', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'SEND A MESSAGE' }).click();
    const message = page.getByRole('dialog').getByRole('textbox', { name: 'Message' });
    await expect(message).toHaveAccessibleDescription(/0 \/ 2000/);
    await message.fill('x'.repeat(2100));
    await expect(message).toHaveValue('x'.repeat(2000));
    await expect(message).toHaveAccessibleDescription(/2000 \/ 2000/);
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute(
      'maxlength',
      '200',
    );
    await saveShot(page, SHOTS, 'contact-counter-1440', false);
  });

  test('the /api panel offers a visitor Login as well as Register (item 22)', async ({ page }) => {
    await page.goto('/api');
    const panel = page.locator('section.api-access');
    await expect(panel.getByRole('button', { name: 'Register' })).toBeVisible();
    await panel.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test('a pending login shows its message as a confirmation, not an error (item 18)', async ({ page }) => {
    // the e-mail check of a pending account shows its message as a confirmation too
    await page.route('**/api/v1/login', (route) =>
      route.fulfill({ status: 403, json: { errors: { msg: 'account_pending', options: { status: 'pending' } } } }),
    );
    await page.goto('/about-us');
    await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
    await box(page, 'Login', 'Email').fill('waiting@example.com');
    await box(page, 'Login', 'Password').fill(GOOD_PASSWORD);
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(login.getByRole('status')).toContainText(/reviewing your registration/i);
    await expect(login.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('as an iPhone 13', () => {
  test.use(IPHONE_13);

  test('a field the server refuses in the long register dialog is scrolled to and focused (item 18)', async ({
    page,
  }) => {
    await page.route('**/api/v1/register', (route) =>
      route.fulfill({
        status: 400,
        json: { errors: { msg: [{ param: 'postcode', msg: 'Postcode is not a UK postcode' }] } },
      }),
    );
    await page.goto('/about-us');
    await page.getByRole('contentinfo').getByRole('button', { name: 'My Account' }).click();
    await box(page, 'Trade account', 'Email').fill(uniqueEmail('scroll'));
    await page.getByRole('dialog', { name: 'Trade account' }).getByRole('button', { name: 'Continue' }).click();
    await box(page, 'Create your password', 'Password').fill(GOOD_PASSWORD);
    await box(page, 'Create your password', 'Confirm password').fill(GOOD_PASSWORD);
    await page.getByRole('dialog', { name: 'Create your password' }).getByRole('button', { name: 'Continue' }).click();
    const reg = page.getByRole('dialog', { name: 'Register' });
    const fill = (name: string, value: string) => reg.getByRole('textbox', { name, exact: true }).fill(value);
    await fill('First name', COMPANY.firstName);
    await fill('Last name', COMPANY.lastName);
    await fill('Company name', COMPANY.companyName);
    await fill('Phone', COMPANY.phone);
    await fill('Address line 1', COMPANY.addressLine1);
    await fill('City', COMPANY.city);
    await fill('Postcode', COMPANY.postcode);
    await reg.getByRole('combobox', { name: 'Country', exact: true }).fill(COMPANY.country);
    await fill('Trade reference 1', COMPANY.tradeReferences[0] ?? '');
    await reg.getByRole('checkbox', { name: /I accept the/ }).check();
    await reg.getByRole('button', { name: 'Register', exact: true }).click();
    const postcode = reg.getByRole('textbox', { name: 'Postcode', exact: true });
    await expect(postcode).toHaveAccessibleDescription('Postcode is not a UK postcode');
    await expect(postcode).toBeFocused();
    await expect.poll(() => coveredBy(postcode)).toBeNull();
    await saveShot(page, SHOTS, 'register-server-error-iphone13', false);
  });

  test('the home header waits until 760 px of scroll on a phone too (item 22)', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const inView = () => header.evaluate((h) => h.getBoundingClientRect().bottom > 0);
    await expect.poll(inView).toBe(false);
    // scrolled again on each try: the page snaps back to its address's section once after it
    // loads (islands/home/scroll-snap.ts), which can come after a first scroll
    const scrolledTo = (y: number) => async () => {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      return inView();
    };
    await expect.poll(scrolledTo(1200)).toBe(true);
    await expect.poll(scrolledTo(0)).toBe(false);
  });
});
