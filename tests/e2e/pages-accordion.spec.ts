/**
 * FAQ, terms and privacy are accordions (spec: first panel open, only one open at a time),
 * each with its browser title; axe finds no serious or critical violation on FAQ and About.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { expect, test } from './support/test.ts';

const SITE_NAME = process.env.PUBLIC_SITE_NAME ?? 'Facet Trade';

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const panelButtons = (page: Page) => page.getByRole('main').getByRole('button');
const regions = (page: Page) => page.getByRole('main').getByRole('region');

test('the FAQ opens its first panel and keeps only one panel open', async ({ page }) => {
  await page.goto('/faqs');
  await expect(page).toHaveTitle(`${SITE_NAME} - Frequently Asked Questions`);
  const buttons = panelButtons(page);
  expect(await buttons.count()).toBeGreaterThan(2);
  await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'false');
  await expect(regions(page)).toHaveCount(1);

  await buttons.nth(2).click();
  await expect(buttons.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(regions(page)).toHaveCount(1);
  const third = await buttons.nth(2).innerText();
  await expect(page.getByRole('region', { name: third })).toBeVisible();

  await buttons.nth(2).click();
  await expect(regions(page)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

for (const [path, title] of [
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
] as const) {
  test(`${path} is an accordion titled ${title}`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(`${SITE_NAME} - ${title}`);
    await expect(panelButtons(page).first()).toHaveAttribute('aria-expanded', 'true');
    await expect(regions(page)).toHaveCount(1);
  });
}

test('About Us shows its sections and the register form, with no serious accessibility issue', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page).toHaveTitle(`${SITE_NAME} - About Us`);
  await expect(page.getByRole('button', { name: 'Start Registration' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('/labgrowndiamonds goes to the lab-grown list', async ({ page }) => {
  await page.goto('/labgrowndiamonds');
  await expect(page).toHaveURL(/\/diamonds\/all\/lab-grown$/);
});
