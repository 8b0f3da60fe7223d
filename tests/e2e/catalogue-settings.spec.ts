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
  // the saved labels have loaded (the fields and Save stay disabled until then)
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

test('the availability fields wait for the saved labels, so loading them never replaces what the admin typed', async ({
  page,
  keep,
}) => {
  const before = await keep.availability();
  expect((await page.request.post('/api/v1/login', { data: ADMIN })).status()).toBe(200);
  const { docs } = (await (await page.request.get(LIST)).json()) as { docs: { _id: number }[] };
  const saved = { ...before, diamond_available_now: 'Saved before the page opened' };
  const patched = await page.request.patch(`/api/v1/configs/${docs[0]!._id}`, {
    data: { type: 'diamond_available', fields: saved },
  });
  expect(patched.status()).toBe(200);

  // every read of the saved labels is held until the test lets it through
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname === '/api/v1/configs',
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      held += 1;
      await gate;
      await route.continue();
    },
  );
  await page.goto('/admin/settings');
  const toggle = page.getByRole('button', { name: 'Diamonds Availability' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => held).toBeGreaterThan(0);
  const now = page.getByRole('textbox', { name: /Available now/ });
  // while the labels load the admin cannot type into the defaults, nor save them
  await expect(now).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Loading…' })).toBeDisabled();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screenshots/admin-settings-loading.png' });

  release();
  await expect(now).toBeEnabled();
  await expect(now).toHaveValue('Saved before the page opened');
  await now.fill('Typed after the load');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your settings have been saved' })).toBeVisible();
  const after = (await (await page.request.get(LIST)).json()) as { docs: { fields: Record<string, string> }[] };
  expect(after.docs[0]?.fields.diamond_available_now).toBe('Typed after the load');
});
