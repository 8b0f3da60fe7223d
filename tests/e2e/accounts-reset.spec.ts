/**
 * Forgot password to reset to login: the login dialog's Forgot password
 * -> changePassword sends POST /forgot -> back to login with the confirmation -> the reset
 * e-mail (real SMTP) -> /reset/{token} opens the new-password dialog -> login opens with
 * "Your password has been reset" -> the new password signs in.
 */
import { expect, test } from './support/test.ts';
import { createApprovedCustomer, GOOD_PASSWORD, submitLogin, uniqueEmail } from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';

test('forgot password, reset link, new password, then login with it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('reset');
  const newPassword = 'Brilliant#Cut58';
  await createApprovedCustomer(baseURL as string, email, GOOD_PASSWORD);
  const started = Date.now();

  await page.goto('/diamonds/all');
  await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await forgot.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' }).getByRole('status')).toContainText(
    'we have sent a link to reset its password',
  );
  await page.keyboard.press('Escape');

  const link = linkIn(await waitForMail(email, /reset your/i, started), '/reset/');
  await page.goto(link);
  // the page holding the token sends no Referer (static-site.ts: header + <meta name="referrer">)
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  const choose = page.getByRole('dialog', { name: 'Choose a new password' });
  await expect(page).toHaveURL(/^[^#]*\/(#.*)?$/); // the token leaves the address at once
  await choose.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await choose.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(newPassword);
  await choose.getByRole('button', { name: 'Continue' }).click();

  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login.getByRole('status')).toHaveText('Your password has been reset');
  await expect(login.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await submitLogin(page, email, newPassword);
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();

  // the link was single use
  await page.goto(link);
  const again = page.getByRole('dialog', { name: 'Choose a new password' });
  await again.getByRole('textbox', { name: 'Password', exact: true }).fill('Another#Pass9');
  await again.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Another#Pass9');
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Error' })).toContainText(/token/i);
  await expect(page.getByRole('dialog', { name: 'Error' }).getByRole('button', { name: 'Back' })).toHaveCount(0);
});
