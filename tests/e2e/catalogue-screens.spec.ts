/**
 * Screenshots of the catalogue screens for review, at 1440 x 900 and 390 x 844: the list
 * with the filter panel open and collapsed, an expanded row, the detail, report and diagram
 * tabs, the 360 view, favourites and compare. Saved to CATALOGUE_SHOTS (default
 * test-results/screenshots/catalogue/). Each step also checks what a person
 * would notice: no part of the page runs wider than the window, and no column header of the
 * table is cut off. Uses an approved customer of its own, so it changes no shared account.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { createApprovedCustomer, GOOD_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';

const DIRS = [process.env.CATALOGUE_SHOTS ?? 'test-results/screenshots/catalogue'];
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

type Doc = { _id: number; StkCatType: string; Source: string; StkCertNo: string; StkShape: string };

async function shot(page: Page, name: string, fullPage = false) {
  await expectNoSidewaysScroll(page, name);
  for (const dir of DIRS) await saveShot(page, dir, name, fullPage);
}

/**
 * Opens the second row and resolves once the list has scrolled it into view and the smooth
 * scroll has ended (the list starts it ROW_SCROLL_DELAY_MS after a row opens).
 */
async function openRowScrolledIn(page: Page) {
  const scrollEnded = page.evaluate(
    () => new Promise<void>((done) => window.addEventListener('scrollend', () => done(), { once: true })),
  );
  await page
    .getByRole('button', { name: /^Open / })
    .nth(1)
    .click();
  await expect(page.locator('.cat-detail')).toBeVisible();
  await scrollEnded;
  await expect(page.locator('.cat-table tr.is-open')).toBeInViewport();
}

/**
 * Every column header of the table shows its whole label, uncovered (the sticky INFO column
 * must not sit on the PRICE header). With `all`, every column also fits without scrolling.
 */
async function headersWhole(page: Page, all: boolean) {
  // the table shown: the rows the server drew while they stand for the island's, else the island's
  await expect(page.locator('.cat-table-wrap')).toBeVisible();
  // found in the page at the moment it is measured: the island's table may take the drawn
  // table's place between a locator's lookup and its evaluation, and a detached table measures
  // as all zeros (every header then reads "covered")
  const problems = await page.evaluate((allFit) => {
    const wrap = document.querySelector<HTMLElement>('.cat-table-wrap')!;
    const out: string[] = [];
    const view = wrap.getBoundingClientRect();
    if (allFit && wrap.scrollWidth > wrap.clientWidth + 1)
      out.push(`table scrolls by ${wrap.scrollWidth - wrap.clientWidth}px`);
    for (const th of wrap.querySelectorAll<HTMLElement>('thead th')) {
      const box = th.getBoundingClientRect();
      if (box.right > view.right + 1 || box.left < view.left - 1) {
        if (allFit) out.push(`${th.textContent} lies outside the visible table`);
        continue;
      }
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement!;
        if (!n.textContent?.trim() || el.closest('.sr-only, .cat-sort__arrow')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1) out.push(`${n.textContent} runs out of its header`);
        const hit = document.elementFromPoint(r.left + 2, r.top + r.height / 2);
        const hit2 = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
        if (!th.contains(hit) || !th.contains(hit2)) out.push(`${n.textContent} is covered`);
      }
    }
    return out;
  }, all);
  expect(problems, 'column headers').toEqual([]);
}

/** A natural single with a report number and a 360 set, and two more natural singles. */
async function pickStones(request: APIRequestContext): Promise<{ spin: number; others: number[] }> {
  const list = (await (await request.get('/api/v1/diamonds?limit=300')).json()) as { docs: Doc[] };
  const singles = list.docs.filter((d) => d.StkCatType === 'Single Item' && d.Source === '' && d.StkCertNo);
  for (const d of singles) {
    const media = (await (await request.get(`/api/v1/diamonds/${d._id}/images`)).json()) as { type: string }[];
    if (media.some((m) => m.type === '360')) {
      const others = singles
        .filter((o) => o._id !== d._id)
        .slice(0, 2)
        .map((o) => o._id);
      return { spin: d._id, others };
    }
  }
  throw new Error('no single with a 360 set in the seed');
}

const stoneRows = (page: Page) => page.locator('.cat-table tbody tr:not(.cat-detail-row):not(.cat-skeleton)');

test.describe.configure({ mode: 'serial' });

let email = '';
test.beforeAll(async ({ baseURL }) => {
  email = uniqueEmail('screens');
  await createApprovedCustomer(baseURL!, email, GOOD_PASSWORD);
});

for (const vp of VIEWPORTS) {
  test(`catalogue screens at ${vp.width} px`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await noCookieNotice(page.context(), baseURL);
    const phone = vp.width < 600;
    await page.setViewportSize({ width: vp.width, height: vp.height });
    expect((await page.request.post('/api/v1/login', { data: { email, password: GOOD_PASSWORD } })).status()).toBe(200);
    const { spin, others } = await pickStones(page.request);
    for (const id of [spin, ...others]) {
      await page.request.put(`/api/v1/profile/favourites/${id}`);
      await page.request.put(`/api/v1/profile/compare/${id}`);
    }

    // the list: filter panel open, then collapsed
    await page.goto('/diamonds/all');
    await expect(stoneRows(page).first()).toBeVisible();
    await expect(page.locator('.cat-table td[data-label="PRICE"]').first()).toHaveText(/\d/);
    await expect(page.getByRole('combobox', { name: 'Currency' })).toBeEnabled();
    const toggle = page.locator('.cat-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(page.getByRole('tab', { name: /^Filters \(\d+\)$/ })).toBeVisible();
    if (!phone) await headersWhole(page, false);
    await shot(page, `list-filters-${vp.name}`);
    if (!phone) {
      await page.getByRole('tab', { name: 'More Filters' }).click();
      await shot(page, `list-more-filters-${vp.name}`);
      await page.getByRole('tab', { name: /^Filters \(\d+\)$/ }).click();
    }
    if (phone) await page.getByRole('button', { name: 'View Results' }).click();
    else await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    if (!phone) await headersWhole(page, true);
    await shot(page, `list-collapsed-${vp.name}`);

    // an expanded row
    await openRowScrolledIn(page);
    await shot(page, `list-row-${vp.name}`);

    // detail, report, diagram
    await page.goto(`/diamonds/${spin}/details`);
    await expect(page.getByText('Stock code')).toBeVisible();
    await expect(page.getByTestId('stone-price')).toHaveText(/\d/);
    await expect(page.getByRole('heading', { name: 'RELATED' })).toBeVisible();
    await shot(page, `detail-${vp.name}`, true);
    await page.getByRole('tab', { name: 'Report' }).click();
    await expect(page.getByText('Report number')).toBeVisible();
    await shot(page, `report-${vp.name}`);
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await expect(page.getByRole('img', { name: 'Proportions diagram' })).toBeVisible();
    await shot(page, `diagram-${vp.name}`);

    // 360
    await page.goto(`/diamonds/${spin}/360`);
    const player = page.locator('figure.p360');
    await expect(player).toBeVisible();
    await expect(player.getByRole('img')).toBeVisible();
    await shot(page, `360-${vp.name}`);

    // favourites and compare
    await page.goto('/diamonds/fav');
    await expect(page.getByRole('list', { name: 'Favourite diamonds' }).getByRole('listitem')).toHaveCount(3);
    await shot(page, `favourites-${vp.name}`, true);
    await page.goto('/diamonds/compare');
    await expect(page.getByRole('list', { name: 'Stones to compare' }).getByRole('listitem')).toHaveCount(3);
    await shot(page, `compare-${vp.name}`, true);
  });
}

test('the list as a visitor sees it at 1440 px', async ({ page, baseURL }) => {
  await noCookieNotice(page.context(), baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/diamonds/all');
  await expect(stoneRows(page).first()).toBeVisible();
  await headersWhole(page, true);
  await shot(page, 'list-visitor-1440');
});
