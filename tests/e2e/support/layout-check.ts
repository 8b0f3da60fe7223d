/**
 * The fit-and-finish checks the route sweep makes on every address it loads (a11y-sweep.spec.ts):
 * scrolled to the bottom in steps of 80 % of the window, at every step the page must not scroll
 * sideways (document width within the window) and a fixed header must stay inside the window;
 * and no console error (React's hydration error #418 included) may appear while the page loads
 * and scrolls.
 *
 *   const errors = watchConsole(page, allowed);   // before the first load
 *   errors.length = 0;  await page.goto(path);  ...
 *   const trouble = await scrollTrouble(page, settle, path, width, errors);
 */
import type { Page } from '@playwright/test';
import { islandsStarted } from './test.ts';
import { nextFrames } from './screens.ts';
import type { Settle } from './page-settled.ts';

/** A console error the page is meant to show: `url` is the failed resource, `page` the address. */
export type AllowedError = (text: string, url: string, page: string) => boolean;

/** Collects the page's errors and console errors (the array is the caller's to empty). */
export function watchConsole(page: Page, allowed: AllowedError): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const { url } = m.location();
    if (allowed(m.text(), url, page.url())) return;
    errors.push(`console: ${m.text()} (${url})`);
  });
  return errors;
}

/** The width checks at the current scroll position. */
async function widthTrouble(page: Page, width: number): Promise<string | null> {
  return page.evaluate((width) => {
    const doc = document.documentElement;
    const header = document.querySelector('header');
    const box = header?.getBoundingClientRect();
    const fixed = header != null && getComputedStyle(header).position === 'fixed';
    const problems: string[] = [];
    if (doc.scrollWidth > window.innerWidth)
      problems.push(`document ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
    if (window.innerWidth > width) problems.push(`the window grew to ${window.innerWidth}px`);
    if (box && fixed && (box.left < 0 || box.right > width))
      problems.push(`fixed header spans ${box.left}..${box.right}px`);
    return problems.length > 0 ? `at ${Math.round(window.scrollY)}px: ${problems.join('; ')}` : null;
  }, width);
}

/**
 * Scrolls the loaded page to the bottom in steps and back to the top; answers what went wrong
 * on the way, with the console errors seen since the load. A page that sends the browser on
 * (/labgrowndiamonds) is judged where it lands.
 */
export async function scrollTrouble(
  page: Page,
  settle: Settle,
  path: string,
  width: number,
  errors: string[],
): Promise<string[]> {
  const trouble: string[] = [];
  for (let hops = 0; hops < 3 && new URL(page.url()).pathname !== new URL(path, page.url()).pathname; hops++) {
    const at = page.url();
    await page.waitForLoadState('load');
    await settle();
    if (page.url() === at) break;
  }
  for (let step = 0; step < 60; step++) {
    const problem = await widthTrouble(page, width);
    if (problem) trouble.push(problem);
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy({ top: Math.round(window.innerHeight * 0.8), behavior: 'instant' });
      return window.scrollY > before;
    });
    await nextFrames(page);
    if (!moved) break;
  }
  // what came into view has hydrated and loaded: look once more at the bottom
  await islandsStarted(page);
  await settle();
  await nextFrames(page);
  const atEnd = await widthTrouble(page, width);
  if (atEnd) trouble.push(atEnd);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await nextFrames(page);
  return [...new Set([...trouble, ...errors])];
}
