/**
 * The loaded stock and its columnar index (docs/decisions/002, 003 and 004), shared by the
 * list island and anything else that needs "every stone in stock" (counts, favourites, compare).
 *
 * - `loadFirstPage(location, width)` asks the server for the first page of the list at that
 *   address (GET /diamonds/catalogue/first), so rows paint before the full set is here.
 * - `loadCatalogue(owner)` paints from the browser's last copy of the owner's full set at once
 *   (catalogue-set.ts: the visitors' copy, or the signed-in trader's own), then revalidates it
 *   by ETag (a 304 keeps it, a 200 replaces it), and builds the index. Once per owner; a
 *   change of owner (signing in or out, another trader) loads again. Fetching, decoding
 *   and indexing run in a Web Worker (catalogue-set-job.ts), in the page where there is none;
 *   on the list page that job may already be running, started by the early script, and is
 *   adopted (catalogue-early-set.ts).
 * - `reloadCatalogue()` loads the set again, `showPatchedIndex(from, index)` shows the live
 *   stream's patch of it (src/stores/live.ts).
 * - `repriceCatalogue(pricing)` re-prices the index in another currency; `version` moves on
 *   every change so views can memoise on it.
 * - `$availabilityLabels`: the labels of availability codes 1, 2, 3 from
 *   GET /configs?fields=type&filter=diamond_available (first doc), else the spec's defaults.
 */
import { atom } from 'nanostores';
import type { CatalogueDoc } from '../../api/services/catalogue/payload.ts';
import type { FirstPage } from '../../api/services/catalogue/first-page.ts';
import type { Availability } from '../domain/diamond.ts';
import type { FxRate } from '../domain/money.ts';
import { setCurrency, type CatalogueIndex, type PriceContext } from '../domain/catalogue/index.ts';
import { call, client } from '../lib/api.ts';
import { DEFAULT_AVAILABILITY_LABELS } from '../islands/catalogue/column-layout.ts';
import {
  askedFirstPage,
  firstPageNow,
  forgetTradeFirstPage,
  screenPageSize,
  type ShownFirst,
} from './catalogue-first.ts';
import type { Audience, SetOwner } from './catalogue-set.ts';
import { LIVE_PATCHES, sameOwner, setJobStarter, type EarlySetWindow } from './catalogue-early-set.ts';
import { LOAD_FAILED, runSetJob, type SetJob } from './catalogue-set-job.ts';
// the one worker file, also started by the list page's early script (catalogue-early-set.ts)
import workerUrl from './catalogue.worker.ts?worker&url';

export type { CatalogueDoc, FirstPage, Audience, SetOwner };

export type CatalogueState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  audience: Audience | null;
  index: CatalogueIndex | null;
  /** the index was painted from the browser's copy and is being revalidated */
  stale: boolean;
  /**
   * the index was cut from an older set than the server's first page (a copy kept from an
   * earlier visit, which the live stream brings up to date): the first page's rows stand for
   * its own address until the index is patched or loaded again, so no old price shows over them
   */
  behind: boolean;
  /**
   * the server's first page for the address the list opened at (until the index is here), or
   * before it answers the browser's kept copy of it (`kept`)
   */
  first: ShownFirst | null;
  error: string | null;
  /** moves on every load or re-pricing */
  version: number;
  /**
   * the live stream's sequence the index just loaded is current from (its changes since are
   * replayed onto it, stores/live.ts); null once patched, or when not known
   */
  since: number | null;
};

const firstAtStart = () => (typeof window === 'undefined' ? null : firstPageNow(window.location, screenPageSize()));

export const $catalogue = atom<CatalogueState>({
  status: 'idle',
  audience: null,
  index: null,
  stale: false,
  behind: false,
  first: firstAtStart(),
  error: null,
  version: 0,
  since: null,
});

let inFlight: { owner: SetOwner; promise: Promise<CatalogueIndex | null> } | null = null;
/** the owner of the set the last load asked for */
let loadedOwner: SetOwner | null = null;
/** ends the last load's job (its worker) and settles its promise; a newer load calls it */
let cancelJob: (() => void) | null = null;
let pricingNow: PriceContext = null;

let firstLoad: Promise<FirstPage | null> | null = null;

/**
 * The first page for an address (once per page load; never after the index is here); the
 * page's inline script may have asked for it already (`window.__catalogueFirst`).
 */
export function loadFirstPage(loc: { pathname: string; search: string }, width: number): Promise<FirstPage | null> {
  if (firstLoad) return firstLoad;
  firstLoad = (
    askedFirstPage() ??
    call(client.diamonds.catalogue.first.$get({ query: { path: loc.pathname, search: loc.search, width } }))
  )
    .then((first) => {
      if (!first) return null;
      if (!$catalogue.get().index) $catalogue.set({ ...$catalogue.get(), first });
      return first;
    })
    .catch(() => null); // the full set still comes
  return firstLoad;
}

let asking: AbortController | null = null;

/**
 * The first page of another address (the list changed before the full set is here): asked
 * from the server like the page's own first rows, and shown in their place once it answers
 * (the latest change wins; nothing once the index is here).
 */
export function loadAddressPage(address: string, width: number): void {
  asking?.abort();
  const ask = (asking = new AbortController());
  const at = new URL(address, window.location.origin);
  void call(
    client.diamonds.catalogue.first.$get(
      { query: { path: at.pathname, search: at.search, width: String(width) } },
      { init: { signal: ask.signal } },
    ),
  )
    .then((first) => {
      const now = $catalogue.get();
      if (ask !== asking || now.index) return;
      // the same set: the same bounds object, so the list state is not rebased again
      const bounds = now.first?.etag === first.etag ? now.first.bounds : first.bounds;
      $catalogue.set({ ...now, first: { ...first, bounds } });
    })
    .catch(() => undefined); // the change still applies when the full set arrives
}

/** performance mark set each time a full set's index is ready (bench/catalogue-scale.ts) */
export const INDEX_READY_MARK = 'catalogue:index-ready';

const sameRates = (a: readonly FxRate[], b: readonly FxRate[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((r, i) => r.currency === b[i]!.currency && r.ExRate === b[i]!.ExRate && r.default === b[i]!.default));

/** two ETags name the same set (a weak validator is the same set, compressed on its way) */
const sameSet = (a: string, b: string) => a.replace(/^W\//, '') === b.replace(/^W\//, '');

/** the same currency and the same rates (by content: an index built in a worker has copies) */
export const samePricing = (a: PriceContext, b: PriceContext) =>
  a === b || (a != null && b != null && a.ccy === b.ccy && sameRates(a.rates, b.rates));

/**
 * Shows an index built for `built` (a copy of the pricing asked for, when it came from a
 * worker): prices follow the pricing now, re-priced only if it moved meanwhile.
 */
function show(
  index: CatalogueIndex,
  from: { audience: Audience; stale: boolean; kept: string | null },
  built: PriceContext,
  since: number | null,
): CatalogueIndex {
  const { audience, stale } = from;
  const want = audience === 'trade' ? pricingNow : null;
  if (samePricing(audience === 'trade' ? built : null, want)) index.pricing = want;
  else setCurrency(index, want);
  const s = $catalogue.get();
  // a copy kept from an earlier visit may be older than the page the server drew just now
  const { first } = s;
  const behind =
    from.kept != null && first != null && !first.kept && first.audience === audience && !sameSet(first.etag, from.kept);
  $catalogue.set({
    ...s,
    status: 'ready',
    audience,
    index,
    stale,
    behind,
    error: null,
    version: s.version + 1,
    since,
  });
  performance.mark(INDEX_READY_MARK);
  return index;
}

/**
 * Runs a set job (catalogue-set-job.ts): the list page's early job when it is for the same
 * audience, else in a Web Worker of the one worker file, else (no Worker, or it fails before
 * answering) in the page; `hear` gets every answer with the job that made it.
 */
const startSetJob = setJobStarter({
  win: typeof window === 'undefined' ? null : (window as EarlySetWindow),
  workerUrl,
  makeWorker: typeof Worker === 'undefined' ? null : (url) => new Worker(url, { type: 'module' }),
  runHere: (job, hear) => void runSetJob(job, (msg) => hear(msg)),
  failedMsg: LOAD_FAILED,
});

export function loadCatalogue(
  owner: SetOwner,
  pricing: PriceContext = pricingNow,
  again = false,
): Promise<CatalogueIndex | null> {
  const { audience } = owner;
  const current = $catalogue.get();
  const same = (o: SetOwner | null | undefined) => o != null && sameOwner(o, owner);
  if (same(inFlight?.owner)) return inFlight!.promise;
  if (!again && current.status === 'ready' && same(loadedOwner)) return Promise.resolve(current.index);
  pricingNow = audience === 'trade' ? pricing : null;
  loadedOwner = owner;
  $catalogue.set({ ...current, status: 'loading', error: null });
  if (audience === 'visitor') forgetTradeFirstPage();
  const superseded = () => !same(inFlight?.owner);
  // a reload (the live stream could not bring the set up to date) asks the network
  const job: SetJob = {
    audience,
    account: audience === 'trade' ? owner.account : null,
    pricing: pricingNow,
    patch: LIVE_PATCHES && !again,
  };
  const promise = new Promise<CatalogueIndex | null>((resolve) => {
    cancelJob?.();
    const { stop } = startSetJob(job, (msg, built) => {
      if (superseded()) return resolve($catalogue.get().index);
      const s = $catalogue.get();
      if (msg.kind === 'index') {
        // after a reload (the stream could not catch up) the set is the server's current one: no going back
        const index = show(msg.index, msg, built.pricing, again ? null : msg.since);
        if (!msg.stale) resolve(index);
      } else if (msg.kind === 'current') {
        $catalogue.set({ ...s, stale: false });
        resolve(s.index);
      } else {
        // a copy already painted stays usable; the error is shown only when there is nothing
        $catalogue.set(s.index ? { ...s, stale: false } : { ...s, status: 'error', error: msg.msg });
        resolve(s.index);
      }
    });
    cancelJob = () => {
      stop();
      resolve($catalogue.get().index);
    };
  }).finally(() => {
    if (same(inFlight?.owner)) inFlight = null;
  });
  inFlight = { owner, promise };
  return promise;
}

/**
 * Loads the shown set again (the live stream could not say what changed: `resync`); the
 * shown rows stay until the new set is here.
 */
export function reloadCatalogue(): Promise<CatalogueIndex | null> {
  const s = $catalogue.get();
  if (s.status !== 'ready' || !loadedOwner) return Promise.resolve(s.index);
  return loadCatalogue(loadedOwner, pricingNow, true);
}

/**
 * Shows an index the live stream patched (src/domain/live/patch.ts `applyLiveEvents`, the one
 * way the loaded set is patched); ignored if another set was loaded meanwhile.
 */
export function showPatchedIndex(from: CatalogueIndex, index: CatalogueIndex): void {
  const s = $catalogue.get();
  if (s.index !== from) return;
  $catalogue.set({ ...s, index, behind: false, version: s.version + 1, since: null });
}

/**
 * Re-prices the loaded index and the one being loaded (visitors: always unpriced). While a
 * set loads, its audience decides (the index shown, if any, keeps its own audience's rule).
 */
export function repriceCatalogue(pricing: PriceContext): void {
  const s = $catalogue.get();
  const audience = inFlight?.owner.audience ?? s.audience;
  pricingNow = audience === 'trade' ? pricing : null;
  const shown = s.audience === 'trade' ? pricing : null;
  if (s.index == null || samePricing(s.index.pricing, shown)) return;
  setCurrency(s.index, shown);
  $catalogue.set({ ...s, version: s.version + 1 });
}

// ---------------------------------------------------------------- availability labels

export type AvailabilityLabels = Record<Availability, string>;
export { DEFAULT_AVAILABILITY_LABELS };
export type AvailabilityFields = {
  diamond_available_now?: string;
  diamond_available_later?: string;
  diamond_available_on_demand?: string;
};
export type AvailabilityConfigDoc = { _id: number; type: string; fields: AvailabilityFields };

export const $availabilityLabels = atom<AvailabilityLabels>(DEFAULT_AVAILABILITY_LABELS);

export function labelsFromFields(f: AvailabilityFields | undefined): AvailabilityLabels {
  const d = DEFAULT_AVAILABILITY_LABELS;
  return {
    1: f?.diamond_available_now?.trim() || d[1],
    2: f?.diamond_available_later?.trim() || d[2],
    3: f?.diamond_available_on_demand?.trim() || d[3],
  };
}

let labelsLoad: Promise<AvailabilityConfigDoc | null> | null = null;

/** The first diamond_available config doc (null when none); sets the labels. */
export function loadAvailabilityConfig(force = false): Promise<AvailabilityConfigDoc | null> {
  if (labelsLoad && !force) return labelsLoad;
  labelsLoad = call(client.configs.$get({ query: { fields: 'type', filter: 'diamond_available' } }))
    .then(({ docs }) => {
      const doc = docs[0] ?? null;
      $availabilityLabels.set(labelsFromFields(doc?.fields));
      return doc;
    })
    .catch(() => {
      labelsLoad = null;
      return null; // the defaults stay
    });
  return labelsLoad;
}
