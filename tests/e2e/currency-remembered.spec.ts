/**
 * The chosen currency is remembered: a trader picks EUR in the stock list;
 * it survives a reload, shows on the stone's page and the bag page (which has its own
 * selector), follows the account into a fresh browser, and the request goes in EUR.
 */
import { expect, test } from './support/test.ts';
import { addByApi, pickStones } from './bag-support.ts';
import { createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';

const EURO = /^€[\d,]+\.\d\d$/;

test('the chosen currency follows the trader to every page, the bag and the request', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // an account of its own (register, verify, approve), two browsers
  const email = uniqueEmail('ccy');
  await createApprovedCustomer(baseURL ?? '', email, GOOD_PASSWORD);
  expect((await page.request.post('/api/v1/login', { data: { email, password: GOOD_PASSWORD } })).status()).toBe(200);
  const { single, parcel } = await pickStones(page, 2);

  await page.goto('/diamonds/all');
  const select = page.getByRole('combobox', { name: 'Currency' });
  await expect(select).toBeEnabled();
  await expect(select).toHaveValue('GBP');
  await select.selectOption('EUR');
  const firstPrice = page.locator('.cat-table td[data-label="PRICE"]').first();
  await expect(firstPrice).toHaveText(EURO);
  await expect
    .poll(async () => ((await (await page.request.get('/api/v1/me')).json()) as { user: { ccy: string } }).user.ccy)
    .toBe('EUR');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  await expect(firstPrice).toHaveText(EURO);

  await page.goto(`/diamonds/${single._id}/details`);
  await expect(page.getByTestId('stone-price')).toHaveText(EURO);

  await addByApi(page, single, parcel);
  await page.goto('/diamonds/bag');
  const bagSelect = page.getByRole('combobox', { name: 'Currency' });
  await expect(bagSelect).toHaveValue('EUR');
  await expect(page.getByTestId('bag-total')).toHaveText(EURO);
  await expect(page.getByTestId(`bag-price-${single._id}`)).toHaveText(EURO);

  // another browser: the choice lives with the account
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  expect((await second.request.post('/api/v1/login', { data: { email, password: GOOD_PASSWORD } })).status()).toBe(200);
  await second.goto('/diamonds/bag');
  await expect(second.getByTestId('bag-total')).toHaveText(EURO);
  await other.close();

  // the bag page's own selector: USD, and the request goes in USD
  await bagSelect.selectOption('USD');
  await expect(page.getByTestId('bag-total')).toHaveText(/^\$[\d,]+\.\d\d$/);
  const total = await page.getByTestId('bag-total').innerText();
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('heading', { name: 'Your Bag Is Currently Empty' })).toBeVisible();
  const { docs } = (await (await page.request.get('/api/v1/profile/bagRequests')).json()) as {
    docs: { ccy: string; totalPrice: number }[];
  };
  expect(docs[0]?.ccy).toBe('USD');
  expect(`$${docs[0]?.totalPrice.toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(total);
});
