/**
 * No layout shift on the marketing pages: home, About, News and the FAQ, as a first visit
 * sees them (the cookie notice appears once the country is known, fonts swap in, islands
 * hydrate, the home hero runs its intro), at 1440 x 900 and as an iPhone 13. The page's
 * 'layout-shift' entries (buffered, so those before the observer count too) are summed as
 * the browser's cumulative layout shift does, leaving out shifts right after a user's input.
 */
import type { Page } from '@playwright/test';
import { BOTH_SIZES, nextFrames } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'About', path: '/about-us' },
  { name: 'News', path: '/news' },
  { name: 'FAQ', path: '/faqs' },
] as const;

type Shift = { value: number; at: number; sources: string[] };

/** Every layout shift so far, with the elements that moved. */
function shifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((done) => {
        type Entry = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const rect = (r: DOMRectReadOnly) =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        const describe = (n: Node | null | undefined) => {
          if (!(n instanceof Element)) return String(n?.nodeName ?? '?');
          return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${[...n.classList].map((c) => `.${c}`).join('')}`;
        };
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          done(
            (list.getEntries() as Entry[])
              .filter((e) => !e.hadRecentInput)
              .map((e) => ({
                value: e.value,
                at: Math.round(e.startTime),
                sources: (e.sources ?? []).map(
                  (s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
                ),
              })),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // no entry at all: the observer's callback never runs
        setTimeout(() => done([]), 1_000);
      }),
  );
}

for (const [size, options] of BOTH_SIZES) {
  test.describe(`${size}`, () => {
    test.use(options);
    for (const { name, path } of PAGES) {
      test(`${name} does not shift while it loads on a first visit (${size})`, async ({ page }) => {
        test.setTimeout(60_000); // the home intro runs 10 s
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
        if (path === '/') {
          // the whole intro, as a first visit on a wide screen plays it (phones start at the end)
          await expect(page.locator('[data-hero]')).toHaveAttribute('data-step', 'complete', { timeout: 20_000 });
        }
        await nextFrames(page);
        const found = await shifts(page);
        const total = found.reduce((s, e) => s + e.value, 0);
        expect(total, `${name} moved: ${JSON.stringify(found)}`).toBeLessThan(0.001);
      });
    }
  });
}
