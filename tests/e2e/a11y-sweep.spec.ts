/**
 * The route sweep: every address of the route table (support/route-samples.ts), as a visitor,
 * a trader and an admin, at 1440 x 900 and as an iPhone 13 (390 x 844, touch), with the cookie
 * notice showing as a first visit sees it. On each address, in one visit:
 * - axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules, then each of the route's dialogs,
 *   drawers and menus opened on the same page (support/overlays.ts) and scanned on its own. Any
 *   violation fails, whatever its impact;
 * - the fit-and-finish checks (support/layout-check.ts): scrolled to the bottom, the page never
 *   scrolls sideways, a fixed header stays in the window, and no console error appears.
 *
 * One test per role and size, shared out among the workers; a role's stored sign-in is made once
 * per worker (support/sessions.ts). Each address is loaded once per size; a page whose content was already scanned at
 * that size (the sign-in prompt of every admin address for a visitor) is not scanned again,
 * and a layer is scanned on its own (the page under it was just scanned). Where an area's
 * shell turns the role away before it reads the address (GATES: the admin area for a visitor or
 * a trader, the account for a visitor), the area's first address is loaded, and each other one
 * only when the server sends it a different document. The covered routes,
 * roles and sizes are printed, attached to the test and written to test-results/a11y-sweep.json.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { ADMIN, TRADER } from './support/accounts.ts';
import { coverageText, writeCoverage, type Covered } from './support/a11y-coverage.ts';
import { axeViolations } from './support/axe-scan.ts';
import { OVERLAYS, type Overlay, type Role, type Size } from './support/overlays.ts';
import { watchSettled, type Settle } from './support/page-settled.ts';
import { scrollTrouble, watchConsole } from './support/layout-check.ts';
import { expectedRefusal, readShop, sweepRoutes, type SweepRoute } from './support/route-samples.ts';
import { DESKTOP, FramesStopped, IPHONE_13 } from './support/screens.ts';
import { sessionState } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

const ROLES: Role[] = ['visitor', 'trader', 'admin'];
const SIZES = { desktop: DESKTOP, phone: IPHONE_13 } as const;
const ACCOUNTS = { trader: TRADER, admin: ADMIN } as const;
const LAYER = 'data-a11y-layer';
/**
 * Areas served by one shell document whose island turns these roles away before it reads the
 * address (AdminApp, AccountApp): the area's routes are those whose key starts with `area`.
 */
const GATES: { area: string; roles: Role[] }[] = [
  { area: 'admin', roles: ['visitor', 'trader'] },
  { area: 'account', roles: ['visitor'] },
];

/**
 * Loads `path` as a user sees it settled: islands hydrated, data loaded, the home intro over.
 * False when the page sends the browser off the site (the jewellery link): nothing of ours to scan.
 */
async function load(page: Page, settle: Settle, origin: string, path: string): Promise<boolean> {
  // an address that differs from the last only by its #fragment is loaded afresh, as a link from outside would
  if ((await page.goto(path)) === null) await page.reload();
  if (!page.url().startsWith(origin)) return false;
  await settle();
  if (!page.url().startsWith(origin)) return false;
  if (path === '/') {
    // Skip may end with the intro between a look and a press: then the intro ends by itself
    await page
      .locator('#welcome')
      .getByRole('button', { name: 'Skip intro' })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await expect(page.locator('[data-hero]')).toHaveAttribute('data-step', 'complete', { timeout: 20_000 });
  }
  return true;
}

/** What a page shows apart from its address: to scan once what several addresses show alike. */
const readContent = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    const frame = [...document.querySelectorAll('body, header, footer')].map((el) => el.className).join('|');
    return `${frame}|${main?.outerHTML ?? document.body?.innerHTML ?? ''}`;
  });
/** The same, read again once the page has settled when it was moving to another address. */
const pageContent = (page: Page) =>
  readContent(page).catch(async (err: unknown) => {
    if (!/Execution context was destroyed|navigation/i.test(String(err))) throw err;
    await page.waitForLoadState('load');
    return readContent(page);
  });

/** Opens `layer` on the page as it is and scans only that layer; then closes it (or reloads the page). */
async function scanLayer(page: Page, reload: () => Promise<unknown>, layer: Overlay): Promise<string[]> {
  const url = page.url();
  let opened;
  try {
    opened = await layer.open(page);
  } catch (e) {
    await reload();
    return [`could not open it: ${(e as Error).message.split('\n')[0]}`];
  }
  await page.evaluate(
    (attr) => document.querySelectorAll(`[${attr}]`).forEach((el) => el.removeAttribute(attr)),
    LAYER,
  );
  await opened.evaluate((el, attr) => el.setAttribute(attr, ''), LAYER);
  const found = await axeViolations(page, { within: `[${LAYER}]` });
  await page.keyboard.press('Escape');
  const closed = await expect(opened)
    .toBeHidden({ timeout: 1_000 })
    .then(() => true)
    .catch(() => false);
  // a layer that stays open, or that changed the page on its way (a search), is left by a reload
  if (!closed || page.url() !== url) await reload();
  return found;
}

/** A tab of the sweep, with its settle watch and the console errors since its last load. */
type Tab = { page: Page; settle: Settle; errors: string[] };

async function openTab(context: BrowserContext): Promise<Tab> {
  const page = await context.newPage();
  return { page, settle: watchSettled(page), errors: watchConsole(page, expectedRefusal) };
}

/**
 * The scroll check of the loaded address. Where the headless shell stops drawing the tab
 * (FramesStopped, support/screens.ts), the address is loaded again in a new tab, which draws,
 * and checked there (twice at most); the errors seen so far are kept.
 */
async function scrollChecked(
  context: BrowserContext,
  tab: Tab,
  origin: string,
  path: string,
  width: number,
): Promise<{ tab: Tab; trouble: string[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { tab, trouble: await scrollTrouble(tab.page, tab.settle, path, width, tab.errors) };
    } catch (err) {
      if (!(err instanceof FramesStopped) || attempt > 2) throw err;
      console.log(`${err.message}: ${path} is loaded again in a new tab`);
      const earlier = [...tab.errors];
      await tab.page.close();
      tab = await openTab(context);
      tab.errors.push(...earlier);
      await load(tab.page, tab.settle, origin, path);
    }
  }
}

/** Runs a scan and prints what it found and how long it took. */
async function timed(where: string, scan: () => Promise<string[]>): Promise<string[]> {
  const t0 = Date.now();
  const found = await scan();
  console.log(`${where}: ${found.length} violations (${Date.now() - t0} ms)${found.map((f) => `\n  ${f}`).join('')}`);
  return found;
}

/** Scans every address (and its layers) at one size; answers the violations found per scan. */
async function sweepSize(
  browser: Browser,
  origin: string,
  role: Role,
  size: Size,
  storageState: BrowserContextOptions['storageState'],
  covered: Covered[],
): Promise<Record<string, string[]>> {
  const addresses = sweepRoutes(await readShop(origin));
  // a request for any other address fails at the browser's dead proxy (playwright.config.ts); no
  // route is set, as routing would turn the HTTP cache off and fetch every script on every load
  const context = await browser.newContext({ ...SIZES[size], storageState });
  let tab = await openTab(context);
  const width = SIZES[size].viewport.width;
  const found: Record<string, string[]> = {};
  const scanned = new Map<string, string>();
  const layersDone = new Set<string>();
  const shells = new Map<string, { html: string; path: string }>();
  for (const { key, path } of addresses) {
    const { page, settle, errors } = tab;
    const where = `${role} ${size} ${path}`;
    const gate = GATES.find((g) => key.startsWith(g.area) && g.roles.includes(role));
    if (gate) {
      const html = await (await page.request.get(path)).text();
      const shell = shells.get(gate.area);
      if (shell?.html === html) {
        covered.push({ role, size, route: key, path, sameAs: shell.path });
        continue;
      }
      if (!shell) shells.set(gate.area, { html, path });
    }
    errors.length = 0;
    if (!(await load(page, settle, origin, path))) {
      covered.push({ role, size, route: key, path, leavesSite: true });
      continue;
    }
    const content = await pageContent(page);
    const same = scanned.get(content);
    if (!same) {
      scanned.set(content, path);
      found[where] = await timed(where, () => axeViolations(page));
    }
    covered.push({ role, size, route: key, path, ...(same ? { sameAs: same } : {}) });
    if (!layersDone.has(key)) {
      layersDone.add(key); // a route's layers are opened on its first address
      await scanLayers(page, settle, origin, { key, path }, role, size, found, covered);
    }
    // last, as the layers leave the page as it loaded: the page scrolled to the bottom (a page
    // showing what one scrolled already did, only its console)
    if (same) {
      found[`${where} (scrolled: layout and console)`] = [...errors];
      continue;
    }
    const scrolled = await scrollChecked(context, tab, origin, path, width);
    tab = scrolled.tab;
    found[`${where} (scrolled: layout and console)`] = scrolled.trouble;
  }
  await context.close();
  return found;
}

/** Opens and scans each of the route's layers at this role and size. */
async function scanLayers(
  page: Page,
  settle: Settle,
  origin: string,
  { key, path }: SweepRoute,
  role: Role,
  size: Size,
  found: Record<string, string[]>,
  covered: Covered[],
): Promise<void> {
  const where = `${role} ${size} ${path}`;
  const layers = (OVERLAYS[key] ?? []).filter(
    (o) => (o.roles ?? ROLES).includes(role) && (o.sizes ?? ['desktop', 'phone']).includes(size),
  );
  for (const layer of layers) {
    const name = `${where} + ${layer.name}`;
    found[name] = await timed(name, () => scanLayer(page, () => load(page, settle, origin, path), layer));
    covered.push({ role, size, route: key, path, layer: layer.name });
  }
}

test.describe.configure({ mode: 'parallel' }); // the roles and sizes are shared out among the workers
// a trace would film and snapshot every one of some 600 loads and scans: the violations say what failed
test.use({ trace: 'off' });

for (const role of ROLES) {
  for (const size of Object.keys(SIZES) as Size[]) {
    test(`every route and open layer as ${role} (${size === 'desktop' ? '1440' : 'iPhone 13'}): no WCAG 2.2 AA violation, no sideways scroll, header in the window, no console error`, async ({
      browser,
      baseURL,
      keep,
    }, testInfo) => {
      test.setTimeout(900_000); // some 50 addresses and 20 layers; a loaded shared machine is many times slower
      const origin = new URL(baseURL ?? '').origin;
      let storageState: BrowserContextOptions['storageState'];
      if (role !== 'visitor') {
        await keep.bag(ACCOUNTS[role]); // the bag drawer adds a stone: the bag is put back after
        storageState = await sessionState(baseURL ?? '', ACCOUNTS[role]);
      }
      const covered: Covered[] = [];
      const found = await sweepSize(browser, origin, role, size, storageState, covered);
      writeCoverage(`${role}-${size}`, covered);
      await testInfo.attach(`axe sweep coverage (${role}, ${size})`, {
        body: coverageText(covered),
        contentType: 'text/plain',
      });
      const failed = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
      expect(failed, `${Object.keys(failed).length} of ${Object.keys(found).length} scans found violations`).toEqual(
        {},
      );
    });
  }
}
