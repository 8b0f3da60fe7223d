/**
 * Accessibility: axe-core finds no serious or critical violation on the
 * home page, About, News and the FAQ at 1440 px and at 390 px.
 * pages-news.spec.ts and pages-accordion.spec.ts already scan News, a post, About and the FAQ
 * at the default desktop width after their interactions; this file scans the home page at
 * both widths and the other three at both widths as a visitor first sees them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { heroAtRest } from './support/screens.ts';
import { expect, test } from './support/test.ts';

/** axe's default rules plus target-size (touch targets of 24 px), which Lighthouse also checks. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'About', path: '/about-us' },
  { name: 'News', path: '/news' },
  { name: 'FAQ', path: '/faqs' },
] as const;

for (const width of [1440, 390] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 }, isMobile: width < 800, hasTouch: width < 800 });

    for (const { name, path } of PAGES) {
      test(`axe finds no serious or critical violation on ${name} at ${width} px`, async ({ page }) => {
        test.setTimeout(60_000); // a cold server on a busy machine
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        if (path === '/') {
          await heroAtRest(page);
          await expect(page.locator('#welcome').getByRole('heading', { level: 1 })).toHaveCSS('opacity', '1');
        }
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
