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
import { ApiError, call, client, type AnswerOf } from '../lib/api.ts';
import { rateCurrency, rememberCurrency, shownCurrency, storedCurrency } from './shown-currency.ts';
import { $session, setSession } from './session.ts';

/** GET /site: the site name, currencies and rates, social links, availability labels, the Coloured tab switch. */
export type SiteData = AnswerOf<typeof client.site.$get>;

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
  const ask = () => call(client.site.$get());
  return early ? early.then((d) => d ?? ask()) : ask();
}

export function loadSite(force = false): Promise<SiteData | null> {
  if (inFlight && !force) return inFlight;
  const previous = $site.get().data;
  $site.set({ status: 'loading', data: previous, error: null });
  inFlight = askSite()
    .then((data) => {
      const ccy = shownCurrency(data, previous?.ccy, rememberedCurrency());
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

/** The remembered currency: the signed-in user's, else this browser's (null: none). */
export function rememberedCurrency(): string | null {
  return $session.get().user?.ccy || storedCurrency();
}

/** Shows `wanted` when the rates know it: answers it as a known currency, else null. */
function showCurrency(wanted: string) {
  const state = $site.get();
  const ccy = state.status === 'ready' ? rateCurrency(state.data.fxrates, wanted) : undefined;
  if (state.status !== 'ready' || !ccy) return null;
  if (state.data.ccy !== ccy) $site.set({ ...state, data: { ...state.data, ccy } });
  return ccy;
}

/** Switches the display currency (only to one the rates know) and remembers it. */
export function setCurrency(wanted: string): void {
  const ccy = showCurrency(wanted);
  if (!ccy) return;
  rememberCurrency(ccy); // (storage blocked: remembered on the server only, signed in, or for this page)
  const session = $session.get();
  if (!session.user || session.user.ccy === ccy) return;
  setSession({ isAuthorised: session.isAuthorised, user: { ...session.user, ccy } });
  call(client.profile.currency.$patch({ json: { ccy } })).catch((err: unknown) =>
    console.error('[site] remembering the currency failed', err),
  );
}

// a user who signs in (or whose session arrives after the rates) sees their own currency
$session.listen((s) => {
  if (s.user?.ccy) showCurrency(s.user.ccy);
});
