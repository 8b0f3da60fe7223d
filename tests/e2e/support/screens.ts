/**
 * What the screenshot specs share: answering the cookie notice before the pictures (it would
 * cover part of every screen), the check that nothing runs off the side of the window, and
 * saving a picture into a folder under test-results/screenshots/.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { REMEMBER_COOKIE } from '../../../src/islands/cookie-notice/rules.ts';

/** The cookie notice was answered before: it stays hidden. */
export async function noCookieNotice(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: REMEMBER_COOKIE, value: '1', url: baseURL ?? '' }]);
}

/** The page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the page is ${overflow}px wider than the window`).toBeLessThanOrEqual(0);
}

/** Saves `{dir}/{name}.png` (Playwright creates the folder). */
export async function saveShot(page: Page, dir: string, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}
