/**
 * The account's "Your requests" table reads the API's own answer: a request whose parcel is
 * priced by items has no total (totalPrice null), which the table shows as 'N/A'; the request's
 * own address (#request-N) opens it in view, clear of the sticky header. The
 * customer is made for this test, so no other test's bag or requests are touched.
 */
import { createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { coveredBy } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { addByApi, pickStones, signInAs } from './bag-support.ts';

test("a request with a parcel priced by items shows its total as 'N/A' in the account", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('items-total');
  await createApprovedCustomer(baseURL ?? '', email, GOOD_PASSWORD);
  await signInAs(page, email, GOOD_PASSWORD);
  const { parcel } = await pickStones(page);
  await addByApi(page, parcel);

  await page.goto('/diamonds/bag');
  const parcelRow = page.locator(`[data-bag-line="${parcel._id}"]`);
  await parcelRow.getByText('Items', { exact: true }).click();
  await expect(page.getByTestId('bag-total')).toHaveText('N/A');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Your Request has been sent successfully.')).toBeVisible();

  const answer = await page.request.get('/api/v1/profile/bagRequests');
  const { docs } = (await answer.json()) as { docs: { _id: number; totalPrice: number | null }[] };
  expect(docs).toHaveLength(1);
  expect(docs[0]?.totalPrice).toBeNull();

  await page.goto('/my-account');
  const requests = page.getByRole('region', { name: 'Your requests' });
  const row = requests.getByRole('row').filter({ hasText: `#${docs[0]?._id}` });
  await expect(row.getByRole('cell').nth(3)).toHaveText('N/A');

  // the link of each step's e-mail, opened directly, brings the request into view below the header
  await page.goto(`/my-account/?tab=requests#request-${docs[0]?._id}`);
  const heading = page.getByRole('heading', { name: `Request #${docs[0]?._id}` });
  await expect(heading).toBeInViewport();
  await expect.poll(() => coveredBy(heading)).toBeNull();
});
