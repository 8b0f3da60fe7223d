/**
 * Every page of the site's route table (src/domain/routes.ts) as an address to visit. Plain
 * addresses are taken as they are; an address with parameters is filled from the running
 * shop (a single stone, a parcel, a post) by SAMPLES below. A route added to the table is
 * visited without any change here; one with parameters and no sample stops the sweep with a
 * message naming it, so no page can be left out quietly.
 */
import { expect, request } from '@playwright/test';
import { routes, STONE_PAGES } from '../../../src/domain/routes.ts';

export type RouteKey = keyof typeof routes;
export type SweepRoute = { key: RouteKey; path: string };

/** What the parameterised routes are filled with: ids and slugs read from the running shop. */
export type Shop = { single: number; parcel: number; shape: string; postId: number; postSlug: string; request: number };

/** A made-up one-time token: the page shows its refusal, as it must. */
const MADE_UP_TOKEN = '0'.repeat(43);
const MADE_UP_SIGNATURE = '0'.repeat(22);
/** A request and an import run that are not there. */
const UNKNOWN_ID = 1_000_000;

type Fn<K extends RouteKey> = (typeof routes)[K];
type Samples = { [K in RouteKey]?: Fn<K> extends (...args: never[]) => string ? (shop: Shop) => string[] : never };

const SAMPLES: Samples = {
  diamond: (s) => [...STONE_PAGES.map((p) => routes.diamond(s.single, p)), routes.diamond(s.parcel)],
  shape: (s) => [routes.shape(s.shape), routes.shape(s.shape, true)],
  newsPost: (s) => [routes.newsPost(s.postSlug, s.postId)],
  newsArticle: (s) => [routes.newsArticle(s.postSlug)],
  verify: () => [routes.verify(MADE_UP_TOKEN)],
  reset: () => [routes.reset(MADE_UP_TOKEN)],
  // a link the shop never signed: the page says it is not a shared compare
  compareShared: () => [routes.compareShared(`1-2.${MADE_UP_SIGNATURE}`)],
  clientPage: () => [routes.clientPage(MADE_UP_TOKEN)],
  accountRequest: (s) => [routes.accountRequest(s.request)],
  adminRequest: (s) => [routes.adminRequest(s.request)],
  adminPost: (s) => [routes.adminPost(s.postId)],
  // an import run that is not there: the page says so
  adminStockRun: (s) => [routes.adminStockRun(s.request)],
};

/** Reads the ids the parameterised routes need from the shop's public API. */
export async function readShop(baseURL: string): Promise<Shop> {
  const api = await request.newContext({ baseURL });
  const list = (await (await api.get('/api/v1/diamonds', { params: { limit: 100 } })).json()) as {
    docs: { _id: number; StkCatType: string; StkShape: string }[];
  };
  const posts = (await (await api.get('/api/v1/posts/all')).json()) as { docs: { _id: number; url: string }[] };
  await api.dispose();
  const single = list.docs.find((d) => d.StkCatType === 'Single Item');
  const parcel = list.docs.find((d) => d.StkCatType === 'Multiple Items');
  const post = posts.docs[0];
  expect(single && parcel && post, 'a single stone, a parcel and a post to visit').toBeTruthy();
  return {
    single: single!._id,
    parcel: parcel!._id,
    shape: single!.StkShape,
    postId: post!._id,
    postSlug: post!.url.replace(/^\/news\//, ''),
    // a request that is not there: the admin's request page says so
    request: UNKNOWN_ID,
  };
}

/** Addresses visited besides the table's own: a search from the news page's box. */
const EXTRA: SweepRoute[] = [{ key: 'news', path: `${routes.news}?keywords=diamond` }];

/**
 * What the refusal samples are made of: a made-up token, signature or id. The API's 4xx answer to
 * a call naming one (the page asking for what is not there) is meant to be; Chromium logs every
 * failed resource, sometimes after the browser has moved on to the next address.
 */
const MADE_UP = [MADE_UP_TOKEN, MADE_UP_SIGNATURE, String(UNKNOWN_ID)];
const TOKEN_CALLS = ['/api/v1/verify', '/api/v1/reset'];

/**
 * The console errors a page is meant to show: its own 404 status, the API's 4xx answer to a
 * refusal sample's made-up value, and a 404 for a stone a built page names (the home strip)
 * that has left the stock since (the page leaves it out).
 */
export function expectedRefusal(text: string, url: string, page: string): boolean {
  const failed = /Failed to load resource: .* (4\d\d)/.exec(text);
  if (!failed) return false;
  if (failed[1] === '404' && url === page) return true;
  const { pathname, search } = new URL(url || page, page);
  if (!pathname.startsWith('/api/')) return false;
  if (failed[1] === '404' && /^\/api\/v1\/diamonds\/\d+$/.test(pathname)) return true;
  // /verify/{token} and /reset/{token} send the made-up token in the body of these calls
  if (failed[1] === '400' && TOKEN_CALLS.includes(pathname)) return true;
  const words = `${pathname}${search}`.split(/[^A-Za-z0-9_-]+/);
  return MADE_UP.some((v) => words.includes(v));
}

/** Every address of the route table, in the table's order, then the extra ones. */
export function sweepRoutes(shop: Shop): SweepRoute[] {
  return [...tableRoutes(shop), ...EXTRA];
}

function tableRoutes(shop: Shop): SweepRoute[] {
  return (Object.keys(routes) as RouteKey[]).flatMap((key) => {
    const route = routes[key];
    if (typeof route === 'string') return [{ key, path: route }];
    const sample = SAMPLES[key] as ((shop: Shop) => string[]) | undefined;
    if (!sample) throw new Error(`the route table's "${key}" takes parameters: give it a sample in route-samples.ts`);
    return sample(shop).map((path) => ({ key, path }));
  });
}
