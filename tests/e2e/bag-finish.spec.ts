/**
 * The bag as a trader sends it: Sending while the request is on its way, Success only once the
 * server took it (then a link to the request in the account), the server's reason when it
 * refused; a press before the rates have arrived waits for them; a parcel's count bounded by its
 * own stock, in the form and by the API.
 */
import { TRADER } from './support/accounts.ts';
import { hold } from './support/hold.ts';
import { DESKTOP, IPHONE_13, noCookieNotice, saveShot } from './support/screens.ts';
import type { Locator, PlaywrightTestArgs, PlaywrightTestOptions } from '@playwright/test';
import type { Keep } from './support/shared-state.ts';
import { expect, test } from './support/test.ts';
import { addByApi, emptyBag, pickStones, signInAs } from './bag-support.ts';
import { limitsOfDoc } from '../../src/domain/bag/lines.ts';

const SHOTS = 'test-results/screenshots/bag';
const SENT = 'Your Request has been sent successfully.';
const isSend = (u: URL) => u.pathname === '/api/v1/profile/bagRequest';
const isLine = (u: URL) => /^\/api\/v1\/profile\/bag\/\d+$/.test(u.pathname);
/** Whether the element shows in the window with nothing over it, at either end of its first line. */
const inSight = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const y = r.top + Math.min(r.height / 2, 10);
    return [r.left + 2, r.right - 2].every((x) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && el.contains(hit);
    });
  });

type BagFixtures = Pick<PlaywrightTestArgs & PlaywrightTestOptions, 'page' | 'context' | 'baseURL'> & { keep: Keep };

/** The trader signed in on `page` with an empty bag (put back after the test), the cookie notice answered. */
async function emptyTraderBag({ page, context, baseURL, keep }: BagFixtures): Promise<void> {
  await noCookieNotice(context, baseURL);
  await keep.bag(TRADER);
  await signInAs(page, TRADER.email, TRADER.password);
  await emptyBag(page);
}

/** The same, with the `skip`-th priced single in the bag. */
async function traderBagWithSingle(f: BagFixtures, skip: number) {
  await emptyTraderBag(f);
  const { single } = await pickStones(f.page, skip);
  await addByApi(f.page, single);
  return single;
}

for (const [size, use] of [
  ['1440', DESKTOP],
  ['iphone13', IPHONE_13],
] as const) {
  test.describe(`(${size})`, () => {
    test.use(use);

    test(`Success shows only once the request is taken, then the bag links to it in the account (${size})`, async ({
      page,
      context,
      baseURL,
      keep,
    }) => {
      test.slow();
      // a sent request claims its single stones: each size sends a stone of its own
      await traderBagWithSingle({ page, context, baseURL, keep }, size === '1440' ? 4 : 6);
      const held = await hold(page, isSend);
      await page.goto('/diamonds/bag');
      await page.getByRole('button', { name: 'Send Request' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Sending' })).toBeVisible();
      await expect(page.getByText(SENT)).toHaveCount(0);
      await held.release();
      await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
      const link = page.getByRole('link', { name: 'See it in your account' });
      await expect(link).toHaveAttribute('href', /^\/my-account#request-\d+$/);
      const id = (await link.getAttribute('href'))!.split('-').pop();
      await saveShot(page, SHOTS, `bag-sent-${size}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/my-account#request-${id}$`));
      // the request's row, opened at its answers
      await expect(page.locator(`#request-${id}`)).toBeVisible();
      await expect(page.getByRole('button', { name: `Close request #${id}` })).toBeVisible();
    });

    test(`a parcel's count stops at the stones it holds, with the limit by the line in sight (${size})`, async ({
      page,
      context,
      baseURL,
      keep,
    }) => {
      await emptyTraderBag({ page, context, baseURL, keep });
      // another parcel first: the line is the second, below the fold on a phone
      const { parcel } = await pickStones(page, 6);
      await addByApi(page, (await pickStones(page, 7)).parcel, parcel);
      const { bag } = (await (await page.request.get('/api/v1/profile/bag')).json()) as {
        bag: { stock: Parameters<typeof limitsOfDoc>[0] }[];
      };
      const limit = limitsOfDoc(bag[1]!.stock).items;
      await page.goto('/diamonds/bag');
      const line = page.locator(`[data-bag-line="${parcel._id}"]`);
      // the switch is saved a moment after the press, alone or with a count typed meanwhile:
      // listened for before the press, however long the page takes to show the count
      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && isLine(new URL(r.url())));
      await line.getByText('Items', { exact: true }).click();
      const count = line.getByRole('spinbutton');
      await expect(count).toHaveValue('1');
      await expect(count).toHaveAttribute('max', String(limit));
      // scrolled as far as shows the count at the foot of the window, as a buyer reaching it does
      await count.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await count.fill('999999999');
      const tooMany = `Parcel ${parcel.StkCodeCalcNS} holds at most ${limit.toLocaleString('en-GB')} stones`;
      await expect(line.getByRole('alert')).toHaveText(tooMany);
      await expect(page.getByRole('button', { name: 'Send Request' })).toBeDisabled();
      // the switch to Items reaches the server without the count it cannot take: its answer leaves
      // the count on screen as typed, with its limit, for the buyer to mend
      await saved;
      await expect(count).toHaveValue('999999999');
      await expect(line.getByRole('alert')).toHaveText(tooMany);
      // the limit is in the window and nothing fixed (Message us, the cookie notice) lies over it
      await expect.poll(() => inSight(line.getByRole('alert'))).toBe(true);
      await saveShot(page, SHOTS, `bag-parcel-limit-${size}`, false);
      await count.fill(String(limit));
      await expect(line.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Send Request' })).toBeEnabled();
    });
  });
}

test.describe('at 1440', () => {
  test.use(DESKTOP);

  test('a refused request shows the server’s reason, never Success', async ({ page, context, baseURL, keep }) => {
    const single = await traderBagWithSingle({ page, context, baseURL, keep }, 5);
    await page.route(
      (u) => isSend(u),
      (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ errors: { msg: 'One of the stones in your bag has just been sold' } }),
        }),
    );
    await page.goto('/diamonds/bag');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'One of the stones in your bag has just been sold' }),
    ).toBeVisible();
    await expect(page.getByText(SENT)).toHaveCount(0);
    await expect(page.locator(`[data-bag-line="${single._id}"]`)).toBeVisible();
  });

  test('a press before the exchange rates have arrived waits for them, then sends', async ({
    page,
    context,
    baseURL,
    keep,
  }) => {
    await traderBagWithSingle({ page, context, baseURL, keep }, 7);
    // the page's own answer of GET /site (the rates) held: the bag shows the server's prices meanwhile
    const site = await hold(page, (u) => u.pathname === '/api/v1/site');
    await page.goto('/diamonds/bag');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sending' })).toBeVisible();
    await site.release();
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be sent' })).toHaveCount(0);
  });
});
