/**
 * The admin 'Diamonds Availability' settings: the
 * accordion's three texts are saved with 'Your settings have been saved', the accordion
 * collapses, and the list's availability labels follow. The labels are put back after the
 * test, passed or failed (the `keep` fixture): every other spec shares them.
 */
import { expect, test } from './support/test.ts';
import { ADMIN } from './support/accounts.ts';

const LIST = '/api/v1/configs?fields=type&filter=diamond_available';

test('an admin renames an availability label and the catalogue uses it', async ({ page, keep }) => {
  const before = await keep.availability();
  expect(before.diamond_available_now).not.toBe('Same day dispatch');
  expect((await page.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
  await page.goto('/admin/settings');
  const toggle = page.getByRole('button', { name: 'Diamonds Availability' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const now = page.getByRole('textbox', { name: /Available now/ });
  // the saved labels have loaded (until then the form shows the defaults, and loading them
  // replaces whatever was typed; Save stays disabled while they load)
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(now).not.toHaveValue('');
  await now.fill('Same day dispatch');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your settings have been saved' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  const after = (await (await page.request.get(LIST)).json()) as { docs: { fields: Record<string, string> }[] };
  expect(after.docs[0]?.fields.diamond_available_now).toBe('Same day dispatch');

  await page.goto('/diamonds/all');
  await expect(page.locator('.cat-table td[data-label="AVAILABILITY"]').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Same day dispatch' }).first()).toBeVisible();
});
