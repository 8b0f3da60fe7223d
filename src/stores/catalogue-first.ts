/**
 * The list's first page before React has started (docs/decisions/004):
 * - the server draws it into the page's HTML with its data (api/services/catalogue/list-page.ts),
 *   which the page's inline script reads (`window.__catalogueDrawn`); when there is none, or it
 *   was drawn for another screen size,
 *   the page's inline script asks the server for it (`window.__catalogueFirst`, a promise) and
 *   leaves the answer in `window.__catalogueFirstPage` once it is here; it asks for GET /site
 *   too (`window.__siteEarly`: the currency and rates the prices show in);
 * - the last answer is kept in localStorage (by the page's painter, early-table.ts), one copy,
 *   with the address (path and query) and page size it answers and the currency it showed in, so a repeat visit paints rows before any request. A visitor's answer
 *   replaces a signed-in copy, signing out (or any sign of being a visitor) forgets a
 *   signed-in copy, another trader signing in forgets the copy of the account it names
 *   (kept-copies.ts), and a signed-in copy older than a session's idle life is not painted, so
 *   no price is kept for a visitor or shown to another trader.
 */
import type { FirstPage } from '../../api/services/catalogue/first-page.ts';
import { defaultPageSize, LARGE_SCREEN_MIN_WIDTH, type PageSize } from '../domain/catalogue/list-state.ts';
import type { FxRate } from '../domain/money.ts';
import type { DrawnPager } from '../islands/catalogue/pager-markup.ts';
import type { AnswerOf, client } from '../lib/api.ts';

/** The site data the layout's early script asks for (what site.ts loads). */
type SiteData = AnswerOf<typeof client.site.$get>;

/** a first page read from the browser's copy (its audience is a guess until the server answers) */
export type ShownFirst = FirstPage & { kept?: true };
type Place = { pathname: string; search: string };
/** the currency and rates a signed-in copy's prices are shown in (from GET /site) */
export type KeptPrices = { ccy: string; rates: readonly FxRate[] };
export type Kept = { where: string; at: number; page: FirstPage; prices: KeptPrices | null };

/** a signed-in copy older than a browser session's idle life is not painted (the session may have ended) */
const TRADE_COPY_MS = 8 * 3600_000;
type EarlyWindow = {
  /** the server drew the first rows into the page (their data fits this screen: `__catalogueFirstPage` at once) */
  __catalogueDrawn?: boolean;
  __catalogueFirst?: Promise<FirstPage | null>;
  __catalogueFirstPage?: FirstPage | null;
  /** the pager's values the server drew with its rows (whatever this screen's size) */
  __cataloguePager?: DrawnPager | null;
  /** the currency and rates the server drew its rows' prices in (null for a visitor) */
  __catalogueDrawnPrices?: KeptPrices | null;
  __siteEarly?: Promise<SiteData | null>;
};

const KEY = 'facet.catalogue.first';
const early = () => (typeof window === 'undefined' ? {} : (window as EarlyWindow));
/** the address and the page size (the list's default for the screen's width) a first page answers */
const whereOf = (loc: Place, pageSize: number) => `${loc.pathname}${loc.search}|${pageSize}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked
  }
}

/**
 * The list's default page size for this screen, asked through a media query: reading
 * `innerWidth` while the page is still being parsed lays out everything parsed so far.
 */
export function screenPageSize(): PageSize {
  const wide = window.matchMedia?.(`(min-width: ${LARGE_SCREEN_MIN_WIDTH}px)`);
  return defaultPageSize(wide ? (wide.matches ? LARGE_SCREEN_MIN_WIDTH : 0) : window.innerWidth);
}

/** The server's answer asked for by the page's inline script (a promise), if it asked. */
export const askedFirstPage = (): Promise<FirstPage | null> | undefined => early().__catalogueFirst;

/** The rows the server drew into the page, when it drew any: the page they show if it fits this screen, else null. */
export const drawnFirstPage = (): { page: FirstPage | null } | null =>
  early().__catalogueDrawn ? { page: early().__catalogueFirstPage ?? null } : null;

/** The currency and rates the server drew its rows' prices in (null for a visitor's rows). */
export const drawnPrices = (): KeptPrices | null => early().__catalogueDrawnPrices ?? null;

/** The pager's values the server drew into the page with its rows, if it drew any. */
export const drawnPager = (): DrawnPager | null => early().__cataloguePager ?? null;

/** GET /site as asked for by the page's inline script (a promise), if it asked. */
export const askedSite = (): Promise<SiteData | null> | undefined => early().__siteEarly;

/** The kept copy for this address and page size (a signed-in copy only while it is recent). */
export function readKept(loc: Place, pageSize: number): Kept | null {
  try {
    const kept = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Kept | null;
    if (!kept || kept.where !== whereOf(loc, pageSize)) return null;
    if (kept.page.audience === 'trade' && !(Date.now() - kept.at < TRADE_COPY_MS)) return null;
    return kept;
  } catch {
    return null; // a damaged copy: the server answers
  }
}

/** The server's answer if it has already arrived, else the kept copy for this address, else null. */
export function firstPageNow(loc: Place, pageSize: number): ShownFirst | null {
  const answered = early().__catalogueFirstPage;
  if (answered) return answered;
  if (early().__catalogueDrawn) return null; // the server's rows stand until its answer for this screen
  const kept = readKept(loc, pageSize);
  return kept ? { ...kept.page, kept: true } : null;
}

/** Keeps the server's answer for the next visit to this address (it replaces any other copy). */
export function keepFirstPage(loc: Place, pageSize: number, page: FirstPage, prices: KeptPrices | null): void {
  try {
    storage()?.setItem(
      KEY,
      JSON.stringify({ where: whereOf(loc, pageSize), at: Date.now(), page, prices } satisfies Kept),
    );
  } catch {
    // quota: the next visit waits for the server
  }
}

/**
 * Forgets a kept signed-in copy unless it is `account`'s (null: any; signing out, the browser
 * turned out to be a visitor, or another trader signed in).
 */
export function forgetTradeFirstPage(account: string | null = null): void {
  try {
    const s = storage();
    const kept = JSON.parse(s?.getItem(KEY) ?? 'null') as Kept | null;
    const theirs = account != null && kept?.page.account === account;
    if (kept?.page.audience !== 'visitor' && !theirs) s?.removeItem(KEY);
  } catch {
    storage()?.removeItem(KEY);
  }
}
