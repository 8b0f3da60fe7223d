/**
 * The fit-and-finish sweep: every route of both specifications, as a
 * visitor, a trader and an admin, at 1440 x 900 and as an iPhone 13 (390 x 844, touch). Each
 * page is loaded once and scrolled to the bottom in steps; at every step the page must not
 * scroll sideways (document width within the window) and the fixed header must stay inside
 * the window; and no console error (React's hydration error #418 included) may appear.
 *
 * One test per role and size walks the routes in one page; the sign-ins are made once through
 * the API and shared as storage state. The cookie notice is left as a first visit sees it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { ADMIN, TRADER } from './support/accounts.ts';
import { DESKTOP, IPHONE_13, nextFrames } from './support/screens.ts';
import { sessionState } from './support/sessions.ts';
import { watchSettled, type Settle } from './support/page-settled.ts';
import { expect, test } from './support/test.ts';

type Role = 'visitor' | 'trader' | 'admin';
const ROLES: Role[] = ['visitor', 'trader', 'admin'];
const SIZES: Record<'desktop' | 'phone', BrowserContextOptions> = { desktop: DESKTOP, phone: IPHONE_13 };

type Trouble = string[];

/** /verify/{token} and /reset/{token} with a made-up token: the API refuses it (400), as it must. */
const MADE_UP_TOKEN = '0'.repeat(43);
const MADE_UP_TOKEN_CALLS = ['/api/v1/verify', '/api/v1/reset'];

/** Routes of both specifications; the ids come from the running shop. */
async function specRoutes(baseURL: string): Promise<string[]> {
  const api = await request.newContext({ baseURL });
  const list = (await (await api.get('/api/v1/diamonds', { params: { limit: 100 } })).json()) as {
    docs: { _id: number; StkCatType: string; StkShape: string }[];
  };
  const posts = (await (await api.get('/api/v1/posts/all')).json()) as {
    docs: { _id: number; url: string; title: string }[];
  };
  await api.dispose();
  const single = list.docs.find((d) => d.StkCatType === 'Single Item');
  const parcel = list.docs.find((d) => d.StkCatType === 'Multiple Items');
  const post = posts.docs[0];
  expect(single && parcel && post, 'a single stone, a parcel and a post to visit').toBeTruthy();
  const slug = (post?.title ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return [
    // site and accounts
    '/',
    '/news',
    `/news/post/${slug}?id=${post?._id}`,
    post?.url ?? '/news',
    '/news?keywords=diamond',
    '/about-us',
    '/contact-us',
    '/api',
    '/faqs',
    '/terms-and-conditions',
    '/privacy-policy',
    '/admin/posts',
    `/admin/posts/${post?._id}`,
    '/my-account',
    '/my-account/api',
    '/my-account/holds',
    '/admin',
    '/labgrowndiamonds',
    `/verify/${MADE_UP_TOKEN}`,
    `/reset/${MADE_UP_TOKEN}`,
    // catalogue and bag
    '/diamonds/all',
    '/diamonds/all/lab-grown',
    '/diamonds/all/specials',
    `/diamonds/all/${(single?.StkShape ?? 'round').toLowerCase()}`,
    `/diamonds/${single?._id}/details`,
    `/diamonds/${single?._id}/report`,
    `/diamonds/${single?._id}/diagram`,
    `/diamonds/${single?._id}/360`,
    `/diamonds/${single?._id}`,
    `/diamonds/${parcel?._id}/details`,
    '/diamonds/fav',
    '/diamonds/compare',
    '/diamonds/bag',
  ];
}

/** Storage state of a signed-in role (the worker's stored session), as a file. */
async function signedIn(baseURL: string, role: Role, dir: string): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  const state = await sessionState(baseURL, role === 'admin' ? ADMIN : TRADER);
  const file = join(dir, `${role}.json`);
  writeFileSync(file, JSON.stringify(state));
  return file;
}

/** The width checks at the current scroll position. */
async function widthTrouble(page: Page, width: number): Promise<string | null> {
  return page.evaluate((width) => {
    const doc = document.documentElement;
    const header = document.querySelector('header');
    const box = header?.getBoundingClientRect();
    const fixed = header != null && getComputedStyle(header).position === 'fixed';
    const problems: string[] = [];
    if (doc.scrollWidth > window.innerWidth)
      problems.push(`document ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
    if (window.innerWidth > width) problems.push(`the window grew to ${window.innerWidth}px`);
    if (box && fixed && (box.left < 0 || box.right > width))
      problems.push(`fixed header spans ${box.left}..${box.right}px`);
    return problems.length > 0 ? `at ${Math.round(window.scrollY)}px: ${problems.join('; ')}` : null;
  }, width);
}

/** Loads `path`, scrolls to the bottom in steps of 80% of the window; returns what went wrong. */
async function sweep(page: Page, settle: Settle, path: string, width: number, errors: Trouble): Promise<Trouble> {
  const trouble: Trouble = [];
  errors.length = 0;
  await page.goto(path);
  await settle();
  // a page that sends the browser on (/labgrowndiamonds) is judged where it lands, once loaded
  for (let hops = 0; hops < 3 && new URL(page.url()).pathname !== new URL(path, page.url()).pathname; hops++) {
    const at = page.url();
    await page.waitForLoadState('load');
    await settle();
    if (page.url() === at) break;
  }
  for (let step = 0; step < 60; step++) {
    const problem = await widthTrouble(page, width);
    if (problem) trouble.push(problem);
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy({ top: Math.round(window.innerHeight * 0.8), behavior: 'instant' });
      return window.scrollY > before;
    });
    await nextFrames(page);
    if (!moved) break;
  }
  // what came into view has hydrated and loaded: look once more at the bottom
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('astro-island[ssr]').length)).toBe(0);
  await settle();
  await nextFrames(page);
  const atEnd = await widthTrouble(page, width);
  if (atEnd) trouble.push(atEnd);
  return [...new Set([...trouble, ...errors])];
}

async function newPage(browser: Browser, options: BrowserContextOptions, storageState: string | undefined) {
  const context = await browser.newContext({ ...options, storageState });
  const page = await context.newPage();
  const errors: Trouble = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const { url } = m.location();
    // the answers a page is meant to get: its own 404 status, the refusal of a made-up token
    if (/Failed to load resource: .* 404/.test(m.text()) && url === page.url()) return;
    if (/Failed to load resource: .* 400/.test(m.text()) && MADE_UP_TOKEN_CALLS.some((c) => url.endsWith(c))) return;
    errors.push(`console: ${m.text()} (${url})`);
  });
  return { context, page, errors };
}

test.describe.configure({ mode: 'parallel' });

for (const role of ROLES) {
  for (const [size, options] of Object.entries(SIZES)) {
    test(`every route as ${role} on ${size}: no sideways overflow, header in the window, no console error`, async ({
      browser,
      baseURL,
    }, info) => {
      test.setTimeout(480_000); // ~33 pages, each scrolled to the bottom, on a shared machine
      const dir = info.outputPath('state');
      mkdirSync(dir, { recursive: true });
      const routes = await specRoutes(baseURL ?? '');
      const { context, page, errors } = await newPage(browser, options, await signedIn(baseURL ?? '', role, dir));
      const settle = watchSettled(page);
      const width = options.viewport?.width ?? 0;
      const found: Record<string, Trouble> = {};
      for (const path of routes) {
        const trouble = await sweep(page, settle, path, width, errors);
        if (trouble.length > 0) found[path] = trouble;
      }
      await context.close();
      expect(found).toEqual({});
    });
  }
}
