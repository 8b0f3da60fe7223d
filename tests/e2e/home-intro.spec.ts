/**
 * The home hero's intro timeline: on a first visit at desktop width the
 * intro runs loading -> intro -> loop (5 s) -> tagline (6 s) -> logo (8 s, a step at 8.5 s) ->
 * offers bar (9 s) -> complete (10 s); Skip jumps to the end state; a later visit starts in
 * the end state; phones get the static image with the tagline (each end state is also saved as
 * a full-page picture for review). The timeline's timers run on
 * Playwright's clock, so the test moves time itself: each step comes exactly at its time,
 * not a millisecond early or late, however busy the machine.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { INTRO_SEEN_KEY } from '../../src/domain/home/timeline.ts';
import { openHomeOnTestClock, pageNow } from './support/hero-clock.ts';
import { FramesStopped, nextFrames, saveShot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const hero = (page: Page) => page.locator('[data-hero]');
/** The steps after 'loading' and when each comes, in ms after the intro starts (as the spec times them). */
const TIMELINE = [
  { step: 'intro', at: 0 },
  { step: 'loop', at: 5000 },
  { step: 'tagline', at: 6000 },
  { step: 'logo', at: 8000 },
  { step: 'logo-settled', at: 8500 },
  { step: 'offers', at: 9000 },
  { step: 'complete', at: 10000 },
];
const SHOTS = process.env.HOME_SHOTS_DIR ?? 'test-results/screenshots';

/** A full-page screenshot for review once lazy parts below the fold have loaded (not compared). */
async function shoot(page: Page, name: string) {
  for (const id of ['about-us', 'about-us-2', 'news', 'special-offers', 'api', 'register', 'contact-us']) {
    const section = page.locator(`#${id}`);
    await section.scrollIntoViewIfNeeded();
    // the images now in the window have loaded (lazy ones further down load when reached)
    await expect
      .poll(() =>
        section.evaluate((el) =>
          [...el.querySelectorAll('img')].every((img) => {
            const r = img.getBoundingClientRect();
            const shown = r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
            return !shown || img.complete;
          }),
        ),
      )
      .toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await nextFrames(page);
  await saveShot(page, SHOTS, name);
}

/**
 * The picture of the home page in its end state, in a tab of its own; where the headless shell
 * stops drawing that tab (FramesStopped, support/screens.ts), once more in a new tab, which draws.
 */
async function shootEndState(context: BrowserContext, first: Page, name: string) {
  await context.addInitScript((key) => localStorage.setItem(key, '1'), INTRO_SEEN_KEY);
  let page = first;
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('/');
      await expectEndState(page);
      return await shoot(page, name);
    } catch (err) {
      if (!(err instanceof FramesStopped) || attempt > 1) throw err;
      console.log(`${err.message}: the home page is shot again in a new tab`);
      await page.close();
      page = await context.newPage();
    }
  }
}

/** The end state a visitor sees: tagline, logo, Register/Login and the offers bar, no Skip. */
async function expectEndState(page: Page) {
  await expect(hero(page)).toHaveAttribute('data-step', 'complete');
  const welcome = page.locator('#welcome');
  await expect(welcome.getByRole('heading', { level: 1 })).toHaveCSS('opacity', '1');
  await expect(welcome.getByRole('button', { name: 'Skip intro' })).toBeHidden();
  await expect(welcome.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.locator('[data-hero-offers]')).toHaveCSS('opacity', '1');
  await expect(page.locator('[data-hero-offers]')).toContainText(/special offers|latest arrivals/i);
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a first visit plays the intro steps in order at their times, then a later visit starts at the end', async ({
    page,
  }) => {
    await page.clock.install();
    // record every step the hero takes, with the page's clock, from the first paint on
    await page.addInitScript(() => {
      const w = window as unknown as { __steps: { step: string; t: number }[] };
      w.__steps = [];
      new MutationObserver((records) => {
        for (const r of records) {
          const step = (r.target as HTMLElement).dataset.step;
          if (step && w.__steps.at(-1)?.step !== step) w.__steps.push({ step, t: Date.now() });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-step'] });
    });
    const steps = () => page.evaluate(() => (window as unknown as { __steps: { step: string; t: number }[] }).__steps);
    // loading until the poster arrives; the clock stops first, so the intro starts on the test's time
    await openHomeOnTestClock(page, () =>
      expect(page.locator('#welcome').getByRole('button', { name: 'Skip intro' })).toBeVisible(),
    );
    const started = (await steps()).find((s) => s.step === 'intro')!.t;
    expect(await pageNow(page)).toBe(started);

    // each step: still the one before it 1 ms before its time, then exactly at its time
    let previous = 'intro';
    for (const { at, step } of TIMELINE.slice(1)) {
      await page.clock.runFor(started + at - 1 - (await pageNow(page)));
      await expect(hero(page)).toHaveAttribute('data-step', previous);
      await page.clock.runFor(1);
      await expect(hero(page)).toHaveAttribute('data-step', step);
      previous = step;
    }
    await expectEndState(page);

    const seen = await steps();
    expect(seen.map((s) => s.step)).toEqual(['loading', 'intro', ...TIMELINE.slice(1).map((s) => s.step)]);
    for (const { at, step } of TIMELINE) expect(seen.find((s) => s.step === step)!.t - started, step).toBe(at);
    expect(await page.evaluate((key) => localStorage.getItem(key), INTRO_SEEN_KEY)).toBe('1');

    // the intro already ran: the next visit starts in the end state, with no intro at all
    await page.clock.resume();
    await page.reload();
    await expectEndState(page);
    const later = (await steps()).map((s) => s.step);
    expect(later).not.toContain('intro');
    expect(later).not.toContain('loading');
  });

  test('a picture of the end state with every section loaded, for review', async ({ context, page }) => {
    await shootEndState(context, page, 'home-1440');
  });

  test('Skip jumps to the end state at once and the intro does not play again', async ({ page }) => {
    await page.clock.install();
    // the intro starts on the test's time (as above), so Skip is pressed while it plays, however busy the machine
    await openHomeOnTestClock(page);
    const welcome = page.locator('#welcome');
    await expect(welcome.getByRole('heading', { level: 1 })).toHaveCSS('opacity', '0');
    await welcome.getByRole('button', { name: 'Skip intro' }).click();
    await expectEndState(page);
    // no pending step of the timeline moves the hero back afterwards, whenever it was due
    await page.clock.runFor(11_000);
    await expect(hero(page)).toHaveAttribute('data-step', 'complete');
    await page.clock.resume();
    await page.reload();
    await expectEndState(page);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows the static image with the tagline, no intro and no Skip', async ({ page }) => {
    await page.goto('/');
    await expect(hero(page)).toHaveAttribute('data-step', 'complete');
    const welcome = page.locator('#welcome');
    await expect(welcome.locator('[data-hero-media] img')).toBeVisible();
    await expect(welcome.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(welcome.getByRole('heading', { level: 1 })).toHaveCSS('opacity', '1');
    await expect(welcome.getByRole('button', { name: 'Skip intro' })).toBeHidden();
    await expect(welcome.locator('.intro')).toBeHidden();
    await shoot(page, 'home-390');
  });
});
