/**
 * The front door as a new buyer, a signed-in trader and a phone user meet it: the register
 * box after a typo, the hero's Register and Login once signed in, the phone menu with the
 * cookie notice showing and with the login dialog over it, the login dialog's help for an
 * unverified or refused account, verification links that are spent or replaced, the terms
 * checkbox under a pointer, the API button once access is granted and the contact form's
 * required Message. Screenshots at 1440 and on an iPhone 13.
 */
import { request, type Page } from '@playwright/test';
import {
  ADMIN,
  COMPANY,
  createApprovedCustomer,
  GOOD_PASSWORD,
  openLogin,
  TRADER,
  uniqueEmail,
} from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { coveredBy, DESKTOP, heroAtRest, IPHONE_13, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const SHOTS = 'test-results/screenshots/front-door';
const signIn = async (page: Page, account: { email: string; password: string }) =>
  expect((await page.request.post('/api/v1/login', { data: account })).status()).toBe(200);

/** A registered account that has not followed its verification link yet: its e-mail and first link. */
async function unverifiedAccount(baseURL: string) {
  const email = uniqueEmail('unverified');
  const started = Date.now();
  const api = await request.newContext({ baseURL });
  const reg = await api.post('/api/v1/register', {
    data: { ...COMPANY, email, password: GOOD_PASSWORD, password_confirm: GOOD_PASSWORD },
  });
  expect(reg.status()).toBe(201);
  await api.dispose();
  const token = linkIn(await waitForMail(email, /verify your e-mail/i, started), '/verify/').split('/verify/')[1];
  return { email, token: token ?? '' };
}

test.describe('at 1440', () => {
  test.use(DESKTOP);
  test.beforeEach(async ({ context, baseURL }) => noCookieNotice(context, baseURL));

  test('the register box takes a corrected e-mail after a typo (home and About)', async ({ page }) => {
    for (const path of ['/', '/about-us']) {
      await page.goto(path);
      const form = page.locator('#register');
      const box = form.getByRole('textbox', { name: 'E-mail address' });
      await box.fill('trader@facet');
      await form.getByRole('button', { name: 'Start Registration' }).click();
      await expect(box).toHaveJSProperty('validationMessage', 'Please enter a valid email');
      await box.fill(TRADER.email);
      await form.getByRole('button', { name: 'Start Registration' }).click();
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
      await page.keyboard.press('Escape');
    }
  });

  test('the login dialog says how long to wait after too many tries and offers the reset', async ({ page }) => {
    await page.route('**/api/v1/login', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '540' },
        body: JSON.stringify({ errors: { msg: 'too_many_requests', options: { retryAfter: 540 } } }),
      }),
    );
    await page.goto('/about-us');
    await openLogin(page, page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(TRADER.email);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(TRADER.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog.getByText('Please try again in 9 minutes, or reset your password now.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Reset your password' }).click();
    await expect(page.getByRole('dialog', { name: 'Forgot password' })).toBeVisible();
  });

  test('an unverified account gets a new link from the login dialog; spent and replaced links say what to do', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const { email, token: first } = await unverifiedAccount(baseURL ?? '');
    await page.goto('/about-us');
    await openLogin(page, page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(GOOD_PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog.getByText(/verify your e-mail address first/i)).toBeVisible();
    const asked = Date.now();
    await dialog.getByRole('button', { name: 'Send me a new verification link' }).click();
    await expect(dialog.getByText(/a new verification e-mail has been sent/i)).toBeVisible();
    await saveShot(page, SHOTS, 'login-unverified-1440', false);
    const newest = linkIn(await waitForMail(email, /verify your e-mail/i, asked), '/verify/').split('/verify/')[1];
    expect(newest).not.toBe(first);

    await page.goto(`/verify/${first}`);
    const replaced = page.getByRole('dialog', { name: 'This link is no longer valid' });
    await expect(replaced.getByText(/use the link in the newest e-mail/i)).toBeVisible();

    await page.goto(`/verify/${newest}`);
    await expect(page.getByRole('dialog', { name: 'Thank you' })).toBeVisible();
    await page.goto(`/verify/${newest}`);
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login.getByText('Your e-mail address is already verified: please sign in.')).toBeVisible();
  });

  test('ticking the terms after leaving a trade reference empty lands on the checkbox', async ({ page }) => {
    test.slow();
    await page.goto('/api');
    await page.getByRole('main').getByRole('button', { name: 'Register', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Register' });
    const reference = dialog.getByRole('textbox', { name: 'Trade reference 1' });
    await reference.fill('Lindqvist');
    await reference.fill('');
    const terms = dialog.getByRole('checkbox', { name: /I accept the/ });
    await terms.scrollIntoViewIfNeeded();
    const box = (await terms.boundingBox())!;
    // the press blurs the reference (its error appears) before the release: both on the box
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(dialog.getByText('Please enter at least 1 Trade Reference')).toBeVisible();
    await expect(terms).toBeChecked();
  });

  test('the contact form marks Message as required', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'SEND A MESSAGE' }).click();
    const drawer = page.getByRole('dialog', { name: "It's a pleasure to meet you" });
    const message = drawer.getByRole('textbox', { name: 'Message' });
    await expect(message).toBeVisible();
    await expect(message).toHaveAttribute('aria-required', 'true');
    await expect(drawer.locator('label', { hasText: /^Message \*$/ })).toBeVisible();
    await saveShot(page, SHOTS, 'contact-drawer-1440', false);
  });

  test('a trader with API access is offered "Go to API Link" on the home page', async ({ page, baseURL }) => {
    test.slow();
    const email = uniqueEmail('api-granted');
    await createApprovedCustomer(baseURL ?? '', email, GOOD_PASSWORD);
    const staff = await request.newContext({ baseURL });
    expect((await staff.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
    const list = await staff.get('/api/v1/admin/customers', { params: { status: 'approved', limit: 200 } });
    const id = ((await list.json()) as { docs: { _id: string; email: string }[] }).docs.find(
      (c) => c.email === email,
    )?._id;
    expect((await staff.post(`/api/v1/admin/customers/${id}/api-access`, { data: { allow: true } })).status()).toBe(
      200,
    );
    await staff.dispose();
    await signIn(page, { email, password: GOOD_PASSWORD });
    await page.goto('/');
    await heroAtRest(page);
    const go = page.locator('#api').getByRole('button', { name: 'Go to API Link' });
    await expect(go).toBeVisible();
    await expect(page.locator('#api').getByRole('button', { name: 'Request Access' })).toHaveCount(0);
    await go.click();
    await expect(page).toHaveURL(/\/my-account\/api/);
  });
});

for (const [size, use] of [
  ['1440', DESKTOP],
  ['iphone13', IPHONE_13],
] as const) {
  test.describe(`signed in (${size})`, () => {
    test.use(use);
    test.beforeEach(async ({ context, baseURL }) => noCookieNotice(context, baseURL));

    test(`the home hero offers no Register or Login to a trader or an admin (${size})`, async ({ page }) => {
      test.slow();
      for (const account of [TRADER, ADMIN]) {
        await signIn(page, account);
        await page.goto('/');
        if (size === '1440') await heroAtRest(page);
        const hero = page.locator('#welcome');
        await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(hero.getByRole('link', { name: 'Register' })).toBeHidden();
        await expect(hero.getByRole('button', { name: 'Login' })).toBeHidden();
        if (account === TRADER) await saveShot(page, SHOTS, `home-trader-${size}`);
      }
    });
  });
}

test.describe('on an iPhone 13', () => {
  test.use(IPHONE_13);

  test('with the cookie notice showing, every entry of the open menu can be tapped', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.locator('#site-menu');
    for (const name of ['Contact Us', 'News', 'FAQs', 'Diamonds', 'Jewellery', 'Account']) {
      const entry = menu.getByRole(name === 'Account' ? 'button' : 'link', { name, exact: true }).last();
      await entry.scrollIntoViewIfNeeded();
      await expect.poll(() => coveredBy(entry), name).toBeNull();
    }
    await saveShot(page, SHOTS, 'menu-cookie-notice-iphone13', false);
  });

  test('Account in the open menu closes the menu behind the login dialog', async ({ page, context, baseURL }) => {
    await noCookieNotice(context, baseURL);
    await page.goto('/about-us');
    const toggle = page.locator('[data-menu-toggle]');
    await toggle.click();
    await page.locator('#site-menu').getByRole('button', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(page.locator('#site-menu')).toBeHidden();
  });
});
