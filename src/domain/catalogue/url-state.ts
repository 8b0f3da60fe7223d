/**
 * The list state in the address (query string), so the back button and shared links work.
 *
 * Compact and readable; a value at its default is left out:
 *   ?tab=2&page=3&size=50&sort=-price&shape=round,pear&wt=0.5-2&col=D-H&cla=VS1-SI2
 *    &price=1000-50000&ppc=..&lab=GIA,IGI&special=1&cut=EX-VG&pol=..&sym=..&fl=NON-MED
 *    &depth=58-62&table=55-60&len=..&wid=..&dep=..&avail=1,2&q=ft-01
 * Ranges are 'from-to' (an empty end keeps its default); grades use their labels (colour,
 * clarity) or abbreviations (EX..POR, NON..VSG) in either order. `tab` is written only for
 * Parcels (2) and Coloured (3): Singles and Lab Grown have their own paths.
 * Reading is tolerant: an unknown key or unreadable value (a shape or lab the panel does not
 * offer, a grade that does not exist, a malformed range) is ignored (the default stays), values
 * are clamped to their limits and put in order. Weight and measurement values are clamped to
 * the stock bounds once those are known (bounds [0, 0] mean "not loaded": values kept as read).
 */
import {
  CLARITIES,
  COLOURS,
  FINISH_ABBREVIATIONS,
  FLUORESCENCE_ABBREVIATIONS,
  GRADING_LABS,
  PARCEL_SHAPES,
  SINGLE_SHAPES,
} from '../grades.ts';
import type { Availability } from '../diamond.ts';
import { BOUND_KEYS, FIXED_LIMITS, sameValue, type FilterState, type RangeKey } from './filter-state.ts';
import { PAGE_SIZES, type PageSize } from './list-state.ts';
import { clampRange, type NumRange } from './sliders.ts';
import { DEFAULT_SORT, isSortColumn, type SortState } from './sort.ts';
import { normaliseShape } from './shapes.ts';
import type { MainTab } from './tabs.ts';

type Codec = { write: (n: number) => string; read: (s: string) => number | null };

const numberCodec: Codec = {
  // an open end (a saved view read without stock bounds) is written empty: 'wt=-2'
  write: (n) => (Number.isFinite(n) ? String(n) : ''),
  read: (s) => {
    if (!/^\d+(\.\d+)?$/.test(s)) return null;
    const n = Number(s);
    return Number.isFinite(n) ? n : null;
  },
};

function labelCodec(
  labels: readonly string[],
  rankOfIndex: (i: number) => number,
  indexOfRank: (r: number) => number,
): Codec {
  const upper = labels.map((l) => l.toUpperCase());
  return {
    write: (r) => labels[indexOfRank(r)] ?? String(r),
    read: (s) => {
      const i = upper.indexOf(s.toUpperCase());
      return i < 0 ? null : rankOfIndex(i);
    },
  };
}

const colourCodec = labelCodec(
  COLOURS,
  (i) => i,
  (r) => r,
);
const clarityCodec = labelCodec(
  CLARITIES,
  (i) => i,
  (r) => r,
);
const finishCodec = labelCodec(
  FINISH_ABBREVIATIONS,
  (i) => 5 - i,
  (r) => 5 - r,
);
const fluorescenceCodec = labelCodec(
  FLUORESCENCE_ABBREVIATIONS,
  (i) => i + 1,
  (r) => r - 1,
);

/** Query key and codec of every range filter. */
const RANGES: readonly (readonly [RangeKey, string, Codec])[] = [
  ['weight', 'wt', numberCodec],
  ['colour', 'col', colourCodec],
  ['clarity', 'cla', clarityCodec],
  ['price', 'price', numberCodec],
  ['ppc', 'ppc', numberCodec],
  ['cut', 'cut', finishCodec],
  ['polish', 'pol', finishCodec],
  ['symmetry', 'sym', finishCodec],
  ['fluorescence', 'fl', fluorescenceCodec],
  ['depth', 'depth', numberCodec],
  ['table', 'table', numberCodec],
  ['measurementsLength', 'len', numberCodec],
  ['measurementsWidth', 'wid', numberCodec],
  ['measurementsDepth', 'dep', numberCodec],
];

const KNOWN_SHAPES = new Set<string>([...SINGLE_SHAPES, ...PARCEL_SHAPES]);
/** The labs the filter panel offers: any other value in the address is dropped, as unknown shapes are. */
const KNOWN_LABS = new Set<string>(GRADING_LABS);
const MAX_SEARCH = 100;

/** Writes the filters that differ from `defaults` into `params` (other keys are left alone). */
export function filtersToParams(
  filters: FilterState,
  defaults: FilterState,
  params = new URLSearchParams(),
): URLSearchParams {
  if (!sameValue('shapes', filters.shapes, defaults.shapes)) params.set('shape', filters.shapes.join(','));
  for (const [key, name, codec] of RANGES) {
    const v = filters[key];
    if (!sameValue(key, v, defaults[key])) params.set(name, `${codec.write(v[0])}-${codec.write(v[1])}`);
  }
  if (!sameValue('gradingLabs', filters.gradingLabs, defaults.gradingLabs))
    params.set('lab', filters.gradingLabs.join(','));
  if (filters.specialOffers !== defaults.specialOffers) params.set('special', filters.specialOffers ? '1' : '0');
  if (!sameValue('availability', filters.availability, defaults.availability))
    params.set('avail', filters.availability.join(','));
  if (filters.search.trim() !== '') params.set('q', filters.search.trim());
  return params;
}

function readRange(raw: string | null, codec: Codec, dflt: NumRange, limits: NumRange | null): NumRange | null {
  if (raw == null) return null;
  const parts = raw.split('-');
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((p) => p.trim()) as [string, string];
  const from = a === '' ? dflt[0] : codec.read(a);
  const to = b === '' ? dflt[1] : codec.read(b);
  if (from == null || to == null) return null;
  const ordered: NumRange = from <= to ? [from, to] : [to, from];
  return limits ? clampRange(ordered, limits) : ordered;
}

const list = (raw: string | null) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The filters a query string describes, on top of `defaults`; anything unreadable is ignored. */
export function filtersFromParams(params: URLSearchParams, defaults: FilterState): FilterState {
  const f: FilterState = { ...defaults };
  const shapes = [
    ...new Set(
      list(params.get('shape'))
        .map(normaliseShape)
        .filter((s) => KNOWN_SHAPES.has(s)),
    ),
  ];
  if (shapes.length) f.shapes = shapes;
  for (const [key, name, codec] of RANGES) {
    const bound = (BOUND_KEYS as readonly string[]).includes(key);
    const d = defaults[key];
    const limits = bound ? (d[0] === 0 && d[1] === 0 ? null : d) : FIXED_LIMITS[key as keyof typeof FIXED_LIMITS];
    const r = readRange(params.get(name), codec, d, limits);
    if (r) f[key] = r;
  }
  const labs = [...new Set(list(params.get('lab')).map((s) => s.toUpperCase()))].filter((s) => KNOWN_LABS.has(s));
  if (labs.length) f.gradingLabs = labs;
  const special = params.get('special');
  if (special === '1' || special === 'true') f.specialOffers = true;
  else if (special === '0' || special === 'false') f.specialOffers = false;
  const avail = [...new Set(list(params.get('avail')).map(Number))].filter(
    (n): n is Availability => n === 1 || n === 2 || n === 3,
  );
  if (avail.length) f.availability = avail.sort();
  const q = params.get('q');
  if (q != null) f.search = q.trim().slice(0, MAX_SEARCH);
  return f;
}

// ---------------------------------------------------------------- the whole view

export type UrlView = { tab: MainTab; page: number; pageSize: PageSize; sort: SortState; filters: FilterState };

/** The view's query string: tab (Parcels/Coloured only), page, size, sort, then the filters. */
export function viewToParams(view: UrlView, defaults: { filters: FilterState; pageSize: PageSize }): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab === 2 || view.tab === 3) params.set('tab', String(view.tab));
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== defaults.pageSize) params.set('size', String(view.pageSize));
  if (view.sort.column !== DEFAULT_SORT.column || view.sort.direction !== DEFAULT_SORT.direction) {
    params.set('sort', `${view.sort.direction === 'desc' ? '-' : ''}${view.sort.column}`);
  }
  return filtersToParams(view.filters, defaults.filters, params);
}

/** Reads tab, page, size and sort (the filters: `filtersFromParams`); unreadable values give the defaults. */
export function viewFromParams(
  params: URLSearchParams,
  defaults: { pageSize: PageSize; tab: MainTab },
): Omit<UrlView, 'filters'> {
  const tabRaw = params.get('tab');
  const tab: MainTab = tabRaw === '2' ? 2 : tabRaw === '3' ? 3 : defaults.tab;
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 1_000_000 ? pageRaw : 1;
  const sizeRaw = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? (sizeRaw as PageSize) : defaults.pageSize;
  const sortRaw = params.get('sort') ?? '';
  const desc = sortRaw.startsWith('-');
  const column = desc ? sortRaw.slice(1) : sortRaw;
  const sort: SortState = isSortColumn(column) ? { column, direction: desc ? 'desc' : 'asc' } : DEFAULT_SORT;
  return { tab, page, pageSize, sort };
}
