/** Browser-test steps shared by the accounts specs: sign in through the login dialog, price checks. */
import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@facet.trade', password: 'Admin#2026' };
export const TRADER = { email: 'trader@facet.trade', password: 'Trader#2026' };
export const SITE_NAME = process.env.PUBLIC_SITE_NAME ?? 'Facet Trade';

/** A password that meets the shared rule. */
export const GOOD_PASSWORD = 'Facet#Trade2026';

export const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Fills and sends the open login dialog (it waits 1 s before it submits). */
export async function submitLogin(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Presses a control that opens the login dialog. A press that lands while the island is still
 * hydrating is kept by the page and replayed once it is live, and Playwright may retry the
 * same click meanwhile: so the press counts as done as soon as the dialog is open.
 */
export async function openLogin(page: Page, control: Locator) {
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(async () => {
    if (!(await dialog.isVisible())) await control.click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens the login dialog from the header's Account entry and signs in. */
export async function loginFromHeader(page: Page, email: string, password: string) {
  await openLogin(page, page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }));
  await submitLogin(page, email, password);
}

/** The texts of the PRICE column's cells of the stones table. */
export async function priceCells(page: Page): Promise<string[]> {
  const table = page.getByRole('table').first();
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect.poll(() => rows.count()).toBeGreaterThan(0);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const col = headers.findIndex((h) => /^\s*price\b/i.test(h));
  expect(col, 'a PRICE column').toBeGreaterThanOrEqual(0);
  // one round trip for the whole column (a call per cell is slow on a loaded machine)
  return rows.evaluateAll(
    (trs, i) => trs.map((tr) => (tr.querySelectorAll('td, th')[i] as HTMLElement | undefined)?.innerText ?? ''),
    col,
  );
}

export const CURRENCY_AMOUNT = /[$£€¥]\s?\d[\d,]*\.\d{2}/;

/** Registration details that pass every rule. */
export const COMPANY = {
  title: 'Ms',
  firstName: 'Grace',
  lastName: 'Hopper',
  companyName: 'Hopper Gem Traders Ltd',
  phone: '+44 20 7946 0555',
  addressLine1: '5 Greville Street',
  city: 'London',
  postcode: 'EC1N 8PQ',
  country: 'United Kingdom',
  tradeReferences: ['Lindqvist Gem Traders, Antwerp', ''],
  acceptTermsAndConditions: true,
};

/**
 * An approved customer made through the API (register, the e-mailed verify link, an admin's
 * approval), for tests that need an account of their own to change.
 */
export async function createApprovedCustomer(baseURL: string, email: string, password: string) {
  const { request } = await import('@playwright/test');
  const { linkIn, waitForMail } = await import('./mail.ts');
  const started = Date.now();
  const visitor = await request.newContext({ baseURL });
  const reg = await visitor.post('/api/v1/register', {
    data: { ...COMPANY, email, password, password_confirm: password },
  });
  expect(reg.status()).toBe(201);
  const token = linkIn(await waitForMail(email, /verify your e-mail/i, started), '/verify/').split('/verify/')[1];
  expect((await visitor.post('/api/v1/verify', { data: { id: token } })).status()).toBe(200);
  const staff = await request.newContext({ baseURL });
  expect((await staff.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
  const list = await staff.get('/api/v1/admin/customers', { params: { status: 'pending', limit: 200 } });
  const found = ((await list.json()) as { docs: { _id: string; email: string }[] }).docs.find((c) => c.email === email);
  expect(found).toBeTruthy();
  expect((await staff.post(`/api/v1/admin/customers/${found?._id}/approve`)).status()).toBe(200);
  await visitor.dispose();
  await staff.dispose();
}
