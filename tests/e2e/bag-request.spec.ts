/**
 * The bag in a real browser: a signed-in trader adds a single and a parcel, switches the
 * parcel to items (total N/A) and back, ticks Alternatives to all items, writes notes, sends,
 * sees both messages, finds the request in their account (API and /my-account), and the staff e-mail arrives
 * through the SMTP capture with the priced items.
 */
import { expect, test } from './support/test.ts';
import { waitForMail } from './support/mail.ts';
import { TRADER } from './support/accounts.ts';
import { addByApi, emptyBag, pickStones, signInAs } from './bag-support.ts';

const STAFF = process.env.STAFF_EMAIL ?? 'staff@facet.trade';

test('a trader sends a priced bag request and staff receive it', async ({ page, keep }) => {
  test.setTimeout(60_000);
  await keep.bag(TRADER); // the demo trader's bag, put back after the test (sending empties it)
  await signInAs(page, TRADER.email, TRADER.password);
  await emptyBag(page);
  const { single, parcel } = await pickStones(page);
  await addByApi(page, single, parcel);
  const startedAt = Date.now();

  await page.goto('/diamonds/bag');
  await expect(page).toHaveTitle(/ - Bag$/);
  const singleRow = page.locator(`[data-bag-line="${single._id}"]`);
  const parcelRow = page.locator(`[data-bag-line="${parcel._id}"]`);
  await expect(singleRow).toContainText(single.StkCodeCalcNS);
  await expect(parcelRow).toContainText(parcel.StkCodeCalcNS);
  await expect(parcelRow.getByRole('spinbutton')).toHaveValue('0.01');
  const total = page.getByTestId('bag-total');
  await expect(total).toHaveText(/^£[\d,]+\.\d\d$/);
  const before = await total.innerText();

  // weight steps of 0.01 ct: one step up
  await parcelRow.getByRole('button', { name: /More of/ }).click();
  await expect(parcelRow.getByRole('spinbutton')).toHaveValue('0.02');

  // items: quantity 1, price and total N/A; back to weight: 0.01 ct and a total again
  await parcelRow.getByText('Items', { exact: true }).click();
  await expect(parcelRow.getByRole('spinbutton')).toHaveValue('1');
  await expect(page.getByTestId(`bag-price-${parcel._id}`)).toHaveText('N/A');
  await expect(total).toHaveText('N/A');
  await parcelRow.getByText('Weight', { exact: true }).click();
  await expect(parcelRow.getByRole('spinbutton')).toHaveValue('0.01');
  await expect(total).toHaveText(before);

  await page.getByLabel('Alternatives to all items').check();
  for (const row of [singleRow, parcelRow]) await expect(row.getByRole('checkbox')).toBeChecked();
  await page.getByLabel('Order Notes').fill('On approval please, by Friday.');

  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Don’t close your navigator or an error could occur')).toBeVisible();
  await expect(page.getByText('Your Request has been sent successfully.')).toBeVisible();
  // the reply replaced the signed-in user: the bag is now empty
  await expect(page.getByRole('heading', { name: 'Your Bag Is Currently Empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go shop' })).toHaveAttribute('href', '/diamonds/all');

  const list = await page.request.get('/api/v1/profile/bagRequests');
  const { docs } = (await list.json()) as {
    docs: {
      orderNotes: string;
      acceptsAnyAlternatives: boolean;
      totalPrice: number;
      ccy: string;
      items: { stockCode: string; acceptsAlternatives: boolean }[];
    }[];
  };
  const sent = docs[0];
  expect(sent).toMatchObject({
    orderNotes: 'On approval please, by Friday.',
    acceptsAnyAlternatives: true,
    ccy: 'GBP',
  });
  expect(sent?.items.map((i) => i.stockCode).sort()).toEqual([single.StkCodeCalcNS, parcel.StkCodeCalcNS].sort());
  expect(`£${sent?.totalPrice.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`).toBe(before);

  // ... and in the account area
  await page.goto('/my-account');
  const requests = page.getByRole('region', { name: 'Your requests' });
  await expect(requests.getByRole('row').filter({ hasText: before })).toBeVisible();

  const mail = await waitForMail(STAFF, /bag request/i, startedAt - 1000);
  expect(mail.body).toContain(single.StkCodeCalcNS);
  expect(mail.body).toContain(parcel.StkCodeCalcNS);
  expect(mail.body).toContain(before);
  expect(mail.body).toContain('On approval please, by Friday.');
  const copy = await waitForMail('trader@facet.trade', /request/i, startedAt - 1000);
  expect(copy.body).toContain(parcel.StkCodeCalcNS);
});

test('visitors at /diamonds/bag are asked to sign in', async ({ page }) => {
  await page.goto('/diamonds/bag');
  await expect(page.getByRole('heading', { name: 'Sign in to see your bag' })).toBeVisible();
});
