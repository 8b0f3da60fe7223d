/**
 * The accessibility sweep: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules on every
 * address of the route table (support/route-samples.ts), as a visitor, a trader and an admin,
 * at 1440 x 900 and as an iPhone 13; and on each route again with its dialogs, drawers and
 * menus open (support/overlays.ts), the cookie notice showing as a first visit sees it. Any
 * violation fails, whatever its impact.
 *
 * One test per role (the roles run in parallel workers); the role signs in once through the
 * API and both sizes reuse that stored login. The covered routes x roles x sizes (and layers)
 * are printed and written to test-results/a11y-sweep.json.
 *
 * It walks some 300 scans, longer than the rest of the browser suite together, so it runs on
 * its own: `npm run test:a11y` (A11Y_SWEEP=1); `npm test` lists it as skipped.
 */
import AxeBuilder from '@axe-core/playwright';
import { request, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { ADMIN, TRADER } from './support/accounts.ts';
import { writeCoverage, type Covered } from './support/a11y-coverage.ts';
import { OVERLAYS, type Role, type Size } from './support/overlays.ts';
import { readShop, sweepRoutes } from './support/route-samples.ts';
import { DESKTOP, IPHONE_13 } from './support/screens.ts';
import { expect, islandsReady, test } from './support/test.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const ROLES: Role[] = ['visitor', 'trader', 'admin'];
const SIZES = { desktop: DESKTOP, phone: IPHONE_13 } as const;
const ACCOUNTS = { trader: TRADER, admin: ADMIN } as const;

/**
 * What axe finds on the page as it is now (or only in `within`, a layer opened over a page
 * already scanned), one line per rule and element.
 */
async function violations(page: Page, where: string, within?: Locator): Promise<string[]> {
  const t0 = Date.now();
  const axe = new AxeBuilder({ page }).withTags(TAGS);
  if (within) {
    await within.evaluate((el) => el.setAttribute('data-a11y-layer', ''));
    axe.include('[data-a11y-layer]');
  }
  const found = (await axe.analyze()).violations.flatMap((v) =>
    v.nodes.map((n) => {
      const why = n.any.map((c) => c.message).join('; ');
      return `${v.id} (${v.impact}) ${n.target.join(' ')}${why ? `: ${why}` : ''}`;
    }),
  );
  console.log(
    `${where}: ${found.length} violations (axe ${Date.now() - t0} ms)${found.map((f) => `\n  ${f}`).join('')}`,
  );
  return found;
}

/**
 * Loads `path` as a user sees it settled: islands hydrated, data loaded, the home intro over.
 * False when the page sends the browser off the site (the jewellery link): nothing of ours to scan.
 */
async function load(page: Page, path: string): Promise<boolean> {
  const response = await page.goto(path);
  if (!response || !page.url().startsWith(new URL(response.url()).origin)) return false;
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
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

/** The page's main content, to scan a page once when several addresses show the same (e.g. a sign-in prompt). */
const mainContent = (page: Page) =>
  page.evaluate(
    () => `${document.body.className}|${document.querySelector('main')?.outerHTML ?? document.body.innerHTML}`,
  );

/** A context that never leaves the machine: a request for any other address fails. */
async function localContext(browser: Browser, baseURL: string, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return context;
}

test.describe.configure({ mode: 'parallel' });
test.skip(!process.env.A11Y_SWEEP, 'the whole-site sweep runs on its own: npm run test:a11y');

for (const role of ROLES) {
  test(`axe finds no WCAG 2.2 AA violation on any route or open layer as ${role}, at 1440 and on an iPhone 13`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(900_000); // ~45 addresses and ~10 layers at two sizes, on a shared machine
    const shop = await readShop(baseURL ?? '');
    const addresses = sweepRoutes(shop);
    let storageState: BrowserContextOptions['storageState'];
    if (role !== 'visitor') {
      await keep.bag(ACCOUNTS[role]); // the bag drawer adds a stone: the bag is put back after
      const api = await request.newContext({ baseURL });
      expect((await api.post('/api/v1/login', { data: ACCOUNTS[role] })).status(), `${role} signs in`).toBe(200);
      storageState = await api.storageState();
      await api.dispose();
    }

    const found: Record<string, string[]> = {};
    const covered: Covered[] = [];
    for (const size of Object.keys(SIZES) as Size[]) {
      const context = await localContext(browser, baseURL ?? '', { ...SIZES[size], storageState });
      const page = await context.newPage();
      const seen = new Set<string>();
      const scanned = new Map<string, string>();
      for (const { key, path } of addresses) {
        const where = `${size} ${path}`;
        if (!(await load(page, path))) {
          console.log(`${role} ${where}: leaves the site`);
          covered.push({ role, size, route: key, path, leavesSite: true });
          continue;
        }
        const content = await mainContent(page);
        const same = scanned.get(content);
        if (same) console.log(`${role} ${where}: as ${same}`);
        else {
          scanned.set(content, path);
          found[where] = await violations(page, `${role} ${where}`);
        }
        covered.push({ role, size, route: key, path, ...(same ? { sameAs: same } : {}) });
        if (seen.has(key)) continue; // a route's layers are opened on its first address
        seen.add(key);
        const layers = (OVERLAYS[key] ?? []).filter(
          (o) => (o.roles ?? ROLES).includes(role) && (o.sizes ?? ['desktop', 'phone']).includes(size),
        );
        for (const layer of layers) {
          await load(page, path);
          const name = `${where} + ${layer.name}`;
          const opened = await layer.open(page).then(
            (el) => el,
            (e: Error) => `could not open it: ${e.message.split('\n')[0]}`,
          );
          found[name] = typeof opened === 'string' ? [opened] : await violations(page, `${role} ${name}`, opened);
          covered.push({ role, size, route: key, path, layer: layer.name });
        }
      }
      await context.close();
    }

    writeCoverage(role, covered);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
  });
}
