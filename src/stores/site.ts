/**
 * Site state from `GET /api/v1/site`: name, currency (ccy) and exchange rates, social links
 * and the availability labels. Loaded once per page; islands read `$site` and call
 * `loadSite()` (repeat calls share one request).
 *
 * The display currency is remembered: `setCurrency()` keeps the choice in this browser
 * (localStorage `facet.ccy`) and, for a signed-in user, on the server (PATCH
 * /profile/currency, read back as `user.ccy` by /me and login, so it follows the user to
 * another browser). Every page starts from the remembered choice: the user's, else this
 * browser's, else the site's default; prices everywhere (list, detail, home, bag, requests)
 * read `$site.data.ccy`.
 */
import { atom } from 'nanostores';
import { api, ApiError } from '../lib/api.ts';
import { defaultCurrency, type FxRate } from '../domain/money.ts';
import { $session, setSession } from './session.ts';

export type SiteData = {
  siteName: string;
  ccy: string;
  fxrates: FxRate[];
  social_links: Record<string, string>;
  diamond_available: Record<string, string>;
  /** the catalogue's Coloured tab is on (admin setting) */
  coloured_tab?: boolean;
};

export type SiteState =
  | { status: 'idle' | 'loading'; data: SiteData | null; error: null }
  | { status: 'ready'; data: SiteData; error: null }
  | { status: 'error'; data: SiteData | null; error: string };

export const $site = atom<SiteState>({ status: 'idle', data: null, error: null });

let inFlight: Promise<SiteData | null> | null = null;

let earlyUsed = false;
/** GET /site; the first time, the answer the list page's inline script already asked for (if it did) */
function askSite(): Promise<SiteData> {
  const early = earlyUsed ? undefined : (globalThis as { __siteEarly?: Promise<SiteData | null> }).__siteEarly;
  earlyUsed = true;
  return early ? early.then((d) => d ?? api.get<SiteData>('/site')) : api.get<SiteData>('/site');
}

export function loadSite(force = false): Promise<SiteData | null> {
  if (inFlight && !force) return inFlight;
  const previous = $site.get().data;
  $site.set({ status: 'loading', data: previous, error: null });
  inFlight = askSite()
    .then((data) => {
      const known = (c: string | null | undefined): c is string => !!c && data.fxrates.some((r) => r.currency === c);
      const chosen = [previous?.ccy, rememberedCurrency()].find(known);
      const ccy = chosen ?? (data.ccy || defaultCurrency(data.fxrates));
      const next = { ...data, ccy };
      $site.set({ status: 'ready', data: next, error: null });
      return next;
    })
    .catch((err: unknown) => {
      const message = err instanceof ApiError ? err.message : 'Could not load site settings';
      $site.set({ status: 'error', data: previous, error: message });
      inFlight = null;
      return null;
    });
  return inFlight;
}

const CCY_KEY = 'facet.ccy';

/** The remembered currency: the signed-in user's, else this browser's (null: none). */
export function rememberedCurrency(): string | null {
  const user = $session.get().user;
  if (user?.ccy) return user.ccy;
  try {
    return globalThis.localStorage?.getItem(CCY_KEY) ?? null;
  } catch {
    return null; // storage blocked: the site's default
  }
}

function showCurrency(ccy: string): boolean {
  const state = $site.get();
  if (state.status !== 'ready' || !state.data.fxrates.some((r) => r.currency === ccy)) return false;
  if (state.data.ccy !== ccy) $site.set({ ...state, data: { ...state.data, ccy } });
  return true;
}

/** Switches the display currency (only to one the rates know) and remembers it. */
export function setCurrency(ccy: string): void {
  if (!showCurrency(ccy)) return;
  try {
    globalThis.localStorage?.setItem(CCY_KEY, ccy);
  } catch {
    // storage blocked: remembered on the server only (signed in) or for this page
  }
  const session = $session.get();
  if (!session.user || session.user.ccy === ccy) return;
  setSession({ isAuthorised: session.isAuthorised, user: { ...session.user, ccy } });
  api
    .patch('/profile/currency', { ccy })
    .catch((err: unknown) => console.error('[site] remembering the currency failed', err));
}

// a user who signs in (or whose session arrives after the rates) sees their own currency
$session.listen((s) => {
  if (s.user?.ccy) showCurrency(s.user.ccy);
});
