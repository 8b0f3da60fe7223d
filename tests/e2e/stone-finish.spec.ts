/**
 * A stone's page as a buyer meets it: the 360 toggle of a stone without a 360 set says
 * Coming Soon about the stone, not under the login dialog's "Trade account" line.
 */
import { TRADER } from './support/accounts.ts';
import { catalogueDocs } from './support/catalogue.ts';
import { DESKTOP, noCookieNotice, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

test.use(DESKTOP);

test('the 360 "Coming Soon" dialog is about the stone, not the trade account', async ({ page, context, baseURL }) => {
  await noCookieNotice(context, baseURL);
  const docs = await catalogueDocs<{ _id: number; has360?: true }>(page);
  const stone = docs.find((d) => !d.has360);
  expect(stone, 'a stone without a 360 set').toBeTruthy();
  await page.goto(`/diamonds/${stone!._id}/details`);
  await page.getByRole('button', { name: /360 view/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Coming Soon' });
  await expect(dialog.getByText('A 360° view of this stone is coming soon.')).toBeVisible();
  await expect(dialog.getByText(/trade account/i)).toHaveCount(0);
  await expect(dialog.getByText('360° view', { exact: true })).toBeVisible();
  await saveShot(page, 'test-results/screenshots/stone', 'coming-soon-360-1440', false);
});

test("a parcel favourite's 'More … stones' opens the Parcels tab", async ({ page, context, baseURL }) => {
  await noCookieNotice(context, baseURL);
  expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  const docs = await catalogueDocs<{ _id: number; StkCatType: string; StkShape: string }>(page);
  const parcel = docs.find((d) => d.StkCatType === 'Multiple Items');
  expect(parcel, 'a parcel in stock').toBeTruthy();
  const before = ((await (await page.request.get('/api/v1/profile/favourites')).json()) as { ids: number[] }).ids;
  expect((await page.request.put(`/api/v1/profile/favourites/${parcel!._id}`)).status()).toBe(200);
  try {
    await page.goto('/diamonds/fav');
    const fav = page.getByRole('list', { name: 'Favourite diamonds' });
    const row = fav.getByRole('listitem').filter({ has: page.locator(`a[href="/diamonds/${parcel!._id}/details"]`) });
    await row.getByRole('link', { name: /^More .* stones$/ }).click();
    await expect(page.getByRole('tab', { name: /Parcels/ })).toHaveAttribute('aria-selected', 'true');
  } finally {
    if (!before.includes(parcel!._id)) await page.request.delete(`/api/v1/profile/favourites/${parcel!._id}`);
  }
});
