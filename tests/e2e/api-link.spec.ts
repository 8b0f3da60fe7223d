/**
 * API Link: the demo trader, given access by staff through the admin
 * API (withdrawn again and their keys revoked afterwards, even when the test fails), creates a
 * key on /my-account/api (shown once), calls /api/link/v1/me with it, rolls it and revokes it;
 * the usage chart shows the calls. Screens at 1440x900 and iPhone 13, checked with axe.
 */
import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { openLogin, ADMIN, submitLogin, TRADER } from './support/accounts.ts';
import { seriousViolations } from './support/axe-scan.ts';
import { expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, islandsReady, test as base } from './support/test.ts';

const SHOTS = 'test-results/screenshots/api-link';

type KeyRow = { id: number; name: string };

/** Staff grant the trader API access for the test, and take it back (and revoke their keys) after it. */
const test = base.extend<{ traderWithApi: { id: string } }>({
  traderWithApi: async ({ playwright, baseURL }, use) => {
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
    const found = await staff.get('/api/v1/admin/customers', { params: { status: 'approved', q: TRADER.email } });
    const id = ((await found.json()) as { docs: { _id: string; email: string }[] }).docs.find(
      (c) => c.email === TRADER.email,
    )!._id;
    expect((await staff.post(`/api/v1/admin/customers/${id}/api-access`, { data: { allow: true } })).status()).toBe(
      200,
    );
    try {
      await use({ id });
    } finally {
      const keys = await staff.get(`/api/v1/admin/customers/${id}/api-keys`);
      for (const k of ((await keys.json()) as { docs: KeyRow[] }).docs) {
        await staff.delete(`/api/v1/admin/customers/${id}/api-keys/${k.id}`);
      }
      await staff.post(`/api/v1/admin/customers/${id}/api-access`, { data: { allow: false } });
      await staff.dispose();
    }
  },
});

const me = (request: APIRequestContext, key: string) =>
  request.get('/api/link/v1/me', { headers: { authorization: `Bearer ${key}` } });

async function signInTrader(page: Page) {
  expect((await page.context().request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  await page.goto('/my-account/api');
  await expect(page.getByRole('heading', { name: 'API Link', level: 1 })).toBeVisible();
}

test('a trader creates a key, calls /me with it, sees the usage, rolls it and revokes it', async ({
  page,
  playwright,
  baseURL,
  traderWithApi,
}) => {
  test.setTimeout(90_000);
  expect(traderWithApi.id).toBeTruthy();
  await page.setViewportSize({ width: 1440, height: 900 });
  await noCookieNotice(page.context(), baseURL);
  await signInTrader(page);
  // no cookies here: the API Link answers to the key alone
  const client = await playwright.request.newContext({ baseURL });

  await page.getByRole('textbox', { name: 'Key name' }).fill('Website stock sync');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-key');
  await expect(shown).toHaveText(/^ftk_t_[0-9A-Za-z]{28}$/);
  const key = (await shown.textContent())!;
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await saveShot(page, SHOTS, 'new-key-1440');

  for (let i = 0; i < 3; i++) {
    const res = await me(client, key);
    expect(res.status()).toBe(200);
    expect(res.headers()['ratelimit-policy']).toMatch(/^"default";q=\d+;w=60/);
    expect(((await res.json()) as { key: { name: string } }).key.name).toBe('Website stock sync');
  }
  expect((await client.get(`/api/link/v1/me?key=${key}`)).status()).toBe(401);

  // shown once: gone after "I have saved it" and after a reload; the list shows its last four
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(shown).toBeHidden();
  await page.reload();
  await islandsReady(page);
  await expect(page.getByText(key)).toHaveCount(0);
  const keysTable = page.getByRole('table', { name: 'Your API keys' });
  await expect(keysTable).toContainText(`…${key.slice(-4)}`);
  await expect(page.getByTestId('usage-total')).toHaveText('3 calls · 30 days');
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveShot(page, SHOTS, 'api-home-1440');
  await page.getByText('Show the figures as a table').click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(
    page.getByRole('table', { name: 'API usage per day' }).getByRole('row', { name: new RegExp(today) }),
  ).toContainText('3');
  await expect(page.getByRole('img', { name: /API calls per day/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page, '/my-account/api at 1440');

  // roll with a 1 hour overlap: both keys work
  await page.getByRole('button', { name: `Roll Website stock sync (key ending ${key.slice(-4)})` }).click();
  const rollDialog = page.getByRole('dialog', { name: /Roll/ });
  await rollDialog.getByRole('combobox', { name: 'Old key keeps working for' }).selectOption('1');
  await rollDialog.getByRole('button', { name: 'Roll key' }).click();
  await expect(shown).toHaveText(/^ftk_t_/);
  const rolled = (await shown.textContent())!;
  expect(rolled).not.toBe(key);
  expect((await me(client, rolled)).status()).toBe(200);
  expect((await me(client, key)).status()).toBe(200);
  await expect(keysTable).toContainText('(rolled)');

  // revoke the new key: it stops at once
  await page.getByRole('button', { name: `Revoke Website stock sync (key ending ${rolled.slice(-4)})` }).click();
  await page
    .getByRole('dialog', { name: /Revoke/ })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(keysTable).not.toContainText(`…${rolled.slice(-4)}`);
  const refused = await me(client, rolled);
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { errors: { msg: string } }).errors.msg).toBe('api_key_revoked');
  await client.dispose();
});

/** A test key, made by the trader alone: the form says what it does, the key starts ftk_test_. */
async function makeTestKey(page: Page) {
  await page.getByRole('textbox', { name: 'Key name' }).fill('Sandbox');
  await page.getByRole('combobox', { name: 'Scope' }).selectOption('test');
  await expect(page.getByText(/holds made with it are answered as real ones but keep nothing/)).toBeVisible();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-key')).toHaveText(/^ftk_test_[0-9A-Za-z]{28}$/);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByRole('table', { name: 'Your API keys' }).getByRole('row', { name: /Sandbox/ })).toContainText(
    'test',
  );
}

test('a trader makes a test key without any staff step (1440 px, axe clean)', async ({
  page,
  baseURL,
  traderWithApi,
}) => {
  expect(traderWithApi.id).toBeTruthy();
  await page.setViewportSize({ width: 1440, height: 900 });
  await noCookieNotice(page.context(), baseURL);
  await signInTrader(page);
  await makeTestKey(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the integration home on an iPhone 13: no sideways scroll, axe clean', async ({
  browser,
  baseURL,
  traderWithApi,
}) => {
  expect(traderWithApi.id).toBeTruthy();
  const { defaultBrowserType: _unused, ...iphone } = devices['iPhone 13'];
  const context = await browser.newContext({ ...iphone, baseURL });
  await noCookieNotice(context, baseURL);
  const page = await context.newPage();
  await signInTrader(page);
  await page.getByRole('textbox', { name: 'Key name' }).fill('Phone widget');
  await page.getByRole('combobox', { name: 'Scope' }).selectOption('retail');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-key')).toHaveText(/^ftk_r_/);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByRole('table', { name: 'Your API keys' })).toContainText('retail');
  await makeTestKey(page);
  await saveShot(page, SHOTS, 'api-home-iphone13');
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveShot(page, SHOTS, 'api-home-iphone13-top', false);
  await page.getByRole('heading', { name: 'Usage' }).scrollIntoViewIfNeeded();
  await saveShot(page, SHOTS, 'api-home-iphone13-usage', false);
  await expectNoSidewaysScroll(page, '/my-account/api on iPhone 13');
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test("staff see a customer's keys on the customer screen and revoke one", async ({
  page,
  playwright,
  baseURL,
  traderWithApi,
}) => {
  expect(traderWithApi.id).toBeTruthy();
  const trader = await playwright.request.newContext({ baseURL });
  expect((await trader.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  const made = await trader.post('/api/v1/profile/api-keys', { data: { name: 'Shop till', scope: 'trade' } });
  expect(made.status()).toBe(201);
  const { key } = (await made.json()) as { key: string };
  expect((await me(trader, key)).status()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await noCookieNotice(page.context(), baseURL);
  await page.goto('/admin/customers');
  await openLogin(page, page.getByRole('button', { name: 'Login' }));
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Approved' }).click();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(TRADER.email);
  await page.getByRole('button', { name: /^Ms Eleanor Hartley/ }).click();
  const keys = page.getByRole('list', { name: 'API keys of Ms Eleanor Hartley' });
  await expect(keys).toContainText('Shop till');
  await expect(keys).toContainText(`…${key.slice(-4)}`);
  await saveShot(page, SHOTS, 'admin-customer-keys-1440');
  await keys.getByRole('button', { name: 'Revoke key Shop till of Ms Eleanor Hartley' }).click();
  await page
    .getByRole('dialog', { name: /Revoke key/ })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(page.getByText('Shop till')).toHaveCount(0);
  expect((await me(trader, key)).status()).toBe(401);
  await trader.dispose();
});
