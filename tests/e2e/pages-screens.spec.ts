/**
 * Screenshots of the marketing pages for review: home, news, a post,
 * about, contact, FAQ and the API page at 1440 x 900 and 390 x 844, full page, saved to
 * PAGES_SHOTS (default test-results/screenshots/pages/). Each also checks what a person would
 * notice at once: a visible main heading, the self-hosted fonts in use, selected text that
 * reads (4.5:1), and no part of the page wider than the window.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectNoSidewaysScroll, nextFrames, noCookieNotice, saveShot } from './support/screens.ts';

const SHOTS = process.env.PAGES_SHOTS ?? 'test-results/screenshots/pages';

type Post = { title: string; url: string };

async function firstPost(page: Page): Promise<Post> {
  const res = await page.request.get('/api/v1/posts/all');
  expect(res.ok()).toBe(true);
  const post = ((await res.json()) as { docs: Post[] }).docs[0];
  expect(post, 'the demo shop has news posts').toBeTruthy();
  return post!;
}

/** WCAG's contrast ratio of two computed colours (`rgb(r, g, b)`). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

async function check(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // selected text reads as well as the page's own (4.5:1)
  const [selected, behind] = await page.evaluate(() => {
    const style = getComputedStyle(document.querySelector('h1')!, '::selection');
    return [style.color, style.backgroundColor];
  });
  expect(contrast(selected!, behind!), `${name}: selected text on its highlight`).toBeGreaterThanOrEqual(4.5);
  await page.evaluate(() => document.fonts.ready);
  const fonts = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
  );
  expect(fonts.length, `${name}: no web font loaded`).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page, name);
  // lazy images (the footer's logos) load as a reader scrolls; a full-page picture does not scroll
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await nextFrames(page);
  }
  const footerImages = page.getByRole('contentinfo').locator('img');
  await expect
    .poll(() => footerImages.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)))
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveShot(page, SHOTS, name);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`marketing pages at ${viewport.width} px`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    // the cookie notice answered already, and the home intro seen: the pages at rest
    await noCookieNotice(page.context(), baseURL);
    const post = await firstPost(page);
    const w = viewport.width;

    await page.goto('/');
    const skip = page.locator('#welcome').getByRole('button', { name: 'Skip intro' });
    if (await skip.isVisible()) await skip.click();
    await expect(page.locator('[data-hero]')).toHaveAttribute('data-step', 'complete', { timeout: 20_000 });
    await check(page, `home-${w}`);

    for (const [name, path] of [
      ['news', '/news'],
      ['post', post.url],
      ['about', '/about-us'],
      ['contact', '/contact-us'],
      ['faq', '/faqs'],
      ['api', '/api'],
    ] as const) {
      await page.goto(path);
      await check(page, `${name}-${w}`);
    }
  });
}
