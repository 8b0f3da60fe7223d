/**
 * A request from the bag to shipped, in a real browser at 1440 px and on an iPhone 13: staff
 * write the terms the confirmation prints (Settings → Requests); a trader sends the bag on memo
 * in euros; staff take it into review, confirm one stone and offer an alternative for the
 * other (priced in euros); the buyer accepts it in /my-account, sees the timeline (who, when,
 * what) and the total, and writes; staff answer and confirm; the buyer sees the answer and
 * downloads the PDF memo, which `pdftotext` reads back (buyer's company, lines, currency,
 * total, the terms from settings); staff ship with a carrier reference and the buyer sees it.
 * Every screen, scrolled to the bottom, passes axe and never scrolls sideways; screenshots go
 * to test-results/screenshots/request-lifecycle/.
 */
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, COMPANY, createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { axeViolations } from './support/axe-scan.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { withDb } from './support/shared-state.ts';
import { expect, test } from './support/test.ts';
import { signInAs } from './bag-support.ts';

const SHOTS = 'test-results/screenshots/request-lifecycle';
const STAFF_NAME = 'Facet Trade staff';

test.describe.configure({ mode: 'serial' });

/** Scrolled to the bottom: axe finds nothing, nothing runs off the side; a screenshot is kept. */
async function screenChecked(page: Page, shot: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const found = await axeViolations(page);
  await saveShot(page, SHOTS, shot);
  expect(found, shot).toEqual([]);
  // what runs past the right edge, named, when something does
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );
  expect(wide, `${shot}: wider than the window`).toEqual([]);
  await expectNoSidewaysScroll(page, shot);
}

async function signedIn(browser: Browser, size: object, account: { email: string; password: string }, base: string) {
  const context = await browser.newContext({ ...size, baseURL: base, acceptDownloads: true });
  await noCookieNotice(context, base);
  const page = await context.newPage();
  await signInAs(page, account.email, account.password);
  return page;
}

/**
 * Priced single stones nobody holds or has in a request, from the newest end of the stock
 * (the other specs take the first stones, the demo data the middle ones); `skip` keeps the
 * two sizes apart.
 */
function freeSingles(count: number, skip: number): { id: number; code: string }[] {
  return withDb(
    (db) =>
      db
        .prepare(
          `SELECT d.id, d.stock_code AS code FROM diamonds d
           WHERE d.in_stock = 1 AND d.cat_type = 'Single Item' AND d.price_cents > 0
             AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.diamond_id = d.id AND h.ended_at IS NULL AND h.expires_at > ?)
             AND NOT EXISTS (SELECT 1 FROM request_lines l WHERE l.reserved_diamond_id = d.id)
             AND NOT EXISTS (SELECT 1 FROM bag_items b WHERE b.diamond_id = d.id)
           ORDER BY d.id DESC LIMIT ? OFFSET ?`,
        )
        .all(Date.now(), count, skip) as { id: number; code: string }[],
  );
}

const euros = /€[\d,]+\.\d\d/;

for (const [name, size] of BOTH_SIZES) {
  test(`a memo request from the bag to shipped, with an alternative, messages and the PDF (${name})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(240_000);
    const base = baseURL ?? '';
    keep.requestTerms();
    const email = uniqueEmail(`request-${name}`);
    await createApprovedCustomer(base, email, GOOD_PASSWORD);
    const [first, second, alt] = freeSingles(3, name === '1440' ? 0 : 3);
    if (!first || !second || !alt) throw new Error('no three free single stones');
    const admin = await signedIn(browser, size, ADMIN, base);
    const buyer = await signedIn(browser, size, { email, password: GOOD_PASSWORD }, base);

    // staff write the terms the confirmation prints
    const memoTerms = `Goods on memo stay ours until paid; return within 10 days (${name}).`;
    await admin.goto('/admin/request-settings');
    const memoField = admin.getByRole('textbox', { name: 'Memo terms' });
    await expect(memoField).toHaveValue(/\S/);
    await memoField.fill('   ');
    await admin.getByRole('button', { name: 'Save request terms' }).click();
    await expect(memoField).toHaveAccessibleDescription(/Please enter the memo terms/);
    await memoField.fill(memoTerms);
    await admin
      .getByRole('textbox', { name: 'Wholesaler’s details' })
      .fill('Facet Trade Ltd\n88 Hatton Garden, London EC1N 8PN\nVAT GB 123 4567 89');
    await admin.getByRole('button', { name: 'Save request terms' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'request terms were saved' })).toBeVisible();
    await screenChecked(admin, `${name}-settings-requests`);

    // the trader fills the bag and sends it on memo, in euros
    for (const s of [first, second])
      expect((await buyer.request.post('/api/v1/profile/bag', { data: { diamondId: s.id } })).status()).toBe(200);
    await buyer.goto('/diamonds/bag');
    await buyer.locator('#bag-currency').selectOption('EUR');
    await expect(buyer.getByTestId('bag-total')).toHaveText(euros);
    await buyer.getByRole('radio', { name: 'Memo (on approval)' }).check();
    await buyer.getByLabel('Order Notes').fill('A pair for studs; happy with a close alternative.');
    await screenChecked(buyer, `${name}-bag`);
    await buyer.getByRole('button', { name: 'Send Request' }).click();
    await expect(buyer.getByText('Your Request has been sent successfully.')).toBeVisible();
    const list = (await (await buyer.request.get('/api/v1/profile/bagRequests')).json()) as {
      docs: { _id: number; ccy: string; terms: string }[];
    };
    const id = list.docs[0]!._id;
    expect(list.docs[0]).toMatchObject({ ccy: 'EUR', terms: 'memo' });

    // staff: into review, confirm the first stone, offer an alternative for the second
    await admin.goto(`/admin/requests?id=${id}`);
    const desk = admin.getByRole('article', { name: `Request #${id}` });
    await desk.getByRole('button', { name: 'Start review' }).click();
    await expect(desk.getByRole('button', { name: `Confirm ${first.code}` })).toBeVisible();
    await desk.getByRole('button', { name: `Confirm ${first.code}` }).click();
    await expect(desk.getByRole('row').filter({ hasText: first.code })).toContainText('Confirmed');
    await desk.getByRole('textbox', { name: `Alternative stock code for ${second.code}` }).fill(alt.code);
    await desk.getByRole('button', { name: 'Offer alternative' }).last().click();
    const altRow = desk.getByRole('row').filter({ hasText: second.code });
    await expect(altRow).toContainText(new RegExp(`Alternative ${alt.code} at €[\\d,]+\\.\\d\\d: awaiting the buyer`));
    await screenChecked(admin, `${name}-desk-in-review`);

    // the buyer accepts the alternative, reads the timeline and total, and writes
    await buyer.goto(`/my-account#request-${id}`);
    const card = buyer.locator(`#request-${id}`);
    await card.getByRole('button', { name: `Accept ${alt.code}` }).click();
    await expect(card).toContainText(`Alternative offered: ${alt.code}`);
    await expect(card.getByRole('button', { name: `Accept ${alt.code}` })).toHaveCount(0);
    const detail = (await (await buyer.request.get(`/api/v1/profile/requests/${id}`)).json()) as {
      currentTotal: number;
      lines: { stockCode: string; amount: number; alternative: { reply: string | null } | null }[];
    };
    expect(detail.lines.find((l) => l.stockCode === second.code)?.alternative?.reply).toBe('accepted');
    const total = `€${detail.currentTotal.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    await expect(card).toContainText(`Total now: ${total} (EUR)`);
    const timeline = card.getByRole('region', { name: 'Timeline' });
    const steps = timeline.getByRole('listitem');
    await expect(steps.filter({ hasText: 'Request sent on memo terms (2 items)' })).toContainText(
      `${COMPANY.firstName} ${COMPANY.lastName}`,
    );
    await expect(steps.filter({ hasText: `${first.code} confirmed` })).toContainText(STAFF_NAME);
    await expect(steps.filter({ hasText: `Alternative ${alt.code} offered for ${second.code}` })).toContainText(
      STAFF_NAME,
    );
    await expect(steps.filter({ hasText: `Alternative ${alt.code} for ${second.code} accepted` })).toHaveCount(1);
    await expect(steps.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    const question = `Could ${alt.code} travel with the other stone on Friday?`;
    await card.getByRole('textbox', { name: 'Your message' }).fill(question);
    await card.getByRole('button', { name: 'Send message' }).click();
    await expect(card.getByRole('region', { name: 'Messages' })).toContainText(question);
    await screenChecked(buyer, `${name}-account-request`);

    // staff read it, answer, and confirm on memo
    await admin.reload();
    await expect(desk.getByRole('region', { name: 'Messages' })).toContainText(question);
    const answer = 'Yes: both stones leave together on Friday, insured.';
    await desk.getByRole('textbox', { name: 'Your message' }).fill(answer);
    await desk.getByRole('button', { name: 'Send message' }).click();
    await expect(desk.getByRole('region', { name: 'Messages' })).toContainText(answer);
    await desk.getByRole('button', { name: 'Confirm request' }).click();
    await expect(desk.getByRole('combobox', { name: 'Terms on confirming' })).toHaveCount(0);
    await expect(desk.getByRole('button', { name: 'Mark shipped' })).toBeVisible();

    // the buyer sees the answer and reads the PDF memo back
    await buyer.reload();
    const thread = card.getByRole('region', { name: 'Messages' });
    await expect(thread.getByRole('listitem').filter({ hasText: answer })).toContainText(STAFF_NAME);
    const download = buyer.waitForEvent('download');
    await card.getByRole('link', { name: 'Download the memo (PDF)' }).click();
    const pdf = await (await download).path();
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(text).toContain('MEMORANDUM');
    expect(text).toMatch(new RegExp(`REQUEST\\s+#${id}\\b`));
    expect(text).toContain('88 Hatton Garden, London EC1N 8PN');
    expect(text).toContain(COMPANY.companyName);
    expect(text).toContain(first.code);
    expect(text).toContain(alt.code);
    expect(text).not.toContain(second.code);
    expect(text).toMatch(/CURRENCY\s+EUR/);
    expect(text).toContain(`Subtotal`);
    expect(text).toContain(total);
    expect(text).toContain('Received on memo by');
    expect(text.replace(/\s+/g, ' ')).toContain(memoTerms);

    // staff ship with a carrier reference; the buyer sees it
    const carrier = `BRK-${name}-40718822`;
    await desk.getByRole('textbox', { name: 'Carrier reference' }).fill(carrier);
    await desk.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(desk).toContainText(carrier);
    await screenChecked(admin, `${name}-desk-shipped`);
    await buyer.reload();
    await expect(card).toContainText(`carrier reference ${carrier}`);
    await expect(card.getByRole('region', { name: 'Timeline' })).toContainText(`carrier reference ${carrier}`);
    await screenChecked(buyer, `${name}-account-shipped`);
    await admin.context().close();
    await buyer.context().close();
  });
}
