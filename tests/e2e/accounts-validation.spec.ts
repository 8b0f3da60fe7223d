/**
 * Every validation message of the account forms (register, login, reset, change password), shown against the input that causes it, in the
 * dialogs (the same valibot schemas the API parses with, so the API answers the same words).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { uniqueEmail } from './support/accounts.ts';

const box = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

async function openEmailDialog(page: Page) {
  await page.goto('/diamonds/all');
  await page.getByRole('contentinfo').getByRole('button', { name: 'My Account' }).click();
  return page.getByRole('dialog', { name: 'Trade account' });
}

/** Through the e-mail check of a new address to the password dialog. */
async function openPasswordDialog(page: Page) {
  const dialog = await openEmailDialog(page);
  await box(dialog, 'Email').fill(uniqueEmail('validation'));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  return page.getByRole('dialog', { name: 'Create your password' });
}

test('e-mail entry: required and a valid address', async ({ page }) => {
  const dialog = await openEmailDialog(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(box(dialog, 'Email')).toHaveAccessibleDescription('Email is required');
  await box(dialog, 'Email').fill('not-an-email');
  await expect(box(dialog, 'Email')).toHaveAccessibleDescription('Please enter a valid email');
});

test('login: e-mail required and valid, password required', async ({ page }) => {
  await page.goto('/diamonds/all');
  await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(box(dialog, 'Email')).toHaveAccessibleDescription('Email is required');
  await expect(box(dialog, 'Password')).toHaveAccessibleDescription('Password is required');
  await box(dialog, 'Email').fill('trader@');
  await expect(box(dialog, 'Email')).toHaveAccessibleDescription('Please enter a valid email');
});

test('forgot password: e-mail required and valid', async ({ page }) => {
  await page.goto('/diamonds/all');
  await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(box(dialog, 'Email')).toHaveAccessibleDescription('Email is required');
  await box(dialog, 'Email').fill('someone@nowhere');
  await expect(box(dialog, 'Email')).toHaveAccessibleDescription('Please enter a valid email');
});

test('password setup: each rule of the shared password rule, and the confirmation', async ({ page }) => {
  const dialog = await openPasswordDialog(page);
  const password = box(dialog, 'Password');
  const confirm = box(dialog, 'Confirm password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(password).toHaveAccessibleDescription('Password is required');
  await expect(confirm).toHaveAccessibleDescription('Password confirmation is required');

  const cases: [string, string][] = [
    ['Ab1!', 'Password must be at least 8 characters'],
    ['ABCDEFG1!', 'Password must contain at least 1 lowercase letter'],
    ['abcdefg1!', 'Password must contain at least 1 uppercase letter'],
    ['Abcdefgh!', 'Password must contain at least 1 number'],
    ['Abcdefgh1', 'Password must contain at least 1 symbol'],
  ];
  for (const [value, message] of cases) {
    await password.fill(value);
    await expect(password).toHaveAccessibleDescription(message);
  }
  await password.fill('Facet#Trade2026');
  await expect(password).toHaveAccessibleDescription('');
  await confirm.fill('Facet#Trade2025');
  await expect(confirm).toHaveAccessibleDescription('Passwords must match');
  await confirm.fill('Facet#Trade2026');
  await expect(confirm).toHaveAccessibleDescription('');
});

test('registration: required fields, terms and trade references', async ({ page }) => {
  const pw = await openPasswordDialog(page);
  await box(pw, 'Password').fill('Facet#Trade2026');
  await box(pw, 'Confirm password').fill('Facet#Trade2026');
  await pw.getByRole('button', { name: 'Continue' }).click();
  const reg = page.getByRole('dialog', { name: 'Register' });
  await reg.getByRole('button', { name: 'Register', exact: true }).click();

  const required: [string, string][] = [
    ['First name', 'First name is required'],
    ['Last name', 'Last name is required'],
    ['Company name', 'Company name is required'],
    ['Address line 1', 'Address line 1 is required'],
    ['City', 'City is required'],
    ['Postcode', 'Postcode is required'],
    ['Phone', 'Phone number is required'],
  ];
  for (const [field, message] of required) await expect(box(reg, field)).toHaveAccessibleDescription(message);
  await expect(reg.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Country is required');
  await expect(reg.getByRole('checkbox', { name: /I accept the/ })).toHaveAccessibleDescription(
    'Must Accept Terms and Conditions',
  );
  const refs = reg.getByRole('group', { name: /Trade references/ });
  await expect(refs).toHaveAccessibleDescription('Please enter at least 1 Trade Reference');

  // the first reference is the required one: a second alone is not enough
  await box(reg, 'Trade reference 2').fill('Bell Setting Workshop');
  await expect(refs).toHaveAccessibleDescription('Please enter at least 1 Trade Reference');
  await box(reg, 'Trade reference 1').fill('Lindqvist Gem Traders');
  await expect(refs).toHaveAccessibleDescription('');

  // 2 blank entries to start, at most 5
  const add = reg.getByRole('button', { name: '+ Add reference' });
  for (let i = 0; i < 3; i++) await add.click();
  await expect(refs.getByRole('textbox')).toHaveCount(5);
  await expect(add).toHaveCount(0);

  await reg.getByRole('checkbox', { name: /I accept the/ }).check();
  await expect(reg.getByRole('checkbox', { name: /I accept the/ })).toHaveAccessibleDescription('');
  await box(reg, 'First name').fill('Ada');
  await expect(box(reg, 'First name')).toHaveAccessibleDescription('');
});

test('the terms link opens the terms dialog and Back keeps the registration values', async ({ page }) => {
  const pw = await openPasswordDialog(page);
  await box(pw, 'Password').fill('Facet#Trade2026');
  await box(pw, 'Confirm password').fill('Facet#Trade2026');
  await pw.getByRole('button', { name: 'Continue' }).click();
  const reg = page.getByRole('dialog', { name: 'Register' });
  await box(reg, 'Company name').fill('Kept Values Ltd');
  await reg.getByRole('button', { name: 'Terms and Conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms.getByRole('heading').nth(1)).toBeVisible();
  await terms.getByRole('button', { name: 'Back' }).click();
  await expect(box(page.getByRole('dialog', { name: 'Register' }), 'Company name')).toHaveValue('Kept Values Ltd');
});
