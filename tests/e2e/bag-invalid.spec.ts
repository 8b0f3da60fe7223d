/**
 * Invalid bag quantities: a parcel's weight above the parcel, '1e2' or a
 * negative number is never priced into the total, the line says why beside the quantity, and
 * SEND REQUEST stays disabled until every line is valid again.
 */
import { expect, test } from './support/test.ts';
import { addByApi, pickStones, signInAs } from './bag-support.ts';
import { createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';

test('an invalid parcel quantity blocks SEND REQUEST with a message by the line', async ({ page, baseURL }) => {
  const email = uniqueEmail('bag-invalid'); // a bag of its own: other specs send the demo trader's
  await createApprovedCustomer(baseURL ?? '', email, GOOD_PASSWORD);
  await signInAs(page, email, GOOD_PASSWORD);
  const { single, parcel } = await pickStones(page, 1);
  await addByApi(page, single, parcel);

  await page.goto('/diamonds/bag');
  const row = page.locator(`[data-bag-line="${parcel._id}"]`);
  const qty = row.getByRole('spinbutton');
  const total = page.getByTestId('bag-total');
  const send = page.getByRole('button', { name: 'Send Request' });
  await expect(qty).toHaveValue('0.01');
  await expect(total).toHaveText(/^£[\d,]+\.\d\d$/);
  const valid = await total.innerText();
  await expect(send).toBeEnabled();

  for (const [typed, message] of [
    ['1e2', 'Weight cannot be above the parcel weight'],
    ['-1', 'Quantity must be above 0'],
    ['99999', 'Weight cannot be above the parcel weight'],
    ['0.015', 'Weight is in steps of 0.01 ct'],
  ] as const) {
    await qty.fill(typed);
    await expect(row.getByRole('alert')).toHaveText(message);
    await expect(qty).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId(`bag-price-${parcel._id}`)).toHaveText('-');
    await expect(total).toHaveText('-');
    await expect(send).toBeDisabled();
    await expect(page.getByText(/Correct the quantity of 1 line/)).toBeVisible();
  }

  await qty.fill('0.01');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await expect(total).toHaveText(valid);
  await expect(send).toBeEnabled();

  // the invalid quantity never reached the server: the bag there kept the last valid one
  await qty.fill('1e2');
  await expect(send).toBeDisabled();
  await page.reload();
  await expect(row.getByRole('spinbutton')).toHaveValue('0.01');
});
