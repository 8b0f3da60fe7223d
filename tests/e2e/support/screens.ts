/**
 * What the screenshot specs share: answering the cookie notice before the pictures (it would
 * cover part of every screen), the check that nothing runs off the side of the window, and
 * saving a picture into a folder under test-results/screenshots/.
 */
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { devices, expect } from '@playwright/test';
import { REMEMBER_COOKIE } from '../../../src/domain/cookie-notice.ts';

/** An iPhone 13 (390 x 844, touch, mobile viewport) for `test.use` or `browser.newContext`, in Chromium. */
const { defaultBrowserType: _webkit, ...iPhone13 } = devices['iPhone 13'];
export const IPHONE_13 = iPhone13;
export const DESKTOP = { viewport: { width: 1440, height: 900 } };
/** The two sizes every screen is checked at, named as the screenshots are. */
export const BOTH_SIZES = [
  ['1440', DESKTOP],
  ['iphone13', IPHONE_13],
] as const;

/** The cookie notice was answered before: it stays hidden. */
export async function noCookieNotice(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: REMEMBER_COOKIE, value: '1', url: baseURL ?? '' }]);
}

/** How long a page may go without an animation frame before it is taken as stopped. */
const FRAME_WAIT_MS = 5_000;

/**
 * A tab Chromium's headless shell has stopped drawing: its scripts still run, but no animation
 * frame comes and a screenshot waits for ever (seen on the stock list, scrolled to its end, after
 * some twenty addresses loaded in one tab, with the CPU idle). A reload or a new tab draws again.
 */
export class FramesStopped extends Error {}

/**
 * Resolves two animation frames later: a scroll's layout and its observers have run. Throws
 * FramesStopped when no frame comes within FRAME_WAIT_MS, rather than waiting out the test.
 */
export async function nextFrames(page: Page): Promise<void> {
  const drawn = await page.evaluate(
    (ms) =>
      new Promise<boolean>((done) => {
        setTimeout(() => done(false), ms);
        requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
      }),
    FRAME_WAIT_MS,
  );
  if (!drawn) throw new FramesStopped(`${page.url()} drew no animation frame in ${FRAME_WAIT_MS} ms`);
}

/** The page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the page is ${overflow}px wider than the window`).toBeLessThanOrEqual(0);
}

/** Saves `{dir}/{name}.png` (Playwright creates the folder). */
export async function saveShot(page: Page, dir: string, name: string, fullPage = true): Promise<void> {
  if (fullPage) await stillFilms(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

/**
 * Pauses the page's videos (the home hero's films) where they are: a full-page picture of a
 * playing film took about twice as long on a loaded machine (9-11 s against 5-6 s at 1440).
 */
async function stillFilms(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('video').forEach((video) => video.pause()));
}

/** The home hero in its end state: skip the intro when it plays (desktop, first visit). */
export async function heroAtRest(page: Page): Promise<void> {
  const skip = page.locator('#welcome').getByRole('button', { name: 'Skip intro' });
  // the intro may end (hiding Skip) between the check and the click: never wait for it
  if (await skip.isVisible()) await skip.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('[data-hero]')).toHaveAttribute('data-step', 'complete', { timeout: 20_000 });
}

/**
 * What lies over `target` in the window: nothing (null), or a description of what does. The
 * whole box must be in the window, and the topmost element at its centre and at its four
 * inner corners must be the target itself or inside it.
 */
export async function coveredBy(target: Locator): Promise<string | null> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return 'it is not shown';
    if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) {
      return `it lies outside the window (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`;
    }
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 2, r.top + 2],
      [r.right - 2, r.top + 2],
      [r.left + 2, r.bottom - 2],
      [r.right - 2, r.bottom - 2],
    ];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x!, y!);
      if (hit && !el.contains(hit))
        return `${hit.tagName.toLowerCase()}.${hit.className} at ${Math.round(x!)},${Math.round(y!)}`;
    }
    return null;
  });
}
