/**
 * A stone's page as a buyer meets it: the 360 toggle of a stone without a 360 set says
 * Coming Soon about the stone, not under the login dialog's "Trade account" line.
 */
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
