/**
 * Screenshots of the bag and test-page screens, at 1440 x 900 and on an iPhone 13, each checked for sideways scrolling: the bag page with its currency selector and
 * a line whose quantity is invalid (SEND REQUEST blocked, the reason by the line), and the
 * catalogue's test page.
 */
import { devices } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { addByApi, pickStones, signInAs } from './bag-support.ts';
import { createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';

const SHOTS = 'test-results/screenshots/fit-and-finish';

for (const phone of [false, true]) {
  const size = phone ? 'phone' : 'desktop';
  test(`bag page: currency selector and a blocked invalid line (${size})`, async ({ browser, baseURL }) => {
    test.slow();
    const context = await browser.newContext(
      phone ? { ...devices['iPhone 13'], baseURL } : { viewport: { width: 1440, height: 900 }, baseURL },
    );
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    const email = uniqueEmail(`shots-${size}`);
    await createApprovedCustomer(baseURL ?? '', email, GOOD_PASSWORD);
    await signInAs(page, email, GOOD_PASSWORD);
    const { single, parcel } = await pickStones(page, 3);
    await addByApi(page, single, parcel);
    await page.goto('/diamonds/bag');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await expect(page.getByTestId('bag-total')).toHaveText(/^€/);
    await page.locator(`[data-bag-line="${parcel._id}"]`).getByRole('spinbutton').fill('999');
    await expect(page.getByRole('button', { name: 'Send Request' })).toBeDisabled();
    await expectNoSidewaysScroll(page, 'bag');
    await saveShot(page, SHOTS, `bag-invalid-currency-${size}`);
    await context.close();
  });

  test(`catalogue test page (${size})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext(
      phone ? { ...devices['iPhone 13'], baseURL } : { viewport: { width: 1440, height: 900 }, baseURL },
    );
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    await page.goto('/diamonds/test');
    await expect(page.getByRole('heading', { name: 'Catalogue routes' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'test page');
    await saveShot(page, SHOTS, `diamonds-test-${size}`);
    await context.close();
  });
}
