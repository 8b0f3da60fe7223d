/**
 * The whole life of a trade customer, in Chromium against `npm start`
 * with real SMTP to a local capture: e-mail -> password -> register with company details ->
 * the verification e-mail -> its link says the account awaits approval -> an admin approves
 * it in /admin -> the customer logs in and sees prices on /diamonds/all -> logs out and no
 * longer sees them.
 */
import { expect, test } from './support/test.ts';
import {
  ADMIN,
  CURRENCY_AMOUNT,
  GOOD_PASSWORD,
  loginFromHeader,
  priceCells,
  submitLogin,
  uniqueEmail,
} from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';

test('a new customer registers, verifies, is approved, sees prices and logs out', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('lifecycle');
  const started = Date.now();

  await test.step('enter the e-mail, set a password, register with company details', async () => {
    await page.goto('/diamonds/all');
    await page.getByRole('contentinfo').getByRole('button', { name: 'My Account' }).click();
    const first = page.getByRole('dialog', { name: 'Trade account' });
    await first.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await first.getByRole('button', { name: 'Continue' }).click();

    const pw = page.getByRole('dialog', { name: 'Create your password' });
    await pw.getByRole('textbox', { name: 'Password', exact: true }).fill(GOOD_PASSWORD);
    await pw.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(GOOD_PASSWORD);
    await pw.getByRole('button', { name: 'Continue' }).click();

    const reg = page.getByRole('dialog', { name: 'Register' });
    await expect(reg.getByRole('textbox', { name: /^Trade reference \d$/ })).toHaveCount(2);
    await reg.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
    await reg.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace');
    await reg.getByRole('textbox', { name: 'Company name', exact: true }).fill('Lovelace Fine Jewels Ltd');
    await reg.getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 20 7946 0999');
    await reg.getByRole('textbox', { name: 'Address line 1', exact: true }).fill('1 Hatton Garden');
    await reg.getByRole('textbox', { name: 'City', exact: true }).fill('London');
    await reg.getByRole('textbox', { name: 'Postcode', exact: true }).fill('EC1N 8AA');
    await reg.getByRole('combobox', { name: 'Country', exact: true }).fill('United Kingdom');
    await reg
      .getByRole('textbox', { name: 'Trade reference 1', exact: true })
      .fill('Bell Setting Workshop, +44 20 7946 0877');
    await reg.getByRole('checkbox', { name: /I accept the/ }).check();
    await reg.getByRole('button', { name: 'Register', exact: true }).click();

    const sent = page.getByRole('dialog', { name: 'Please check your e-mail' });
    await expect(sent).toContainText(`verification e-mail to ${email}`);
    await sent.getByRole('button', { name: 'OK' }).click();
  });

  await test.step('the verification e-mail arrives over SMTP and its link says the account awaits approval', async () => {
    const mail = await waitForMail(email, /verify your e-mail/i, started);
    const link = linkIn(mail, '/verify/');
    await page.goto(link);
    const thanks = page.getByRole('dialog', { name: 'Thank you' });
    await expect(thanks).toContainText(/reviewing your registration|awaits approval/);
    // said once: not our sentence and then the site's pending message
    const said = await thanks.innerText();
    expect(said.match(/thank you for verifying/gi) ?? [], said).toHaveLength(1);
    await expect(page).toHaveURL(/^[^#]*\/(#.*)?$/); // the token leaves the address at once
    await thanks.getByRole('button', { name: 'OK' }).click();
  });

  await test.step('before approval, login shows the pending message', async () => {
    await page.goto('/diamonds/all');
    await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(GOOD_PASSWORD);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    // a confirmation, not an error
    await expect(login.getByRole('status')).toContainText(/reviewing your registration/i);
    await expect(login.getByRole('alert')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();
  });

  await test.step('an admin approves the registration in /admin', async () => {
    const context = await browser.newContext();
    const admin = await context.newPage();
    await admin.goto('/admin');
    await submitLogin(admin, ADMIN.email, ADMIN.password);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
    await expect(admin).toHaveURL(/\/admin\/customers/);
    const row = admin.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Approve Ada Lovelace' }).click();
    await expect(row.getByText('approved', { exact: true })).toBeVisible();
    await expect(admin.getByRole('status')).toContainText('Ada Lovelace approved');
    await context.close();
    await waitForMail(email, /account is approved/i, started);
  });

  await test.step('the customer logs in and sees prices on /diamonds/all', async () => {
    await page.goto('/diamonds/all');
    await loginFromHeader(page, email, GOOD_PASSWORD);
    await expect(page.getByRole('banner').getByRole('button', { name: /My account: Ada Lovelace/ })).toContainText(
      'AL',
    );
    await page.goto('/diamonds/all');
    await expect
      // every PRICE cell shows a currency amount (the cells that do not are printed on failure)
      .poll(async () => (await priceCells(page)).filter((t) => !CURRENCY_AMOUNT.test(t)), { timeout: 30_000 })
      .toEqual([]);
  });

  await test.step('after logging out the prices are gone', async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /My account/ })
      .click();
    await expect(page).toHaveURL(/\/my-account$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/^[^#]*\/(#.*)?$/);
    await page.goto('/diamonds/all');
    const rows = page
      .getByRole('table')
      .first()
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const ordinary = rows.filter({ hasNotText: /offer/i });
    for (const text of await ordinary.allInnerTexts()) expect(text).not.toMatch(CURRENCY_AMOUNT);
  });
});
