/**
 * Favourites and compare in Chromium: toggling from the detail page, the lists on
 * /diamonds/fav and /diamonds/compare, reordering compare by keyboard (Space, ArrowDown,
 * Space) persisted on the server for the trader, and a visitor's browser lists merged into
 * the server's at sign-in. The demo trader's lists are put back after each test, passed or
 * failed (the `keep` fixture).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { SITE_NAME, TRADER } from './support/accounts.ts';

type Doc = { _id: number; StkCatType: string; Source: string; StkCatName: string };
type ListAnswer = { ids: number[] };

async function naturalSingles(request: APIRequestContext, n: number): Promise<number[]> {
  const list = (await (await request.get('/api/v1/diamonds?limit=100')).json()) as { docs: Doc[] };
  const ids = list.docs.filter(
    (d) => d.StkCatType === 'Single Item' && d.Source === '' && d.StkCatName !== 'Lab Grown Diamonds',
  );
  return ids.slice(0, n).map((d) => d._id);
}

/** Signs the page's context in as the trader and empties both of the trader's lists. */
async function signInClean(page: Page) {
  expect((await page.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
  for (const list of ['favourites', 'compare']) {
    const { ids } = (await (await page.request.get(`/api/v1/profile/${list}`)).json()) as ListAnswer;
    for (const id of ids) await page.request.delete(`/api/v1/profile/${list}/${id}`);
  }
}

const compareColumns = (page: Page) => page.getByRole('list', { name: 'Stones to compare' }).getByRole('listitem');

test.describe.configure({ mode: 'serial' });

test('favourite and compare stones, see them listed, and reorder compare by keyboard', async ({ page, keep }) => {
  await keep.lists(TRADER);
  await signInClean(page);
  const [a, b] = await naturalSingles(page.request, 2);

  for (const id of [a, b]) {
    await page.goto(`/diamonds/${id}/details`);
    await expect(page.getByText('Stock code')).toBeVisible();
    await page.getByRole('button', { name: 'Add to Compare' }).click();
    await expect(page.getByRole('button', { name: 'Remove Compare' })).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('button', { name: 'Add to Favourite' }).click();
  await expect(page.getByRole('button', { name: 'Remove Favourite' })).toBeVisible();
  const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();

  await expect
    .poll(async () => ((await (await page.request.get('/api/v1/profile/compare')).json()) as ListAnswer).ids)
    .toEqual([a, b]);

  await page.goto('/diamonds/fav');
  await expect(page).toHaveTitle(`${SITE_NAME} - Favourite Diamonds`);
  const fav = page.getByRole('list', { name: 'Favourite diamonds' });
  await expect(fav.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/diamonds/${b}/details`);
  await expect(fav.getByRole('link', { name: /^More .* stones$/ })).toHaveAttribute('href', /^\/diamonds\/all\/[a-z]/);

  await page.goto('/diamonds/compare');
  await expect(page).toHaveTitle(`${SITE_NAME} - Compare Diamonds`);
  await expect(compareColumns(page)).toHaveCount(2);
  await expect(compareColumns(page).first()).toHaveAttribute('data-stone-id', String(a));

  const handle = compareColumns(page)
    .first()
    .getByRole('button', { name: /^Reorder/ });
  await handle.focus();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/profile/compare') && r.request().method() === 'PUT',
  );
  // dnd-kit announces each step in its live region: wait for each before the next key, or a
  // key pressed while the sensor is still attaching its listeners is lost
  const announced = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  await expect(announced).toContainText(
    new RegExp(`Picked up draggable item ${a}\\b|Draggable item ${a} was moved over droppable area ${a}\\b`),
  );
  // a move key pressed while dnd-kit still measures the columns is lost: press again until it lands
  const movedOver = `Draggable item ${a} was moved over droppable area ${b}.`;
  await expect(async () => {
    if (!(await announced.textContent())?.includes(movedOver)) await page.keyboard.press('ArrowDown');
    await expect(announced).toContainText(movedOver, { timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);
  await expect(compareColumns(page).first()).toHaveAttribute('data-stone-id', String(b));

  await page.reload();
  await expect(compareColumns(page)).toHaveCount(2);
  await expect(compareColumns(page).first()).toHaveAttribute('data-stone-id', String(b));
  await expect(compareColumns(page).nth(1)).toHaveAttribute('data-stone-id', String(a));

  await compareColumns(page).first().getByRole('button', { name: 'Remove' }).click();
  await expect(compareColumns(page)).toHaveCount(1);
  await page.reload();
  await expect(compareColumns(page)).toHaveCount(1);
});

test('a visitor keeps lists in the browser, merged into the account at sign-in', async ({ page, keep }) => {
  await keep.lists(TRADER);
  const [, , c] = await naturalSingles(page.request, 3);
  await page.goto(`/diamonds/${c}/details`);
  await expect(page.getByText('Stock code')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Favourite' }).click();
  await page.goto('/diamonds/fav');
  await expect(page.getByRole('list', { name: 'Favourite diamonds' }).getByRole('listitem')).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('facet.favourites'))).toBe(`[${c}]`);

  await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(TRADER.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(TRADER.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect
    .poll(async () => ((await (await page.request.get('/api/v1/profile/favourites')).json()) as ListAnswer).ids)
    .toContain(c);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('facet.favourites'))).toBeNull();
});
