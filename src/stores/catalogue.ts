/**
 * The loaded stock and its columnar index (docs/decisions/002 and 003), shared by the list
 * island and anything else that needs "every stone in stock" (counts, favourites, compare).
 *
 * - `loadCatalogue(authorised)` fetches GET /api/v1/diamonds/catalogue once per audience
 *   (the browser revalidates it by ETag, so a repeat load is a 304) and builds the index.
 * - `repriceCatalogue(pricing)` re-prices the index in another currency; `version` moves on
 *   every change so views can memoise on it.
 * - `$availabilityLabels`: the labels of availability codes 1, 2, 3 from
 *   GET /configs?fields=type&filter=diamond_available (first doc), else the spec's defaults.
 */
import { atom } from 'nanostores';
import type { CatalogueDoc, CataloguePayload } from '../../api/services/catalogue-payload.ts';
import type { Availability, DiamondDoc } from '../domain/diamond.ts';
import { prepareCatalogue, setCurrency, type CatalogueIndex, type PriceContext } from '../domain/catalogue/index.ts';
import { api, ApiError } from '../lib/api.ts';

export type { CatalogueDoc };
export type Audience = 'visitor' | 'trade';

export type CatalogueState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  audience: Audience | null;
  index: CatalogueIndex | null;
  error: string | null;
  /** moves on every load or re-pricing */
  version: number;
};

export const $catalogue = atom<CatalogueState>({
  status: 'idle',
  audience: null,
  index: null,
  error: null,
  version: 0,
});

let inFlight: { audience: Audience; promise: Promise<CatalogueIndex | null> } | null = null;
let pricingNow: PriceContext = null;

/**
 * The slim payload docs are DiamondDocs without their detail-only fields; the index reads
 * only INDEX_FIELDS, and the list views read a missing field as '-'.
 */
const asDocs = (docs: CatalogueDoc[]) => docs as unknown as DiamondDoc[];

export function loadCatalogue(authorised: boolean, pricing: PriceContext = pricingNow): Promise<CatalogueIndex | null> {
  const audience: Audience = authorised ? 'trade' : 'visitor';
  const current = $catalogue.get();
  if (inFlight?.audience === audience) return inFlight.promise;
  if (current.status === 'ready' && current.audience === audience) return Promise.resolve(current.index);
  pricingNow = authorised ? pricing : null;
  $catalogue.set({ ...current, status: 'loading', error: null });
  const promise = api
    .get<CataloguePayload>('/diamonds/catalogue')
    .then((payload) => {
      if (inFlight?.audience !== audience) return $catalogue.get().index; // superseded
      const index = prepareCatalogue(asDocs(payload.docs), pricingNow);
      $catalogue.set({ status: 'ready', audience, index, error: null, version: $catalogue.get().version + 1 });
      return index;
    })
    .catch((err: unknown) => {
      const error = err instanceof ApiError ? err.message : 'The stock list could not be loaded.';
      $catalogue.set({ ...$catalogue.get(), status: 'error', error });
      return null;
    })
    .finally(() => {
      if (inFlight?.audience === audience) inFlight = null;
    });
  inFlight = { audience, promise };
  return promise;
}

const samePricing = (a: PriceContext, b: PriceContext) =>
  a === b || (a != null && b != null && a.ccy === b.ccy && a.rates === b.rates);

/** Re-prices the loaded index (visitors: always unpriced). */
export function repriceCatalogue(pricing: PriceContext): void {
  const s = $catalogue.get();
  const next = s.audience === 'trade' ? pricing : null;
  if (samePricing(pricingNow, next) && (s.index == null || samePricing(s.index.pricing, next))) return;
  pricingNow = next;
  if (!s.index) return;
  setCurrency(s.index, next);
  $catalogue.set({ ...s, version: s.version + 1 });
}

// ---------------------------------------------------------------- availability labels

export type AvailabilityLabels = Record<Availability, string>;
export const DEFAULT_AVAILABILITY_LABELS: AvailabilityLabels = { 1: 'Immediately', 2: '3-5 days', 3: 'On Demand' };
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
  labelsLoad = api
    .get<{ docs: AvailabilityConfigDoc[] }>('/configs', { query: { fields: 'type', filter: 'diamond_available' } })
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
