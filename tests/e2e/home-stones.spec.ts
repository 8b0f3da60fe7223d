/**
 * The home page's stones:
 * - the desktop carousel starts at the first item with the left arrow hidden, and hides the
 *   right arrow at the last item;
 * - the strip under #special-offers shows at most 3 special offers when some stones have
 *   WebSpecial > 0, else LATEST ARRIVALS: the 3 newest Single Items.
 * The strip is part of the static page (chosen when the site is built), so the second case
 * is set up in the server's database and reaches visitors through the background
 * regeneration that any content change starts. The specials are put back after the test,
 * passed or failed, and the restore waits for the page the other specs see (the `keep` fixture).
 */
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { withDb } from './support/shared-state.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** Ids of the 3 stones the strip must show for the database as it is now. */
function expectedStrip(): { special: boolean; ids: number[] } {
  return withDb((db) => {
    const specials = db
      .prepare(
        'SELECT id FROM diamonds WHERE in_stock = 1 AND web_special_cents > 0 ORDER BY created_at DESC, id ASC LIMIT 3',
      )
      .all() as { id: number }[];
    if (specials.length > 0) return { special: true, ids: specials.map((r) => r.id) };
    const latest = db
      .prepare(
        "SELECT id FROM diamonds WHERE in_stock = 1 AND cat_type = 'Single Item' ORDER BY created_at DESC, id DESC LIMIT 3",
      )
      .all() as { id: number }[];
    return { special: false, ids: latest.map((r) => r.id) };
  });
}

/** The title of the strip in the static home page as served now (no browser, no islands). */
async function servedStripTitle(api: APIRequestContext): Promise<string> {
  const html = await (await api.get('/', { headers: { 'cache-control': 'no-cache' } })).text();
  return /id="special-offers-title"[^>]*>([^<]*)</.exec(html)?.[1]?.trim() ?? '';
}

async function stripIds(page: Page): Promise<number[]> {
  const strip = page.locator('[data-featured-strip] > ul');
  const hrefs = await strip
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(/\/diamonds\/(\d+)\/details/.exec(h)?.[1]));
}

test('the desktop carousel hides the left arrow at the first stone and the right arrow at the last', async ({
  page,
}) => {
  await page.goto('/#special-offers');
  const carousel = page.getByRole('region', { name: 'More stones' });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toBeVisible();
  const prev = carousel.getByRole('button', { name: 'Previous stone' });
  const next = carousel.getByRole('button', { name: 'Next stone' });
  const position = carousel.locator('[data-carousel-position]');
  const total = Number(await carousel.locator('[data-carousel-total]').innerText());
  expect(total).toBeGreaterThan(1);

  await expect(position).toHaveText('01');
  await expect(prev).toBeHidden();
  await expect(next).toBeVisible();

  await next.click();
  await expect(position).toHaveText('02');
  await expect(prev).toBeVisible();

  // the slider jumps to the last stone: the right arrow goes, the left one stays
  const slider = carousel.getByRole('slider', { name: 'Stone position' });
  await slider.focus();
  await slider.press('End');
  await expect(position).toHaveText(String(total).padStart(2, '0'));
  await expect(next).toBeHidden();
  await expect(prev).toBeVisible();
  await prev.click();
  await expect(next).toBeVisible();
  await expect(position).toHaveText(String(total - 1).padStart(2, '0'));
});

test("a visitor's Add to Basket on a tile is disabled; its Sign in asks them to log in", async ({ page }) => {
  await page.goto('/#special-offers');
  const tile = page.locator('[data-featured-strip] > ul').getByRole('article').first();
  await tile.scrollIntoViewIfNeeded();
  await expect(tile.getByRole('button', { name: 'Add to Basket' })).toBeDisabled();
  await tile.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test('the strip shows at most 3 special offers, else LATEST ARRIVALS from the first 3 single items', async ({
  page,
  baseURL,
  keep,
}) => {
  test.setTimeout(420_000);
  const visitor = await request.newContext({ baseURL });
  keep.after(() => visitor.dispose());

  // 1. the seeded stock has special offers: SPECIAL OFFERS, the 3 newest of them, with prices
  const seeded = expectedStrip();
  expect(seeded.special, 'the demo stock has special offers').toBe(true);
  await page.goto('/#special-offers');
  const section = page.locator('#special-offers');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(/special offers/i);
  await expect(section.getByRole('link', { name: /view all/i })).toHaveAttribute('href', '/diamonds/all/specials');
  const strip = page.locator('[data-featured-strip] > ul');
  await expect(strip.getByRole('article')).toHaveCount(seeded.ids.length);
  expect(await stripIds(page)).toEqual(seeded.ids);
  for (const tile of await strip.getByRole('article').all()) {
    await expect(tile).toContainText('Special offer');
    await expect(tile.locator('[data-price]')).toHaveText(/Price\s*[$£€¥]\s?\d[\d,]*\.\d{2}/);
  }

  // 2. no stone is a special offer any more: LATEST ARRIVALS, the 3 newest single items
  await keep.specialOffers(); // put back after the test, then the served page waits for them
  withDb((db) => db.prepare('UPDATE diamonds SET web_special_cents = 0 WHERE web_special_cents > 0').run());
  const latest = expectedStrip();
  expect(latest.special).toBe(false);
  expect(latest.ids).toHaveLength(3);
  await keep.touchContent();
  await expect
    .poll(() => servedStripTitle(visitor), { timeout: 200_000, intervals: [2_000] })
    .toMatch(/latest arrivals/i);

  // a new address, so the browser loads the page again (same address + hash would not)
  await page.goto('/?after=rebuild#special-offers');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(/latest arrivals/i);
  await expect(section.getByRole('link', { name: /view all/i })).toHaveAttribute('href', '/diamonds/all');
  await expect(strip.getByRole('article')).toHaveCount(3);
  expect(await stripIds(page)).toEqual(latest.ids);
  for (const tile of await strip.getByRole('article').all()) {
    await expect(tile).toContainText('New arrival');
    await expect(tile.locator('[data-price]')).toHaveText('Price on sign-in');
  }
});
