/**
 * The webhooks section of /my-account/api: a customer with API Link adds an endpoint (a
 * receiver on loopback in this process; the server runs with WEBHOOKS_ALLOW_LOOPBACK), sees the
 * secret, sends a test event that arrives signed, reads the deliveries, disables and deletes
 * it. Axe (no serious/critical), no sideways scroll; screenshots at 1440 x 900 and iPhone 13 in
 * test-results/screenshots/webhooks/.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { devices, request, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ADMIN, createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { seriousViolations } from './support/axe-scan.ts';
import { expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const SHOTS = 'test-results/screenshots/webhooks';
const EMAIL = uniqueEmail('webhooks');
const { defaultBrowserType: _webkit, ...IPHONE_13 } = devices['iPhone 13'];

const received: { headers: Record<string, string>; body: string }[] = [];
let server: Server;
let hookUrl = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/facet-hooks`;

  await createApprovedCustomer(baseURL!, EMAIL, GOOD_PASSWORD);
  const staff = await request.newContext({ baseURL });
  expect((await staff.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
  const list = await staff.get('/api/v1/admin/customers', { params: { status: 'approved', q: EMAIL, limit: 5 } });
  const customer = ((await list.json()) as { docs: { _id: string; email: string }[] }).docs.find(
    (c) => c.email === EMAIL,
  );
  expect(
    (await staff.post(`/api/v1/admin/customers/${customer!._id}/api-access`, { data: { allow: true } })).ok(),
  ).toBe(true);
  await staff.dispose();
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function openApiPage(page: Page, baseURL: string | undefined) {
  await noCookieNotice(page.context(), baseURL);
  expect((await page.request.post('/api/v1/login', { data: { email: EMAIL, password: GOOD_PASSWORD } })).status()).toBe(
    200,
  );
  await page.goto('/my-account/api');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section).toBeVisible();
  return section;
}

test('add an endpoint, see its secret, send a signed test event, read deliveries (1440)', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const section = await openApiPage(page, baseURL);
  await expect(section.getByText('No endpoints yet.')).toBeVisible();

  await section.getByLabel('Endpoint URL (https)').fill(hookUrl);
  await section.getByRole('checkbox', { name: 'Updated' }).uncheck();
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const item = section.getByRole('listitem').filter({ hasText: hookUrl });
  await expect(item).toBeVisible();
  const secret = (await item.locator('.wh-secret code').innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(item).toContainText('Added, Price changed, Availability changed, Removed');

  await item.getByRole('button', { name: 'Send test event' }).click();
  await expect(section.getByRole('status')).toHaveText('Test event delivered (HTTP 200).');
  expect(received).toHaveLength(1);
  expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).toMatchObject({ type: 'test' });
  const deliveries = item.getByRole('table', { name: `Deliveries to ${hookUrl}` });
  await expect(deliveries.getByRole('row').nth(1)).toContainText('Delivered');

  await expect.poll(() => seriousViolations(page, '#webhooks')).toEqual([]);
  await expectNoSidewaysScroll(page, 'api page at 1440');
  await saveShot(page, SHOTS, 'desktop-1440');

  await item.getByRole('button', { name: 'Disable' }).click();
  await expect(item.getByText('Disabled', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Enable' }).click();
  await expect(item.getByText('Enabled', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ ...IPHONE_13 });

  test('the section fits an iPhone 13, then the endpoint is deleted', async ({ page, baseURL }) => {
    const section = await openApiPage(page, baseURL);
    const item = section.getByRole('listitem').filter({ hasText: hookUrl });
    await item.getByRole('button', { name: 'Show secret' }).click();
    await expect(item.locator('.wh-secret code')).toContainText('whsec_');
    await item.getByRole('button', { name: 'Deliveries' }).click();
    await expect(item.getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(page, 'api page on iPhone 13');
    await expect.poll(() => seriousViolations(page, '#webhooks')).toEqual([]);
    await saveShot(page, SHOTS, 'iphone-13-page');
    await section.screenshot({ path: `${SHOTS}/iphone-13-section.png` });

    await item.getByRole('button', { name: 'Delete' }).click();
    await item.getByRole('button', { name: 'Delete for good' }).click();
    await expect(section.getByText('No endpoints yet.')).toBeVisible();
  });
});
