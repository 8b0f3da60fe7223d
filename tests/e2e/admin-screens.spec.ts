/**
 * Screenshots of every back-office screen at 1440 px and of the customer's /my-account at
 * 1440 and 390 px, saved to $SHOTS_DIR (default test-results/screenshots/admin/) to be looked at.
 * Each screen is also checked for what a finished screen shows: its heading, filled tables
 * (the shop has a pending registration, a request, a message, a post), one navigation entry
 * per section, and no empty placeholders.
 * The request, the message and the pending registration are made here first: the request
 * straight in the server's database (the bag is another feature's screen), the message
 * through the contact call, the registration through the register call. The request goes
 * again after the test, passed or failed (the trader's account is shared with other specs).
 */
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { openLogin, ADMIN, COMPANY, GOOD_PASSWORD, TRADER, submitLogin, uniqueEmail } from './support/accounts.ts';
import { expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { withDb } from './support/shared-state.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots/admin';
const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);

/** The cookie notice was answered before (it would otherwise cover part of every screenshot). */
test.beforeEach(async ({ context, baseURL }) => {
  await noCookieNotice(context, baseURL);
});

/** A request from the trader (priced snapshot as the bag would store it), a pending registration. */
function seedInbox(pendingEmail: string) {
  return withDb((db) => {
    const trader = db.prepare('SELECT id FROM users WHERE email = ?').get(TRADER.email) as { id: number };
    const stones = db
      .prepare(
        "SELECT id, stock_code, description, price_cents, weight FROM diamonds WHERE cat_type = 'Single Item' AND price_cents IS NOT NULL LIMIT 2",
      )
      .all() as { id: number; stock_code: string; description: string; price_cents: number; weight: number }[];
    const items = stones.map((s, i) => ({
      diamondId: s.id,
      stockCode: s.stock_code,
      type: 'single',
      description: s.description,
      selectedUnit: 'weight',
      quantity: s.weight,
      acceptsAlternatives: i === 0,
      ppcCents: null,
      itemPriceCents: s.price_cents,
    }));
    const total = stones.reduce((sum, s) => sum + s.price_cents, 0);
    const { id } = db
      .prepare(
        "INSERT INTO bag_requests (user_id, status, terms, order_notes, accepts_any_alternatives, ccy, ex_rate, total_cents, items) VALUES (?, 'submitted', 'memo', ?, 0, 'USD', 1, ?, ?) RETURNING id",
      )
      .get(
        trader.id,
        'Please hold both stones until Friday; we will confirm by noon.',
        total,
        JSON.stringify(items),
      ) as { id: number };
    const line = db.prepare(
      "INSERT INTO request_lines (request_id, position, diamond_id, stock_code, type, description, quantity, accepts_alternatives, item_price_cents) VALUES (?, ?, ?, ?, 'single', ?, ?, ?, ?)",
    );
    stones.forEach((s, i) =>
      line.run(id, i, s.id, s.stock_code, s.description, s.weight, i === 0 ? 1 : 0, s.price_cents),
    );
    db.prepare("UPDATE users SET status = 'pending', email_verified_at = ? WHERE email = ?").run(
      Date.now(),
      pendingEmail,
    );
    return { requestId: id };
  });
}

test('every back-office screen at 1440 px', async ({ page, request, keep }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const pendingEmail = uniqueEmail('pending');
  expect(
    (
      await request.post('/api/v1/register', {
        data: {
          ...COMPANY,
          firstName: 'Ines',
          lastName: 'Varga',
          companyName: 'Varga Fine Gems',
          email: pendingEmail,
          password: GOOD_PASSWORD,
          password_confirm: GOOD_PASSWORD,
        },
      })
    ).status(),
  ).toBe(201);
  const { requestId } = seedInbox(pendingEmail);
  keep.after(() => withDb((db) => db.prepare('DELETE FROM bag_requests WHERE id = ?').run(requestId)));
  expect(
    (
      await request.post('/api/v1/message', {
        data: {
          name: 'Tomas Berg',
          email: 'tomas@berg.example',
          phone: '+46 8 123 456',
          companyName: 'Berg Diamonds AB',
          message: 'Do you hold matched pairs of 0.50 ct ovals, F-G VS?',
          pageTitle: 'Contact Us',
        },
      })
    ).status(),
  ).toBeLessThan(300);

  await page.goto('/admin');
  await openLogin(page, page.getByRole('button', { name: 'Login' }));
  await submitLogin(page, ADMIN.email, ADMIN.password);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeVisible();

  // /admin is the dashboard; the navigation names each section once
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const labels = await nav.getByRole('link').allInnerTexts();
  expect(new Set(labels).size).toBe(labels.length);
  expect(labels).toEqual([
    'Dashboard',
    'Customers',
    'Requests',
    'Holds',
    'Messages',
    'News',
    'Stock import',
    'Settings',
    'Audit log',
  ]);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.adk-stats strong').first()).not.toHaveText('–');

  // customers: the pending registration, then its details and requests opened
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: pendingEmail })).toBeVisible();
  await shot(page, 'admin-customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('trader@facet');
  const traderRow = page.getByRole('row').filter({ hasText: TRADER.email });
  await page.getByRole('button', { name: 'Approved' }).click();
  await expect(traderRow).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: pendingEmail })).toHaveCount(0);
  await traderRow.getByRole('button', { expanded: false }).click();
  const details = page.getByRole('region', { name: /Details of/ });
  await expect(details.getByRole('link', { name: `Request #${requestId}` })).toBeVisible();
  await shot(page, 'admin-customer');

  // requests: the list and the chosen request side by side; the customer's link opens it
  await details.getByRole('link', { name: `Request #${requestId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/requests\\?id=${requestId}`));
  const detail = page.getByRole('article', { name: `Request #${requestId}` });
  await expect(detail).toContainText('Please hold both stones until Friday');
  await page.goto('/admin/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await expect(page.getByRole('article')).toBeVisible();
  await shot(page, 'admin-requests');
  await page.getByRole('button', { name: `#${requestId}`, exact: true }).click();
  await expect(detail).toBeVisible();
  await shot(page, 'admin-request');
  // a status with no requests (the demo data has a request in every other state) shows one
  // calm empty state, not an empty table beside nothing
  await page.getByRole('button', { name: 'Returned' }).click();
  await expect(page.getByText('No returned requests.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await shot(page, 'admin-requests-empty');

  await nav.getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const message = page.getByRole('row').filter({ hasText: 'Do you hold matched pairs' });
  await expect(message).toBeVisible();
  await shot(page, 'admin-messages');
  // a real change, so the dashboard and the audit log below have something to show
  await message.getByRole('button', { name: /Mark read/i }).click();
  await expect(page.getByRole('status').filter({ hasText: 'marked read' })).toBeVisible();

  await nav.getByRole('link', { name: 'News' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await shot(page, 'admin-posts');
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Title' })).not.toHaveValue('');
  await page.getByLabel('Upload a cover image').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 480, height: 320, channels: 3, background: '#1a1a1a' } })
      .png()
      .toBuffer(),
  });
  await expect(page.getByRole('textbox', { name: 'Cover image' })).toHaveValue(/^\/uploads\/[a-f0-9]{24}\.png$/);
  await expect
    .poll(() => page.locator('.adk-cover__preview img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(480);
  await shot(page, 'admin-post-editor');

  await nav.getByRole('link', { name: 'Stock import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stock import' })).toBeVisible();
  await page.getByLabel('Stock file').setInputFiles('tests/fixtures/stock/bad-rows.csv');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('cell', { name: 'Colour must be D to M, not "Z"' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  await shot(page, 'admin-stock-errors');

  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const tabs = page.getByRole('navigation', { name: 'Settings' });
  await expect(tabs.getByRole('link', { name: 'Availability' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Diamonds Availability' }).click();
  await expect(page.getByRole('textbox', { name: /Available now/ })).not.toHaveValue('');
  await shot(page, 'admin-settings');
  await tabs.getByRole('link', { name: 'Rates & site' }).click();
  await expect(page).toHaveURL(/\/admin\/site-settings$/);
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('textbox', { name: 'GBP rate' })).toBeVisible();
  await shot(page, 'admin-rates-site');

  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Marked a message' }).first()).toBeVisible();
  await shot(page, 'admin-audit');

  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Marked a message' }).first()).toBeVisible();
  await shot(page, 'admin-dashboard');
});

for (const width of [1440, 390]) {
  test(`the customer's account at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width > 600 ? 1000 : 844 });
    expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
    await page.goto('/my-account');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    for (const name of ['Your details', 'Your requests', 'Change password']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.locator('#acc-api')).toBeVisible(); // the API access panel, whichever of its states
    await expect(page.getByText('Loading your requests')).toHaveCount(0);
    // nothing runs off the side of the screen
    await expectNoSidewaysScroll(page, `my-account-${width}`);
    await shot(page, `my-account-${width}`);
  });
}
