/**
 * The list's questions: choosing a shape while a code search is
 * set asks 'Clear your code'; a signed-in user's remembered answer is saved with
 * PATCH /api/v1/profile/updateDialogSettings and answers the next time without asking.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ADMIN } from './support/accounts.ts';

const stoneRows = (page: Page) => page.locator('.cat-table tbody tr:not(.cat-detail-row):not(.cat-skeleton)');

async function searchFor(page: Page, q: string) {
  const search = page.getByRole('searchbox', { name: 'Search by stock code' });
  await search.fill(q);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${q}`));
}

test('a shape chosen during a code search asks Clear your code; Yes clears the search', async ({ page }) => {
  await page.goto('/diamonds/all');
  await expect(stoneRows(page).first()).toBeVisible();
  await searchFor(page, '00');
  await page.getByRole('button', { name: 'Round', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear your code' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Remember my choice' })).toHaveCount(0); // visitors: nothing to remember
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/shape=round/);
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('searchbox', { name: 'Search by stock code' })).toHaveValue('');
});

test('a remembered No is saved for a signed-in user and asked no more', async ({ page, keep }) => {
  await keep.profileSettings(ADMIN); // the remembered answer goes again after the test
  const login = await page.request.post('/api/v1/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  await page.goto('/diamonds/all');
  await expect(stoneRows(page).first()).toBeVisible();
  await searchFor(page, '00');
  await page.getByRole('button', { name: 'Oval', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear your code' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Remember my choice' }).check();
  const saved = page.waitForRequest(
    (r) => r.url().endsWith('/api/v1/profile/updateDialogSettings') && r.method() === 'PATCH',
  );
  await dialog.getByRole('button', { name: 'No' }).click();
  expect((await saved).postDataJSON()).toEqual({ settingName: 'resetSearch', settingValue: 'no' });
  await expect(page).toHaveURL(/shape=oval/);
  await expect(page).toHaveURL(/q=00/);

  await page.getByRole('button', { name: 'Pear', exact: true }).click();
  await expect(page).toHaveURL(/shape=oval%2Cpear|shape=oval,pear/);
  await expect(page.getByRole('dialog', { name: 'Clear your code' })).toHaveCount(0);
  const me = (await (await page.request.get('/api/v1/me')).json()) as {
    user: { dialogSettings: Record<string, string> };
  };
  expect(me.user.dialogSettings.resetSearch).toBe('no');
});
