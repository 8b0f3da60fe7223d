/**
 * API Link's saved-search `filters` (the query parameters of GET /stones, already parsed)
 * <-> the saved view (the list's address, view.ts). A saved search watches one list of the
 * site: natural stones (category stone, the default; origin natural, the default), lab-grown
 * stones (origin lab_grown) or parcels. What the list cannot express is refused, naming the
 * parameter:
 * - grades (colour, clarity, cut) are a range on the list: a list with a gap (D,F) is refused;
 * - price_max is below the list's open end (PRICE_MAX_VALUE); prices are in `currency`;
 * - certificate_number takes one value, matched as the list's code search (part of a stock
 *   code or certificate number);
 * - has_image, has_video, has_360, has_certificate, limit and cursor are not kept.
 */
import { CLARITIES, COLOURS, FINISH_ABBREVIATIONS, FINISH_GRADES, GRADING_LABS } from '../grades.ts';
import {
  DEFAULT_SORT,
  LAB_GROWN_TAB,
  OTHER_SHAPE,
  PARCELS_TAB,
  PRICE_MAX_VALUE,
  SINGLES_TAB,
  shapeKey,
  tabShapeList,
  type MainTab,
  type NumRange,
  type SortState,
} from '../catalogue/index.ts';
import { OPEN_FILTERS, type SavedView } from './view.ts';

/** GET /stones parameters as parsed (lists split, numbers and flags read). */
export type LinkFilters = {
  category?: 'stone' | 'parcel';
  origin?: 'natural' | 'lab_grown';
  shape?: string[];
  carat_min?: number;
  carat_max?: number;
  price_min?: number;
  price_max?: number;
  colour?: string[];
  clarity?: string[];
  cut?: string[];
  lab?: string[];
  certificate_number?: string[];
  has_image?: boolean;
  has_video?: boolean;
  has_360?: boolean;
  has_certificate?: boolean;
  sort?: string;
  limit?: number;
  cursor?: string;
  currency?: string;
};

export type FilterIssue = { param: string; msg: string };
type Result<T> = { ok: true; value: T } | { ok: false; issue: FilterIssue };
const fail = (param: string, msg: string) => ({ ok: false, issue: { param, msg } }) as const;

const NOT_KEPT = ['has_image', 'has_video', 'has_360', 'has_certificate', 'limit', 'cursor'] as const;

/** A list of grades as the range it covers, or an issue when it leaves a gap or names an unknown grade. */
function gradeRange(param: string, labels: string[], rank: (l: string) => number | null): Result<NumRange> {
  const ranks = [...new Set(labels.map((l) => rank(l)))];
  const unknown = labels.find((l) => rank(l) == null);
  if (unknown != null) return fail(param, `Unknown grade ${unknown}`);
  const sorted = (ranks as number[]).sort((a, b) => a - b);
  if (sorted.at(-1)! - sorted[0]! + 1 !== sorted.length)
    return fail(param, 'A saved search keeps a range of grades without gaps (e.g. D,E,F)');
  return { ok: true, value: [sorted[0]!, sorted.at(-1)!] };
}

const upperIndex = (scale: readonly string[]) => (l: string) => {
  const i = scale.findIndex((s) => s.toUpperCase() === l.trim().toUpperCase());
  return i < 0 ? null : i;
};
/** Finish grades by name or abbreviation, any case: Excellent 5 .. Poor 1. */
const finishRankOf = (l: string) => {
  const i = upperIndex(FINISH_GRADES)(l) ?? upperIndex(FINISH_ABBREVIATIONS)(l);
  return i == null ? null : FINISH_GRADES.length - i;
};

const SORTS: Record<string, SortState> = {
  created: DEFAULT_SORT,
  '-created': { column: 'createdAt', direction: 'desc' },
  carat: { column: 'weight', direction: 'asc' },
  '-carat': { column: 'weight', direction: 'desc' },
  price: { column: 'price', direction: 'asc' },
  '-price': { column: 'price', direction: 'desc' },
};

/** The saved view of a set of /stones filters, or the first parameter it cannot keep. */
export function viewOfLinkFilters(f: LinkFilters): Result<SavedView> {
  for (const p of NOT_KEPT) if (f[p] != null) return fail(p, 'Not kept by a saved search');
  if (f.category === 'parcel' && f.origin != null)
    return fail('origin', 'Parcels are one list, natural and lab-grown together: leave origin out');
  const tab: MainTab = f.category === 'parcel' ? PARCELS_TAB : f.origin === 'lab_grown' ? LAB_GROWN_TAB : SINGLES_TAB;
  const filters = { ...OPEN_FILTERS };
  if (f.shape?.length) {
    const list = tabShapeList(tab);
    const unknown = f.shape.find((s) => shapeKey(s, list) === OTHER_SHAPE && s.trim().toLowerCase() !== OTHER_SHAPE);
    if (unknown != null) return fail('shape', `Unknown shape ${unknown} (one of ${list.join(', ')})`);
    filters.shapes = [...new Set(f.shape.map((s) => shapeKey(s, list)))];
  }
  if (f.carat_min != null || f.carat_max != null) {
    if (f.carat_min != null && f.carat_max != null && f.carat_min > f.carat_max)
      return fail('carat_max', 'Must be at least carat_min');
    filters.weight = [f.carat_min ?? -Infinity, f.carat_max ?? Infinity];
  }
  if (f.price_min != null || f.price_max != null) {
    if (f.price_max != null && f.price_max >= PRICE_MAX_VALUE)
      return fail('price_max', `Must be below ${PRICE_MAX_VALUE} (leave it out for no upper end)`);
    if (f.price_min != null && f.price_max != null && f.price_min > f.price_max)
      return fail('price_max', 'Must be at least price_min');
    filters.price = [f.price_min ?? OPEN_FILTERS.price[0], f.price_max ?? OPEN_FILTERS.price[1]];
  }
  const grades = [
    ['colour', 'colour', f.colour, upperIndex(COLOURS)],
    ['clarity', 'clarity', f.clarity, upperIndex(CLARITIES)],
    ['cut', 'cut', f.cut, finishRankOf],
  ] as const;
  for (const [param, key, labels, rank] of grades) {
    if (!labels?.length) continue;
    const r = gradeRange(param, labels, rank);
    if (!r.ok) return r;
    filters[key] = r.value;
  }
  if (f.lab?.length) {
    const labs = [...new Set(f.lab.map((l) => l.trim().toUpperCase()))];
    const unknown = labs.find((l) => !(GRADING_LABS as readonly string[]).includes(l));
    if (unknown != null) return fail('lab', `Unknown lab ${unknown} (one of ${GRADING_LABS.join(', ')})`);
    filters.gradingLabs = labs;
  }
  if (f.certificate_number?.length) {
    if (f.certificate_number.length > 1)
      return fail('certificate_number', 'A saved search takes one certificate number');
    filters.search = f.certificate_number[0]!.trim().slice(0, 100);
  }
  const sort = SORTS[f.sort ?? 'created'];
  if (!sort) return fail('sort', `Must be one of ${Object.keys(SORTS).join(', ')}`);
  return { ok: true, value: { tab, sort, filters } };
}

const labels = (scale: readonly string[], [a, b]: NumRange) => scale.slice(a, b + 1);
const finite = (n: number) => (Number.isFinite(n) ? n : undefined);

/**
 * The /stones filters a saved view uses (a view saved on the site may also use filters
 * /stones does not have: polish, symmetry, fluorescence, depth, table, measurements, special
 * offers, availability, price per carat; its address has them all).
 */
export function linkFiltersOfView(view: SavedView): LinkFilters {
  const f = view.filters;
  const out: LinkFilters = {
    category: view.tab === PARCELS_TAB ? 'parcel' : 'stone',
    ...(view.tab === PARCELS_TAB ? {} : { origin: view.tab === LAB_GROWN_TAB ? 'lab_grown' : 'natural' }),
  };
  if (f.shapes.length) out.shape = [...f.shapes];
  if (finite(f.weight[0]) != null) out.carat_min = f.weight[0];
  if (finite(f.weight[1]) != null) out.carat_max = f.weight[1];
  if (f.price[0] > OPEN_FILTERS.price[0]) out.price_min = f.price[0];
  if (f.price[1] < OPEN_FILTERS.price[1]) out.price_max = f.price[1];
  if (f.colour[0] > OPEN_FILTERS.colour[0] || f.colour[1] < OPEN_FILTERS.colour[1])
    out.colour = labels(COLOURS, f.colour);
  if (f.clarity[0] > OPEN_FILTERS.clarity[0] || f.clarity[1] < OPEN_FILTERS.clarity[1])
    out.clarity = labels(CLARITIES, f.clarity);
  if (f.cut[0] > OPEN_FILTERS.cut[0] || f.cut[1] < OPEN_FILTERS.cut[1])
    out.cut = labels(FINISH_GRADES, [FINISH_GRADES.length - f.cut[1], FINISH_GRADES.length - f.cut[0]]);
  if (f.gradingLabs.length) out.lab = [...f.gradingLabs];
  if (f.search) out.certificate_number = [f.search];
  const sort = Object.entries(SORTS).find(
    ([, s]) => s.column === view.sort.column && s.direction === view.sort.direction,
  );
  out.sort = sort?.[0] ?? 'created';
  return out;
}
