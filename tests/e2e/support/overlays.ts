/**
 * The dialogs, drawers and menus a page opens, per route of the route table, for the axe
 * sweep: each opener presses what a user presses and returns the opened layer, which must be
 * visible before the page is scanned with it open. A route with no entry is scanned as it
 * loads. New screens add their layers here under their route's key.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { openLogin } from './accounts.ts';
import type { RouteKey } from './route-samples.ts';

export type Role = 'visitor' | 'trader' | 'admin';
export type Size = 'desktop' | 'phone';
export type Overlay = {
  name: string;
  /** who can open it (default: everyone) */
  roles?: Role[];
  /** where it exists (default: both sizes) */
  sizes?: Size[];
  /** changes the account's bag: the sweep keeps the bag and puts it back */
  touchesBag?: boolean;
  open: (page: Page) => Promise<Locator>;
};

const SIGNED_IN: Role[] = ['trader', 'admin'];
/** Presses `control` until `layer` shows (a press before the island has hydrated does nothing). */
export const clickOpens = async (page: Page, control: Locator, layer: Locator): Promise<Locator> => {
  await expect(async () => {
    if (!(await layer.isVisible())) await control.click({ timeout: 2_000 });
    await expect(layer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return layer;
};

const phoneMenu: Overlay = {
  name: 'menu',
  sizes: ['phone'],
  open: async (page) => {
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    // the home page's header is drawn above the window until the hero is scrolled past
    if (!(await menu.evaluate((el) => el.getBoundingClientRect().bottom > 0)))
      await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2));
    return clickOpens(page, menu, page.locator('#site-menu'));
  },
};

const loginDialog: Overlay = {
  name: 'login dialog',
  roles: ['visitor'],
  open: async (page) => {
    const dialog = page.getByRole('dialog', { name: 'Login' });
    if (await dialog.isVisible()) return dialog; // the account's pages ask a visitor to sign in at once
    // the home page's header stays hidden over the hero: its Login button opens the dialog there
    const hero = page.locator('#welcome').getByRole('button', { name: 'Login', exact: true });
    const entry = page.getByRole('banner').getByRole('button', { name: 'Account', exact: true });
    if (await hero.isVisible()) await openLogin(page, hero);
    else {
      if (!(await entry.first().isVisible())) await phoneMenu.open(page);
      await openLogin(page, entry.locator('visible=true').first());
    }
    return dialog;
  },
};

const stoneRows = (page: Page) => page.locator('.cat-table tbody tr:not(.cat-detail-row):not(.cat-skeleton)');

/** The catalogue's filter panel, opened from the toolbar where it is folded away (phones). */
async function filterPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('complementary', { name: 'Filters' });
  const toolbar = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
  if (!(await panel.isVisible())) await clickOpens(page, toolbar, panel);
  return panel;
}

const catalogue: Overlay[] = [
  {
    name: 'download drawer',
    roles: SIGNED_IN,
    open: (page) =>
      clickOpens(
        page,
        page.getByRole('button', { name: 'Download', exact: true }),
        page.getByRole('dialog', { name: 'Download' }),
      ),
  },
  {
    name: 'filter drawer (More Filters)',
    open: async (page) => {
      const panel = await filterPanel(page);
      await panel.getByRole('tab', { name: 'More Filters' }).click();
      return panel.getByRole('tabpanel');
    },
  },
  {
    name: 'question dialog (Clear your code)',
    open: async (page) => {
      await expect(stoneRows(page).first()).toBeVisible();
      const search = page.getByRole('searchbox', { name: 'Search by stock code' });
      await search.fill('00');
      await search.press('Enter');
      await expect(page).toHaveURL(/q=00/);
      const dialog = page.getByRole('dialog', { name: 'Clear your code' });
      const round = page.getByRole('button', { name: 'Round', exact: true });
      // on a phone the shapes are in the filter drawer
      if (!(await round.isVisible())) await filterPanel(page);
      return clickOpens(page, round, dialog);
    },
  },
  phoneMenu,
];

/** The stone page's drawers (its details page). */
const stone: Overlay[] = [
  {
    name: 'share drawer',
    open: (page) =>
      clickOpens(page, page.getByRole('button', { name: 'Share' }), page.getByRole('dialog', { name: 'SHARE' })),
  },
  {
    name: 'price drawer',
    roles: SIGNED_IN,
    open: (page) =>
      clickOpens(
        page,
        page.getByRole('button', { name: 'Price', exact: true }),
        page.getByRole('dialog', { name: 'PRICE' }),
      ),
  },
  {
    name: 'bag drawer',
    roles: SIGNED_IN,
    touchesBag: true,
    open: (page) =>
      clickOpens(
        page,
        page.getByRole('button', { name: 'Add to Basket' }),
        page.getByRole('dialog', { name: /^Your Bag/ }),
      ),
  },
];

const contactDrawer: Overlay = {
  name: 'contact drawer',
  open: (page) =>
    clickOpens(
      page,
      page.getByRole('button', { name: /send a message|request access/i }).first(),
      page.getByRole('dialog'),
    ),
};

const cookiePolicy: Overlay = {
  name: 'cookie notice and its policy dialog',
  open: async (page) => {
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    return clickOpens(page, notice.getByRole('button', { name: 'Read our cookie policy' }), page.getByRole('dialog'));
  },
};

/** The layers opened on each route (the first address of a route with several samples). */
export const OVERLAYS: Partial<Record<RouteKey, Overlay[]>> = {
  home: [loginDialog, phoneMenu, cookiePolicy],
  catalogue,
  diamond: stone,
  contactUs: [contactDrawer],
  account: [loginDialog],
};
