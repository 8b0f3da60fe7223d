/**
 * The Content-Security-Policy allows no inline script but by hash: every
 * page's inline scripts (Astro's island loader among them) still run, so the islands hydrate,
 * and the browser reports no violation, for a visitor, a trader and an admin.
 */
import type { Page } from '@playwright/test';
import { ADMIN, TRADER, loginFromHeader } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

const PUBLIC_PAGES = [
  '/',
  '/diamonds/all',
  '/news',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/terms-and-conditions',
  '/reset/not-a-token',
];

/** Collects the CSP violations the page reports, from the DOM event and the console. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

async function visit(page: Page, path: string, seen: string[]) {
  const response = await page.goto(path);
  const csp = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, path).not.toContain('unsafe-inline');
  expect(seen, `${path}: ${seen.join('\n')}`).toEqual([]);
}

test('every page runs its inline scripts under a policy without unsafe-inline', async ({ page }) => {
  test.setTimeout(90_000); // eight pages, each waiting for its islands to hydrate
  const seen = watchViolations(page);
  for (const path of PUBLIC_PAGES) await visit(page, path, seen);
});

test('the signed-in areas run under it too', async ({ page }) => {
  const seen = watchViolations(page);
  await page.goto('/about-us');
  await loginFromHeader(page, TRADER.email, TRADER.password);
  await visit(page, '/my-account', seen);
  await visit(page, '/diamonds/all', seen);
  await page.context().clearCookies();
  await page.goto('/about-us');
  await loginFromHeader(page, ADMIN.email, ADMIN.password);
  await visit(page, '/admin', seen);
  await expect(page.getByRole('navigation').first()).toBeVisible();
});
