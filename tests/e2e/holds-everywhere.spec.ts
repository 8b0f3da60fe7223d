/**
 * Holds wherever a trader meets a stone, at 1440 px and on an iPhone 13 (two traders in browser
 * contexts of their own, new approved customers, so no other spec's bag or lists meet theirs): the holder holds from favourites, compare and the bag and sees the
 * countdown in each, also in the bag drawer; the other trader sees "On hold" (and never who),
 * cannot hold it, asks to be told when it is free, and is refused in the bag with the stone
 * named while the bag keeps it; the holder releases one, turns another into a request in one
 * step ("Request it": the server's reason on a refusal, the request's link on success; the stone
 * then shows "In your request"), and finds both among the ended holds of the account's Holds tab with the reason each ended.
 * Every screen, scrolled to the bottom, passes axe; screenshots go to test-results/screenshots/holds.
 */
import type { Page } from '@playwright/test';
import { ADMIN, createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { axeClean, freeSingles, signedIn } from './support/holds.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { addByApi } from './bag-support.ts';

const SHOTS = 'test-results/screenshots/holds';
const COUNTDOWN = /\d{2}:\d{2}/;

test.describe.configure({ mode: 'serial' });

const put = async (page: Page, list: 'favourites' | 'compare', id: number) =>
  expect((await page.request.put(`/api/v1/profile/${list}/${id}`)).status()).toBe(200);

/** A hold button is a 44 px touch target on the phone. */
async function touchSized(page: Page, name: string) {
  const buttons = page.locator('.hold-control button:visible');
  const heights = await buttons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(heights.length, `${name}: hold buttons`).toBeGreaterThan(0);
  for (const h of heights) expect(h, `${name}: a hold button's height`).toBeGreaterThanOrEqual(44);
}

BOTH_SIZES.forEach(([name, size], index) => {
  test(`hold from favourites, compare and the bag; another trader sees On hold; release; request it; the Holds tab (${name})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL ?? '';
    const traders = [uniqueEmail('holder'), uniqueEmail('other')].map((email) => ({ email, password: GOOD_PASSWORD }));
    for (const t of traders) await createApprovedCustomer(base, t.email, t.password);
    const stones = freeSingles(3, index * 3);
    const [fav, cmp, bagged] = [stones[0]!, stones[1]!, stones[2]!];
    const holder = await signedIn(browser, size, traders[0]!, base);
    const other = await signedIn(browser, size, traders[1]!, base);
    const admin = await signedIn(browser, size, ADMIN, base);

    // favourites: hold, and see the countdown
    await put(holder, 'favourites', fav._id);
    await holder.goto('/diamonds/fav');
    const favRow = holder.locator('.fav-row').filter({ hasText: fav.StkCodeCalcNS });
    await favRow.getByRole('button', { name: 'Hold', exact: true }).click();
    await expect(favRow.getByRole('status')).toHaveText(`Stone ${fav.StkCodeCalcNS} is on hold for you`);
    await expect(favRow.getByText('Held for you')).toContainText(COUNTDOWN);

    // compare: hold another; the favourite's hold shows there too
    await put(holder, 'compare', fav._id);
    await put(holder, 'compare', cmp._id);
    await holder.goto('/diamonds/compare');
    const cmpCol = holder.locator(`[data-stone-id="${cmp._id}"]`);
    await cmpCol.getByRole('button', { name: 'Hold', exact: true }).click();
    await expect(cmpCol.getByText('Held for you')).toContainText(COUNTDOWN);
    await expect(holder.locator(`[data-stone-id="${fav._id}"]`).getByText('Held for you')).toContainText(COUNTDOWN);
    await expectNoSidewaysScroll(holder, `compare (${name})`);
    if (name === 'iphone13') await touchSized(holder, 'compare');
    await axeClean(holder, `compare with holds (${name})`);
    await saveShot(holder, SHOTS, `compare-${name}`);

    // the bag: hold a third; the drawer shows the countdown and the holder's actions as well
    await addByApi(holder, bagged);
    await holder.goto('/diamonds/bag');
    const bagLine = holder.locator(`[data-bag-line="${bagged._id}"]`);
    await bagLine.getByRole('button', { name: 'Hold', exact: true }).click();
    await expect(bagLine.getByText('Held for you')).toContainText(COUNTDOWN);
    if (name === 'iphone13') await touchSized(holder, 'bag');
    await holder.evaluate(
      (id) => document.dispatchEvent(new CustomEvent('facet:add-to-bag', { detail: { _id: id } })),
      fav._id,
    );
    const drawer = holder.getByRole('dialog', { name: /Your Bag/ });
    const drawerRow = drawer.locator(`[data-bag-row="${fav._id}"]`);
    await expect(drawerRow.getByText('Held for you')).toContainText(COUNTDOWN);
    await expect(drawerRow.getByRole('button', { name: `Request it ${fav.StkCodeCalcNS}` })).toBeVisible();
    await axeClean(holder, `bag drawer with holds (${name})`);
    await saveShot(holder, SHOTS, `bag-drawer-${name}`, false);
    await drawer.getByRole('button', { name: 'Close' }).click();

    // the other trader: "On hold" (never who), no Hold; asks to be told; refused in the bag, stone named
    await put(other, 'favourites', fav._id);
    await other.goto('/diamonds/fav');
    const theirRow = other.locator('.fav-row').filter({ hasText: fav.StkCodeCalcNS });
    await expect(theirRow.getByText('On hold', { exact: true })).toBeVisible();
    await expect(theirRow.getByRole('button', { name: 'Hold', exact: true })).toHaveCount(0);
    await expect(theirRow).not.toContainText(/Hopper|holder\./);
    await theirRow.getByRole('button', { name: 'Tell me when free' }).click();
    await expect(theirRow.getByRole('status')).toHaveText('We will e-mail you when it is free');
    await axeClean(other, `favourites, another's hold (${name})`);
    await saveShot(other, SHOTS, `favourites-other-${name}`);
    await addByApi(other, cmp);
    await other.goto('/diamonds/bag');
    const theirLine = other.locator(`[data-bag-line="${cmp._id}"]`);
    await expect(theirLine.getByText('On hold', { exact: true })).toBeVisible();
    await other.getByRole('button', { name: 'Send Request' }).click();
    await expect(other.getByText(`Stone ${cmp.StkCodeCalcNS} is on hold for another buyer`)).toBeVisible();
    await expect(theirLine).toContainText(cmp.StkCodeCalcNS);
    await axeClean(other, `bag refused (${name})`);
    await other.goto('/my-account/holds');
    const waiting = other.getByRole('region', { name: 'Tell me when free' });
    await expect(waiting.getByRole('listitem').filter({ hasText: fav.StkCodeCalcNS })).toContainText('On hold');

    // the holder releases the favourite
    await holder.goto('/diamonds/fav');
    await favRow.getByRole('button', { name: `Release ${fav.StkCodeCalcNS}` }).click();
    await expect(favRow.getByRole('status')).toHaveText('Hold released');
    await expect(favRow.getByRole('button', { name: 'Hold', exact: true })).toBeVisible();

    // Request it from the bag: the server's reason on a refusal, then the request's link
    await holder.goto('/diamonds/bag');
    await bagLine.getByRole('button', { name: `Request it ${bagged.StkCodeCalcNS}` }).click();
    const dialog = holder.getByRole('dialog', { name: `Request ${bagged.StkCodeCalcNS}` });
    await dialog.getByRole('radio', { name: 'Invoice' }).check();
    const refusal = 'The exchange rates have just changed. Please check the prices and send again.';
    await holder.route('**/api/v1/profile/bagRequest', (route) =>
      route.fulfill({ status: 409, json: { errors: { msg: 'rates_changed', options: { message: refusal } } } }),
    );
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(refusal);
    await holder.unroute('**/api/v1/profile/bagRequest');
    await axeClean(holder, `request it, refused (${name})`);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const sent = dialog.getByRole('status');
    await expect(sent).toContainText(/Your request #\d+ has been sent/);
    const link = sent.getByRole('link', { name: 'See it in your account' });
    await expect(link).toHaveAttribute('href', /^\/my-account#request-\d+$/);
    const requestId = Number((await link.getAttribute('href'))?.split('-').pop());
    await axeClean(holder, `request it, sent (${name})`);
    await saveShot(holder, SHOTS, `request-it-${name}`, false);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(holder.locator(`[data-bag-line="${bagged._id}"]`)).toHaveCount(0);
    await addByApi(holder, bagged);
    await holder.reload();
    await expect(bagLine.getByText('In your request')).toBeVisible();
    await expect(bagLine.getByRole('button', { name: 'Hold', exact: true })).toHaveCount(0);

    // the Holds tab: the running hold with its actions, the ended ones with their reasons
    await holder.goto('/my-account');
    await holder.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Holds' }).click();
    await expect(holder).toHaveURL(/\/my-account\/holds$/);
    const active = holder.getByRole('region', { name: 'Your holds' }).getByRole('listitem');
    const running = active.filter({ hasText: cmp.StkCodeCalcNS });
    await expect(running.getByText('Held for you')).toContainText(COUNTDOWN);
    await expect(running.getByRole('button', { name: `Request it ${cmp.StkCodeCalcNS}` })).toBeVisible();
    const ended = holder.getByRole('region', { name: 'Ended holds' }).getByRole('listitem');
    await expect(ended.filter({ hasText: bagged.StkCodeCalcNS })).toContainText('Turned into a request');
    await expect(ended.filter({ hasText: fav.StkCodeCalcNS }).first()).toContainText('Released');
    if (name === 'iphone13') await touchSized(holder, 'holds tab');
    await expectNoSidewaysScroll(holder, `holds tab (${name})`);
    await axeClean(holder, `holds tab (${name})`);
    await saveShot(holder, SHOTS, `holds-tab-${name}`);
    await running.getByRole('button', { name: `Release ${cmp.StkCodeCalcNS}` }).click();
    await expect(holder.getByRole('region', { name: 'Your holds' }).getByRole('status')).toHaveText('Hold released');
    await expect(ended.filter({ hasText: cmp.StkCodeCalcNS }).first()).toContainText('Released');

    // leave the stones free for other tests: the request cancelled, the watch dropped
    const cancel = await admin.request.patch(`/api/v1/admin/requests/${requestId}`, { data: { status: 'cancelled' } });
    expect(cancel.status()).toBe(200);
    expect((await other.request.delete(`/api/v1/holds/watch/${fav._id}`)).status()).toBe(204);
    for (const p of [holder, other, admin]) await p.context().close();
  });
});
