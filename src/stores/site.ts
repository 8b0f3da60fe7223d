/**
 * Site state from `GET /api/v1/site`: name, currency (ccy) and exchange rates, social links
 * and the availability labels. Loaded once per page; islands read `$site` and call
 * `loadSite()` (repeat calls share one request). `setCurrency()` changes the display currency.
 */
import { atom } from 'nanostores';
import { api, ApiError } from '../lib/api.ts';
import { defaultCurrency, type FxRate } from '../domain/money.ts';

export type SiteData = {
  siteName: string;
  ccy: string;
  fxrates: FxRate[];
  social_links: Record<string, string>;
  diamond_available: Record<string, string>;
};

export type SiteState =
  | { status: 'idle' | 'loading'; data: SiteData | null; error: null }
  | { status: 'ready'; data: SiteData; error: null }
  | { status: 'error'; data: SiteData | null; error: string };

export const $site = atom<SiteState>({ status: 'idle', data: null, error: null });

let inFlight: Promise<SiteData | null> | null = null;

export function loadSite(force = false): Promise<SiteData | null> {
  if (inFlight && !force) return inFlight;
  const previous = $site.get().data;
  $site.set({ status: 'loading', data: previous, error: null });
  inFlight = api
    .get<SiteData>('/site')
    .then((data) => {
      const ccy =
        previous?.ccy && data.fxrates.some((r) => r.currency === previous.ccy)
          ? previous.ccy
          : data.ccy || defaultCurrency(data.fxrates);
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

/** Switches the display currency (only to one the rates know). */
export function setCurrency(ccy: string): void {
  const state = $site.get();
  if (state.status !== 'ready' || !state.data.fxrates.some((r) => r.currency === ccy)) return;
  $site.set({ ...state, data: { ...state.data, ccy } });
}
