/**
 * Running the home hero's intro on the test's time: its timers run on Playwright's clock, and
 * the intro starts when the poster has loaded, so a test holds the pictures, stops the clock,
 * then lets the pictures through. From then on each step comes when the test moves time,
 * however busy the machine.
 */
import { expect, type Page } from '@playwright/test';

/** The page's clock now (Playwright's: it moves only when the test moves it once paused). */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => Date.now());

/** Stops the page's clock (a moment from now: pausing jumps forward to it); from then on only the test moves time. */
async function pauseSoon(page: Page): Promise<void> {
  // a busy machine may take longer than the moment between reading the time and pausing: read again
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.clock.pauseAt((await pageNow(page)) + 100);
    } catch (err) {
      if (attempt >= 5 || !/to the past/.test(String(err))) throw err;
    }
  }
}

/**
 * Holds the page's images until `release` is called: the intro starts when the poster has
 * loaded, so the test can stop the clock first and the whole timeline runs on the test's time.
 */
async function holdImages(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => /\.(avif|webp|png|jpe?g|svg)$/i.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * Opens the home page with its clock installed (`page.clock.install()` first) and starts the
 * intro on the test's time: the hero is loading until the poster arrives (`whileLoading` runs
 * then), the clock stops, and the intro starts once the pictures go through. The clock stays
 * paused: each later step comes when the test moves it.
 */
export async function openHomeOnTestClock(page: Page, whileLoading?: () => Promise<void>): Promise<void> {
  const releaseImages = await holdImages(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await whileLoading?.();
  const hero = page.locator('[data-hero]');
  await expect(hero).toHaveAttribute('data-step', 'loading');
  await pauseSoon(page);
  releaseImages();
  await expect(hero).toHaveAttribute('data-step', 'intro');
}
