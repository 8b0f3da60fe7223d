/**
 * The cookie notice: shown for a listed country and for an unknown
 * one, hidden for an unlisted one; Got it! stores the remember cookie (365 days) and the
 * notice stays away after a reload. The country comes from the proxy header cf-ipcountry.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { nextFrames } from './support/screens.ts';

const notice = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });

/**
 * The notice has had its chance to show: the page's requests are done (the geo answer among
 * them) and two frames have been painted since, so React has rendered what it decided.
 */
async function answered(page: Page) {
  await page.waitForLoadState('networkidle');
  await nextFrames(page);
}

async function visit(page: Page, path = '/about-us') {
  const geo = page.waitForResponse((r) => r.url().includes('/api/v1/geo'));
  await page.goto(path);
  return (await geo).json() as Promise<{ country: string | null }>;
}

test('a visitor from a listed country (DE) sees the notice and can open the cookie policy', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'DE' });
  expect(await visit(page)).toEqual({ country: 'DE' });
  await expect(notice(page)).toBeVisible();
  await notice(page).getByRole('button', { name: 'Read our cookie policy' }).click();
  await expect(page.getByRole('dialog', { name: 'Our Cookie Policy' })).toBeVisible();
});

test('a visitor from an unlisted country (US) does not see it', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'US' });
  expect(await visit(page)).toEqual({ country: 'US' });
  await answered(page);
  await expect(notice(page)).toHaveCount(0);
});

test('an unknown country (no header) shows it; Got it! stores the cookie for 365 days and it stays hidden', async ({
  page,
  context,
}) => {
  expect(await visit(page)).toEqual({ country: null });
  await expect(notice(page)).toBeVisible();
  await notice(page).getByRole('button', { name: 'Got it!' }).click();
  await expect(notice(page)).toHaveCount(0);

  const cookie = (await context.cookies()).find((c) => c.name === 'facet_cookie_notice');
  expect(cookie).toBeDefined();
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);

  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(notice(page)).toHaveCount(0);
});

test('the no-layout mode (?layout=none) hides the header, footer and cookie notice', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'DE' });
  await page.goto('/faqs?layout=none');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await page.waitForLoadState('networkidle');
  await expect(notice(page)).toHaveCount(0);
});
