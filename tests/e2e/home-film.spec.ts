/**
 * The home hero's videos: on a wide screen's first visit the intro video plays, then the loop
 * takes over (looping, and resting while the hero is scrolled away) and the drawn intro is
 * gone; neither loads anything before it is played (preload none, a poster frame, its size
 * given). Phones and reduced motion get no video at all (the still picture, and the drawn intro
 * where it plays). The committed files stay small: at most 1.5 MB for both videos in both
 * formats. The intro's steps run on the test's clock, so the intro video has its turn however
 * busy the machine.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { INTRO_DURATION_MS } from '../../src/domain/home/timeline.ts';
import { openHomeOnTestClock } from './support/hero-clock.ts';
import { DESKTOP, heroAtRest, IPHONE_13 } from './support/screens.ts';
import { expect, test } from './support/test.ts';

const FILES = ['intro.webm', 'intro.mp4', 'loop.webm', 'loop.mp4'];

test('the committed videos are at most 1.5 MB together, each with its poster frame', () => {
  const dir = join(import.meta.dirname, '../../public/media/hero');
  const bytes = FILES.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
  expect(bytes).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  for (const poster of ['intro-poster.webp', 'loop-poster.webp'])
    expect(statSync(join(dir, poster)).size).toBeGreaterThan(0);
});

test.describe('1440, first visit', () => {
  test.use(DESKTOP);

  test('the intro video plays, then the loop video loops in its place', async ({ page }) => {
    test.setTimeout(60_000);
    // the intro's steps wait for the test: the loop step cannot come before the intro video plays
    await page.clock.install();
    await openHomeOnTestClock(page);
    const film = page.locator('[data-hero-film] video');
    const intro = film.filter({ has: page.locator('source[src$="intro.webm"]') });
    const loop = film.filter({ has: page.locator('source[src$="loop.webm"]') });
    await expect(intro).toHaveClass(/is-playing/, { timeout: 15_000 });
    await expect(page.locator('#welcome .intro')).toBeHidden(); // the drawn intro gave way
    for (const video of [intro, loop]) {
      await expect(video).toHaveAttribute('preload', 'none');
      await expect(video).toHaveAttribute('poster', /-poster\.webp$/);
      await expect(video).toHaveAttribute('width', '720');
      await expect(video).toHaveAttribute('height', '720');
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    }
    await page.clock.runFor(INTRO_DURATION_MS);
    await expect(page.locator('[data-hero]')).toHaveAttribute('data-step', 'complete');
    await expect(loop).toHaveClass(/is-playing/);
    await expect(intro).not.toHaveClass(/is-playing/);
    expect(await loop.evaluate((v: HTMLVideoElement) => v.loop && !v.paused)).toBe(true);
  });

  test('a later visit starts with the loop', async ({ page }) => {
    await page.goto('/');
    await heroAtRest(page);
    await page.reload();
    const loop = page.locator('[data-hero-film] video').filter({ has: page.locator('source[src$="loop.webm"]') });
    await expect(loop).toHaveClass(/is-playing/, { timeout: 15_000 });
    await expect(page.locator('[data-hero-film] video source[src$="intro.webm"]')).toHaveCount(0);
    // it rests while the hero is scrolled out of the window, and plays again once it is back
    const paused = () => loop.evaluate((v: HTMLVideoElement) => v.paused);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(paused).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(paused).toBe(false);
  });
});

test.describe('reduced motion at 1440', () => {
  test.use({ ...DESKTOP, reducedMotion: 'reduce' });
  test('no video: the still picture', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    await expect(page.locator('[data-hero]')).toHaveAttribute('data-step', 'complete');
    await expect(page.locator('#welcome video')).toHaveCount(0);
    await expect(page.locator('#welcome [data-hero-media] img')).toBeVisible();
  });
});

test.describe('iPhone 13', () => {
  test.use(IPHONE_13);
  test('no video: the phone picture with the tagline', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    await expect(page.locator('#welcome video')).toHaveCount(0);
    await expect(page.locator('#welcome [data-hero-media] img')).toBeVisible();
    await expect(page.locator('#welcome').getByRole('heading', { level: 1 })).toBeVisible();
  });
});
