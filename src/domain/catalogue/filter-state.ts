/**
 * The filter set of the catalogue and its defaults.
 *
 * Units: weight in carats; colour/clarity as grade ranks (colour 0 D .. 9 M, clarity 0 FL ..
 * 9 "I1 and below"); cut/polish/symmetry ranks 1 Poor .. 5 Excellent; fluorescence ranks
 * 1 None .. 7 V. Strong; price and ppc in whole units of the chosen currency (upper end
 * 50,000 = no upper bound); depth and table in percent; measurements in mm; gradingLabs
 * uppercase; shapes as entries of the tab's shape list.
 *
 * Default filters: full ranges, no shapes, no labs, special offers off, empty search.
 * A filter at its default is not applied. `availability` (codes 1, 2, 3) is our addition so
 * the optional Availability column has a filter its switch can clear.
 */
import type { Availability, CategoryRanges } from '../diamond.ts';
import {
  CLARITY_LIMITS,
  COLOUR_LIMITS,
  DEPTH_LIMITS,
  FINISH_LIMITS,
  FLUORESCENCE_LIMITS,
  PRICE_LIMITS,
  TABLE_LIMITS,
  type NumRange,
} from './sliders.ts';

export type FilterState = {
  shapes: readonly string[];
  weight: NumRange;
  clarity: NumRange;
  colour: NumRange;
  price: NumRange;
  ppc: NumRange;
  gradingLabs: readonly string[];
  specialOffers: boolean;
  cut: NumRange;
  polish: NumRange;
  symmetry: NumRange;
  fluorescence: NumRange;
  depth: NumRange;
  table: NumRange;
  measurementsLength: NumRange;
  measurementsWidth: NumRange;
  measurementsDepth: NumRange;
  availability: readonly Availability[];
  search: string;
};

export type FilterKey = keyof FilterState;
/** One filter's new value: `{ key: 'weight', value: [0.5, 2] }`. */
export type FilterChange = { [K in FilterKey]: { key: K; value: FilterState[K] } }[FilterKey];

/** The optional table columns; both on by default. A switched-off column's filter is cleared and not applied. */
export type OptionalColumns = { measurements: boolean; availability: boolean };
export type OptionalColumn = keyof OptionalColumns;
export const DEFAULT_COLUMNS: OptionalColumns = { measurements: true, availability: true };

/** The slider bounds that come from the stock (per tab). */
export type FilterBounds = {
  weight: NumRange;
  measurementsLength: NumRange;
  measurementsWidth: NumRange;
  measurementsDepth: NumRange;
};

export const FILTER_KEYS: readonly FilterKey[] = [
  'shapes',
  'weight',
  'clarity',
  'colour',
  'price',
  'ppc',
  'gradingLabs',
  'specialOffers',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'depth',
  'table',
  'measurementsLength',
  'measurementsWidth',
  'measurementsDepth',
  'availability',
  'search',
];
export const RANGE_KEYS = [
  'weight',
  'clarity',
  'colour',
  'price',
  'ppc',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'depth',
  'table',
  'measurementsLength',
  'measurementsWidth',
  'measurementsDepth',
] as const satisfies readonly FilterKey[];
export type RangeKey = (typeof RANGE_KEYS)[number];
export const BOUND_KEYS = ['weight', 'measurementsLength', 'measurementsWidth', 'measurementsDepth'] as const;
/** Shown only to authorised users; ignored otherwise. */
export const AUTHORISED_KEYS: readonly FilterKey[] = ['price', 'ppc', 'availability'];
export const MEASUREMENT_KEYS = ['measurementsLength', 'measurementsWidth', 'measurementsDepth'] as const;

/** Fixed limits of the range filters whose bounds do not come from the stock. */
export const FIXED_LIMITS = {
  clarity: CLARITY_LIMITS,
  colour: COLOUR_LIMITS,
  price: PRICE_LIMITS,
  ppc: PRICE_LIMITS,
  cut: FINISH_LIMITS,
  polish: FINISH_LIMITS,
  symmetry: FINISH_LIMITS,
  fluorescence: FLUORESCENCE_LIMITS,
  depth: DEPTH_LIMITS,
  table: TABLE_LIMITS,
} as const satisfies Partial<Record<RangeKey, NumRange>>;

/** Bounds before any stock is known: zero-width, so every filter sits at its default. */
export const EMPTY_BOUNDS: FilterBounds = {
  weight: [0, 0],
  measurementsLength: [0, 0],
  measurementsWidth: [0, 0],
  measurementsDepth: [0, 0],
};

const down = (n: number) => Math.floor(n * 100 + 1e-6) / 100;
const up = (n: number) => Math.ceil(n * 100 - 1e-6) / 100;
/** A min/max rounded outwards to the 0.01 step, so no stone falls outside the slider. */
export function outwardRange(min: number, max: number): NumRange {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return [0, 0];
  return [down(min), up(max)];
}

/** Bounds from the server's per-category ranges (`DiamondList.ranges[catType]`). */
export function boundsFromRanges(r: CategoryRanges): FilterBounds {
  return {
    weight: outwardRange(r.STWeight[0], r.STWeight[1]),
    measurementsLength: outwardRange(r.StkMes1[0], r.StkMes1[1]),
    measurementsWidth: outwardRange(r.StkMes2[0], r.StkMes2[1]),
    measurementsDepth: outwardRange(r.StkMes3[0], r.StkMes3[1]),
  };
}

export function defaultFilters(bounds: FilterBounds = EMPTY_BOUNDS): FilterState {
  return {
    shapes: [],
    weight: bounds.weight,
    clarity: FIXED_LIMITS.clarity,
    colour: FIXED_LIMITS.colour,
    price: FIXED_LIMITS.price,
    ppc: FIXED_LIMITS.ppc,
    gradingLabs: [],
    specialOffers: false,
    cut: FIXED_LIMITS.cut,
    polish: FIXED_LIMITS.polish,
    symmetry: FIXED_LIMITS.symmetry,
    fluorescence: FIXED_LIMITS.fluorescence,
    depth: FIXED_LIMITS.depth,
    table: FIXED_LIMITS.table,
    measurementsLength: bounds.measurementsLength,
    measurementsWidth: bounds.measurementsWidth,
    measurementsDepth: bounds.measurementsDepth,
    availability: [],
    search: '',
  };
}

/** The limits a range filter is clamped to. */
export function limitsOf(key: RangeKey, bounds: FilterBounds): NumRange {
  return key === 'weight' || key === 'measurementsLength' || key === 'measurementsWidth' || key === 'measurementsDepth'
    ? bounds[key]
    : FIXED_LIMITS[key];
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};
const RANGE_KEY_SET: ReadonlySet<FilterKey> = new Set(RANGE_KEYS);

/** Equality of one filter's values: ranges end by end, selections as sets (order-free). */
export function sameValue<K extends FilterKey>(key: K, a: FilterState[K], b: FilterState[K]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return RANGE_KEY_SET.has(key) ? a[0] === b[0] && a[1] === b[1] : sameSet(a, b);
  }
  return a === b;
}

export function isAtDefault(filters: FilterState, key: FilterKey, defaults: FilterState): boolean {
  return sameValue(key, filters[key], defaults[key]);
}

export type CountOptions = {
  /** price, ppc and availability count only for authorised users (default true) */
  authorised?: boolean;
  /** measurement filters count only while their column is on (default true) */
  measurements?: boolean;
  /** the code search is not part of the panel, so it is left out unless asked (default false) */
  includeSearch?: boolean;
};

/** The filters that differ from their defaults, in FILTER_KEYS order. */
export function changedFilterKeys(filters: FilterState, defaults: FilterState, opts: CountOptions = {}): FilterKey[] {
  const { authorised = true, measurements = true, includeSearch = false } = opts;
  return FILTER_KEYS.filter((key) => {
    if (key === 'search' && !includeSearch) return false;
    if (!authorised && AUTHORISED_KEYS.includes(key)) return false;
    if (!measurements && (MEASUREMENT_KEYS as readonly string[]).includes(key)) return false;
    return !isAtDefault(filters, key, defaults);
  });
}

/** n in 'Filters (n)': each changed filter counts once. */
export function countChangedFilters(filters: FilterState, defaults: FilterState, opts: CountOptions = {}): number {
  return changedFilterKeys(filters, defaults, opts).length;
}

/** Sets one filter. */
export function withFilter(filters: FilterState, change: FilterChange): FilterState {
  return { ...filters, [change.key]: change.value };
}

/** Every filter back to its default; the search kept when asked. */
export function resetFilters(filters: FilterState, defaults: FilterState, keepSearch = false): FilterState {
  return keepSearch ? { ...defaults, search: filters.search } : defaults;
}

/**
 * Moves filters onto new stock bounds: a bound filter still at its old default takes the
 * new default; a changed one is clamped into the new bounds.
 */
export function rebaseFilters(filters: FilterState, oldBounds: FilterBounds, newBounds: FilterBounds): FilterState {
  const next: FilterState = { ...filters };
  for (const key of BOUND_KEYS) {
    const v = filters[key];
    const o = oldBounds[key];
    const n = newBounds[key];
    if (v[0] === o[0] && v[1] === o[1]) next[key] = n;
    else {
      const a = Math.min(Math.max(v[0], n[0]), n[1]);
      const b = Math.min(Math.max(v[1], n[0]), n[1]);
      next[key] = a <= b ? [a, b] : [b, a];
    }
  }
  return next;
}
