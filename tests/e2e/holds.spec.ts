/**
 * Holds in a real browser, at 1440 px and on an iPhone 13: a trader holds a single stone from
 * the list row and sees the countdown; a second trader sees "On hold" in the bag and is refused
 * when sending a request with it (a message naming the stone; the bag keeps it); staff see the
 * hold on the admin Holds screen (filtered to its customer) and shorten it, and allow or forbid
 * extending on the customer screen; the holder sees both and releases the stone. Every page,
 * scrolled to the bottom, passes axe (WCAG 2.2 AA tags).
 */
import type { Page } from '@playwright/test';
import { ADMIN, TRADER } from './support/accounts.ts';
import { catalogueDocs } from './support/catalogue.ts';
import { axeClean, JEWELLER, signedIn } from './support/holds.ts';
import { BOTH_SIZES } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { addByApi, emptyBag, type Stone } from './bag-support.ts';

test.describe.configure({ mode: 'serial' });

/**
 * A single stone on the list's first page that nobody holds and that the other specs do not
 * take (they pick the first singles of the stock): the last free single on the page.
 */
async function freeSingleOnPage(page: Page, adminPage: Page): Promise<Stone> {
  const opens = page.getByRole('button', { name: /^Open .+ details$/ });
  await expect(opens.first()).toBeVisible();
  const codes = (await opens.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? '')))
    .map((l) => /^Open (.+) details$/.exec(l)?.[1])
    .filter(Boolean);
  const docs = await catalogueDocs<Stone>(page);
  const singles = docs.filter((d) => d.StkCatType === 'Single Item');
  const taken = new Set(singles.slice(0, 4).map((d) => d.StkCodeCalcNS));
  const res = await adminPage.request.get('/api/v1/admin/holds', { params: { status: 'active' } });
  expect(res.status()).toBe(200);
  const held = JSON.stringify(await res.json());
  const free = singles.filter((d) => codes.includes(d.StkCodeCalcNS) && !taken.has(d.StkCodeCalcNS));
  const stone = free.reverse().find((d) => !held.includes(`"${d.StkCodeCalcNS}"`));
  if (!stone) throw new Error('no free single stone on the first page');
  return stone;
}

for (const [name, size] of BOTH_SIZES) {
  test(`a trader holds a stone, another is refused it, the holder releases it (${name})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(180_000);
    await keep.bag(JEWELLER);
    const base = baseURL ?? '';
    const admin = await signedIn(browser, size, ADMIN, base);
    const holder = await signedIn(browser, size, TRADER, base);
    const other = await signedIn(browser, size, JEWELLER, base);

    // the holder holds it from the list row and sees the countdown
    await holder.goto('/diamonds/all');
    const stone = await freeSingleOnPage(holder, admin);
    const code = stone.StkCodeCalcNS;
    // from here on the list is searched for the stone: other specs change the stock meanwhile, and
    // a stone last on the first page can move to the second one
    const openStone = async () => {
      await holder.goto(`/diamonds/all?q=${encodeURIComponent(code)}`);
      await holder.getByRole('button', { name: `Open ${code} details` }).click();
    };
    await openStone();
    const detail = holder.locator('.cat-detail');
    await detail.getByRole('button', { name: 'Hold', exact: true }).click();
    await expect(detail.getByRole('status')).toHaveText(`Stone ${code} is on hold for you`);
    await expect(detail.getByText('Held for you')).toContainText(/\d{1,2}:\d\d/);
    await axeClean(holder, `list with a hold (${name})`);

    // the other trader: "On hold" in the bag, refused with the stone named, the bag keeps it
    await emptyBag(other);
    await addByApi(other, stone);
    await other.goto('/diamonds/bag');
    const line = other.locator(`[data-bag-line="${stone._id}"]`);
    await expect(line.getByText('On hold', { exact: true })).toBeVisible();
    await other.getByRole('button', { name: 'Send Request' }).click();
    await expect(other.getByText(`Stone ${code} is on hold for another buyer`)).toBeVisible();
    await expect(line).toContainText(code);
    await expect(other.getByRole('button', { name: 'Send Request' })).toBeVisible();
    await axeClean(other, `bag refused (${name})`);

    // staff see the hold on the Holds screen, filtered to its customer, and shorten it
    await admin.goto('/admin/holds');
    const row = admin.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Active');
    const company = await row.getByRole('cell').nth(1).innerText();
    await admin.getByLabel('Customer').selectOption({ label: company });
    await expect(row).toBeVisible();
    const soon = await admin.evaluate(() => {
      const d = new Date(Date.now() + 2 * 3600_000);
      return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await row.getByLabel(`New end for ${code}`).fill(soon);
    await row.getByRole('button', { name: 'Save end' }).click();
    await expect(admin.getByRole('status')).toContainText(`The hold on ${code} now ends`);
    await expect(row.getByLabel(`New end for ${code}`)).toHaveValue(soon);
    await axeClean(admin, `admin holds (${name})`);
    await openStone();
    await expect(detail.getByText('Held for you')).toContainText(/\b0[12]:\d\d\b/);
    await expect(detail.getByText('Held for you')).not.toContainText(/\dd /);

    // staff change whether the holder may extend once, on the customer screen; the holder sees it
    const listed = await admin.request.get('/api/v1/admin/holds', { params: { status: 'active' } });
    const { docs } = (await listed.json()) as { docs: { stockCode: string; customer: { id: number } }[] };
    const limitsUrl = `/api/v1/admin/customers/${docs.find((d) => d.stockCode === code)?.customer.id}/hold-limits`;
    const before = (await (await admin.request.get(limitsUrl)).json()) as { holdExtendAllowed: boolean };
    await admin.goto('/admin/customers');
    await admin.getByRole('searchbox', { name: 'Search customers' }).fill('trader@facet');
    await admin.getByRole('button', { name: 'Approved' }).click();
    await admin.getByRole('row').filter({ hasText: TRADER.email }).getByRole('button', { expanded: false }).click();
    const details = admin.getByRole('region', { name: /Details of/ });
    const extendOnce = details.getByRole('checkbox', { name: 'May extend a hold once' });
    await expect(extendOnce).toBeChecked({ checked: before.holdExtendAllowed });
    await expect(details.getByRole('spinbutton', { name: 'Most holds at once' })).toHaveValue(/^\d+$/);
    await extendOnce.setChecked(!before.holdExtendAllowed);
    await details.getByRole('button', { name: 'Save hold limits' }).click();
    await expect(details.getByRole('status')).toContainText('Hold limits of');
    await axeClean(admin, `admin customer hold limits (${name})`);
    await openStone();
    await expect(detail.getByRole('button', { name: 'Extend' })).toHaveCount(before.holdExtendAllowed ? 0 : 1);
    expect((await admin.request.put(limitsUrl, { data: before })).status()).toBe(200);

    // the holder releases it
    await holder.evaluate(() => window.scrollTo(0, 0));
    await detail.getByRole('button', { name: 'Release' }).click();
    await expect(detail.getByRole('status')).toHaveText('Hold released');
    await expect(detail.getByRole('button', { name: 'Hold', exact: true })).toBeVisible();

    for (const p of [admin, holder, other]) await p.context().close();
  });
}
