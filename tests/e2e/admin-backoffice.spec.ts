/**
 * The back office in Chromium against `npm start`:
 * - an admin creates and publishes a news post; a visitor then reads it at its url and in
 *   the news list (after the static site regenerates);
 * - an admin moves a request through its lifecycle (review, line confirmed, confirmed) and the
 *   customer sees each state;
 * - an admin changes the GBP rate and a trader's prices (shown in GBP) change;
 * - every back-office screen at 1440 px, saved to test-results/screenshots/admin-*.png;
 * - the stock import's error and preview tables at 1440 x 900 and on an iPhone 13: on the
 *   phone each row stacks with every value beside its column's name, the caption spans the
 *   table, nothing runs off the side, and axe finds nothing serious.
 * The bag request is written straight into the server's database (the bag is another
 * feature's screen); everything the admin does goes through the admin screens. The shop is
 * shared with every other spec: the post, the request, the rates and the imported stones are
 * taken away or put back after each test, passed or failed (the `keep` fixture).
 */
import type Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { openLogin, ADMIN, TRADER, priceCells, submitLogin } from './support/accounts.ts';
import { seriousViolations } from './support/axe-scan.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice } from './support/screens.ts';
import { withDb } from './support/shared-state.ts';

test.use({ viewport: { width: 1440, height: 1000 } });

const SHOTS = 'test-results/screenshots';

async function adminSignIn(page: Page, path = '/admin') {
  await page.goto(path);
  await openLogin(page, page.getByRole('button', { name: 'Login' }));
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}

test('an admin creates and publishes a post; a visitor reads it at its url and in the news list', async ({
  page,
  browser,
  keep,
}) => {
  test.setTimeout(240_000);
  const title = `Autumn melee parcels ${Date.now()}`;
  // the post goes again afterwards (deleting it regenerates the news pages)
  keep.after(async () => {
    const admin = await keep.as(ADMIN);
    const found = await admin.get('/api/v1/admin/posts', { params: { q: title, status: 'all' } });
    for (const post of ((await found.json()) as { docs: { _id: number; title: string }[] }).docs) {
      if (post.title === title) expect((await admin.delete(`/api/v1/admin/posts/${post._id}`)).ok()).toBe(true);
    }
  });
  await adminSignIn(page, '/admin/posts/new');
  await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Snippet' }).fill('Fresh parcels from 0.005 to 0.08 ct.');
  await page
    .getByRole('textbox', { name: 'Content (HTML)' })
    .fill('<p>Our <strong>autumn parcels</strong> are in.</p><script>x()</script>');
  await page.getByRole('textbox', { name: 'Related tags (comma separated)' }).fill('parcels, melee');
  await page.screenshot({ path: `${SHOTS}/admin-post-editor.png`, fullPage: true });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+/);
  await expect(page.getByRole('status')).toContainText('The post was created');
  // the editor loads the saved post at its new address: wait for its fields
  const address = page.getByRole('textbox', { name: 'Address (/news/…)' });
  await expect(address).toHaveValue(/^autumn-melee-parcels-\d+$/);
  const slug = await address.inputValue();

  await page.goto('/admin/posts');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Published');
  await page.screenshot({ path: `${SHOTS}/admin-posts.png`, fullPage: true });

  const visitor = await browser.newPage();
  // the static news pages regenerate in the background after publishing
  await expect
    .poll(async () => (await visitor.request.get(`/news/${slug}`)).status(), { timeout: 200_000, intervals: [2_000] })
    .toBe(200);
  await visitor.goto(`/news/${slug}`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('autumn parcels')).toBeVisible();
  await visitor.goto('/news');
  await expect(visitor.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  const all = (await (await visitor.request.get('/api/v1/posts/all')).json()) as { docs: { title: string }[] };
  expect(all.docs.map((d) => d.title)).toContain(title);
  await visitor.close();
});

/** A new request from the trader for one single, as the bag would store it. */
function insertRequest(db: Database.Database) {
  const trader = db.prepare('SELECT id FROM users WHERE email = ?').get(TRADER.email) as { id: number };
  const stone = db
    .prepare(
      "SELECT id, stock_code, description, price_cents FROM diamonds WHERE cat_type = 'Single Item' AND price_cents IS NOT NULL LIMIT 1",
    )
    .get() as { id: number; stock_code: string; description: string; price_cents: number };
  const items = [
    {
      diamondId: stone.id,
      stockCode: stone.stock_code,
      type: 'single',
      description: stone.description,
      selectedUnit: 'weight',
      quantity: 1,
      acceptsAlternatives: true,
      ppcCents: null,
      itemPriceCents: stone.price_cents,
    },
  ];
  const { id } = db
    .prepare(
      "INSERT INTO bag_requests (user_id, status, terms, order_notes, accepts_any_alternatives, ccy, ex_rate, total_cents, items) VALUES (?, 'submitted', 'invoice', ?, 0, 'USD', 1.27, ?, ?) RETURNING id",
    )
    .get(trader.id, 'Could you hold it until Friday?', stone.price_cents, JSON.stringify(items)) as { id: number };
  db.prepare(
    "INSERT INTO request_lines (request_id, position, diamond_id, stock_code, type, description, quantity, accepts_alternatives, item_price_cents) VALUES (?, 0, ?, ?, 'single', ?, 1, 1, ?)",
  ).run(id, stone.id, stone.stock_code, stone.description, stone.price_cents);
  return { id, stone };
}

test('an admin moves a request through its lifecycle and the customer sees each state', async ({
  page,
  browser,
  keep,
}) => {
  test.setTimeout(90_000);
  const { id, stone } = withDb(insertRequest);
  keep.after(() => withDb((db) => db.prepare('DELETE FROM bag_requests WHERE id = ?').run(id)));

  const customer = await browser.newContext();
  expect((await customer.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  const statusSeen = async () => {
    const res = await customer.request.get('/api/v1/profile/bagRequests');
    return ((await res.json()) as { docs: { _id: number; status: string }[] }).docs.find((d) => d._id === id)?.status;
  };
  expect(await statusSeen()).toBe('submitted');

  await adminSignIn(page, '/admin/requests');
  await page.getByRole('button', { name: `#${id}`, exact: true }).click();
  const detail = page.getByRole('article', { name: `Request #${id}` });
  await expect(detail).toContainText('Could you hold it until Friday?');
  await expect(detail).toContainText(stone.stock_code);
  // staff answer messages in the inbox: no customer chat button over the desk
  await expect(page.getByRole('button', { name: 'Message us' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/admin-requests.png`, fullPage: true });
  await detail.getByRole('button', { name: 'Start review' }).click();
  await expect.poll(statusSeen).toBe('in_review');
  // confirming waits, and says so, until every line is answered
  await expect(detail.getByRole('button', { name: 'Confirm after answering every line' })).toBeDisabled();
  await detail.getByRole('button', { name: `Confirm ${stone.stock_code}` }).click();
  await expect(detail.getByRole('button', { name: 'Confirm request' })).toBeEnabled();
  await detail.getByRole('button', { name: 'Confirm request' }).click();
  await expect.poll(statusSeen).toBe('confirmed');
  // the desk's own answer to the move puts its notice above the notes: wait for it, so the
  // Save button does not move under the press
  await expect(detail.getByRole('status').first()).toContainText('now confirmed');
  await detail.getByRole('textbox', { name: 'Staff notes' }).fill('Confirmed on invoice');
  await detail.getByRole('button', { name: 'Save notes' }).click();
  await expect(detail.getByRole('status').first()).toContainText('saved');
  await customer.close();
});

test('an admin changes the GBP rate and a trader sees new prices', async ({ page, browser, keep }) => {
  test.setTimeout(90_000);
  await keep.rates();
  const traderCtx = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  expect((await traderCtx.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  const traderPage = await traderCtx.newPage();
  await traderPage.goto('/diamonds/all');
  const before = await priceCells(traderPage);
  const gbpShown = before.some((p) => p.includes('£'));

  await adminSignIn(page, '/admin/site-settings');
  const gbp = page.getByRole('textbox', { name: 'GBP rate' });
  await expect(gbp).toHaveValue(/^\d/); // the rates have loaded
  const old = Number(await gbp.inputValue());
  await gbp.fill(String(old * 2));
  // make sure prices are shown in GBP: GBP is the default currency
  await page.getByRole('radio', { name: 'GBP is the default currency' }).check();
  await page.getByRole('button', { name: 'Save rates' }).click();
  await expect(page.getByRole('status').first()).toContainText('exchange rates were saved');
  await page.screenshot({ path: `${SHOTS}/admin-settings.png`, fullPage: true });

  const site = (await (await traderCtx.request.get('/api/v1/site')).json()) as {
    fxrates: { currency: string; ExRate: number }[];
  };
  expect(site.fxrates.find((r) => r.currency === 'GBP')?.ExRate).toBeCloseTo(old * 2);
  await traderPage.reload();
  const after = await priceCells(traderPage);
  expect(after).not.toEqual(before);
  if (gbpShown) expect(after.some((p) => p.includes('£'))).toBe(true);
  await traderCtx.close();
});

test('back-office screens open, and the stock import refuses bad rows and applies a good file', async ({
  page,
  keep,
}) => {
  test.setTimeout(90_000);
  await keep.newStones('IMP-0001', 'IMP-0002', 'IMP-0003'); // the three stones of good.csv
  await adminSignIn(page, '/admin/dashboard');
  for (const [path, heading, file] of [
    ['/admin/dashboard', 'Dashboard', 'admin-dashboard'],
    ['/admin/messages', 'Messages', 'admin-messages'],
    ['/admin/stock', 'Stock import', 'admin-stock'],
    ['/admin/audit', 'Audit log', 'admin-audit'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/${file}.png`, fullPage: true });
  }
  // stock import: a file with bad rows shows its errors and cannot be applied
  await page.goto('/admin/stock');
  await page.getByLabel('Stock file').setInputFiles('tests/fixtures/stock/bad-rows.csv');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('cell', { name: 'Colour must be D to M, not "Z"' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/admin-stock-errors.png`, fullPage: true });
  await page.getByLabel('Stock file').setInputFiles('tests/fixtures/stock/good.csv');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('cell', { name: 'IMP-0001' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('status')).toContainText('Imported 3 rows: 3 new');
  await page.screenshot({ path: `${SHOTS}/admin-stock-applied.png`, fullPage: true });
});

/** The label a stacked cell shows before its value (its ::before content), '' when none. */
const shownLabel = (cell: Locator) =>
  cell.evaluate((td) =>
    getComputedStyle(td, '::before')
      .content.replace(/^"|"$/g, '')
      .replace(/^none$/, ''),
  );

for (const [size, device] of BOTH_SIZES) {
  test(`the stock import's error and preview tables read at ${size}`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ ...device, baseURL });
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    const phone = size === 'iphone13';
    try {
      await adminSignIn(page, '/admin/stock');
      for (const [file, table, shot] of [
        ['bad-rows.csv', '#stock-errors', 'admin-stock-errors'],
        ['good.csv', '#stock-rows', 'admin-stock-preview'],
      ] as const) {
        await page.getByLabel('Stock file').setInputFiles(`tests/fixtures/stock/${file}`);
        await page.getByRole('button', { name: 'Preview' }).click();
        const wrap = page.locator(table);
        await expect(wrap.getByRole('row').nth(1)).toBeVisible();
        // every cell is named for its column; on the phone that name is shown beside the value
        const labels = await wrap.locator('thead th').allTextContents();
        const first = wrap.locator('tbody tr').first().locator('td');
        await expect(first).toHaveCount(labels.length);
        for (const [i, label] of labels.entries()) {
          await expect(first.nth(i)).toHaveAttribute('data-label', label);
          expect(await shownLabel(first.nth(i))).toBe(phone ? label : '');
        }
        // the caption spans the table rather than squeezing into a narrow column
        const captionBox = (await wrap.locator('caption').boundingBox())!;
        const tableBox = (await wrap.locator('table').boundingBox())!;
        expect(captionBox.width).toBeGreaterThan(tableBox.width * 0.9);
        await expectNoSidewaysScroll(page, `${shot}-${size}`);
        expect(await seriousViolations(page, table)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/${shot}-${size}.png`, fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
}
