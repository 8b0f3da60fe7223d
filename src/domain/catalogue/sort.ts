/**
 * Sorting the list by a table column.
 *
 * - Clicking the column already sorted flips ascending/descending; switching column starts
 *   ascending. Default: createdAt ascending.
 * - Ascending follows each scale's own order: colour D..M, clarity FL..I3, cut/polish/symmetry
 *   Excellent..Poor, fluorescence None..V. Strong; shape and lab alphabetically; numbers low to
 *   high. Parcels sort by the lower end of their Size range under WEIGHT; LTH / WTH / DTH sorts
 *   by length. Stones without a value come last in both directions; ties keep createdAt
 *   ascending (then load order) in both directions.
 * - PPC, BR and PRICE sort only for authorised users; for visitors they fall back to the default.
 *
 * Each column's full ascending permutation is built once per index (native numeric sort plus
 * a stable counting sort, no comparator) and cached; sorting a filtered set then walks that
 * permutation and keeps the rows marked in a scratch mask: O(stones) per sort.
 */
import type { FilterState } from './filter-state.ts';
import { applyFilters, type FilterContext } from './filter.ts';
import type { CatalogueIndex, SortOrder } from './prepare.ts';

export const SORT_COLUMNS = [
  'createdAt',
  'shape',
  'weight',
  'colour',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluor',
  'measurements',
  'lab',
  'ppc',
  'br',
  'price',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export type SortState = { column: SortColumn; direction: SortDirection };

export const DEFAULT_SORT: SortState = { column: 'createdAt', direction: 'asc' };
/** Table headers of the sortable columns. */
export const SORT_COLUMN_HEADERS: Record<Exclude<SortColumn, 'createdAt'>, string> = {
  shape: 'SHAPE',
  weight: 'WEIGHT',
  colour: 'COLOUR',
  clarity: 'CLARITY',
  cut: 'CUT',
  polish: 'POLISH',
  symmetry: 'SYMMETRY',
  fluor: 'FLUOR',
  measurements: 'LTH / WTH / DTH',
  lab: 'LAB',
  ppc: 'PPC',
  br: 'BR',
  price: 'PRICE',
};
/** Sorting by these would reveal prices. */
export const PRICE_SORT_COLUMNS: readonly SortColumn[] = ['ppc', 'br', 'price'];

export const isSortColumn = (s: unknown): s is SortColumn => (SORT_COLUMNS as readonly unknown[]).includes(s);

/** The sort after clicking `column`'s header. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/** The sort actually used: price columns fall back to the default for visitors. */
export function effectiveSort(sort: SortState, authorised: boolean): SortState {
  return !authorised && PRICE_SORT_COLUMNS.includes(sort.column) ? DEFAULT_SORT : sort;
}

/** Each row's shape name, trimmed and lowercased ('' for none). */
function shapeNames(ix: CatalogueIndex): string[] {
  const col = ix.cols.dict.StkShape;
  if (!col) return new Array<string>(ix.size).fill('');
  const names = col.d.map((s) =>
    String(s ?? '')
      .trim()
      .toLowerCase(),
  );
  return Array.from(col.i, (k) => (k < 0 ? '' : names[k]!));
}

function alphabeticalRanks(names: readonly string[]): Float64Array {
  const unique = [...new Set(names)].filter((s) => s !== '').sort();
  const rank = new Map(unique.map((s, i) => [s, i]));
  const out = new Float64Array(names.length);
  for (let i = 0; i < names.length; i++) out[i] = rank.get(names[i] as string) ?? NaN;
  return out;
}

const rankKey = (a: Int8Array, transform: (r: number) => number) => {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) < 0 ? NaN : transform(a[i] as number);
  return out;
};

/**
 * The per-row values a column's sort key is made from (sortKey): a row whose value here and
 * whose createdAt (every order's tie-break) stay the same keeps its place in the column's order.
 */
export function sortSource(ix: CatalogueIndex, column: SortColumn): ArrayLike<number> | undefined {
  switch (column) {
    case 'createdAt':
      return ix.createdAt;
    case 'shape':
      return ix.cols.dict.StkShape?.i;
    case 'weight':
      return ix.weightLo;
    case 'colour':
      return ix.colourLo;
    case 'clarity':
      return ix.clarityLo;
    case 'cut':
      return ix.cutHi;
    case 'polish':
      return ix.polishHi;
    case 'symmetry':
      return ix.symmetryHi;
    case 'fluor':
      return ix.fluorescenceLo;
    case 'measurements':
      return ix.length;
    case 'lab':
      return ix.lab;
    case 'ppc':
      return ix.ppc;
    case 'br':
      return ix.rap;
    case 'price':
      return ix.price;
  }
}

/** The numeric key of every row for a column (NaN = missing), made from its sortSource. */
export function sortKey(ix: CatalogueIndex, column: SortColumn): Float64Array {
  switch (column) {
    case 'shape':
      return alphabeticalRanks(shapeNames(ix));
    case 'colour':
    case 'clarity':
    case 'fluor':
      return rankKey(sortSource(ix, column) as Int8Array, (r) => r);
    case 'cut':
    case 'polish':
    case 'symmetry':
      return rankKey(sortSource(ix, column) as Int8Array, (r) => 5 - r);
    case 'lab': {
      const ranks = alphabeticalRanks(ix.labs);
      const out = new Float64Array(ix.size);
      for (let i = 0; i < ix.size; i++) out[i] = ranks[ix.lab[i] as number] ?? NaN;
      return out;
    }
    default:
      // createdAt, weight, measurements, ppc, br, price: the column is the key
      return sortSource(ix, column) as Float64Array;
  }
}

/** Stable ascending order of `base` by `key`, missing keys last (in base order). */
function stableOrder(key: Float64Array, base: Int32Array): SortOrder {
  const n = base.length;
  const present: number[] = [];
  for (let i = 0; i < key.length; i++) if (!Number.isNaN(key[i] as number)) present.push(key[i] as number);
  const sorted = Float64Array.from(present).sort();
  let u = 0; // unique values, in place
  for (let k = 0; k < sorted.length; k++) if (k === 0 || sorted[k] !== sorted[u - 1]) sorted[u++] = sorted[k] as number;
  const uniq = sorted.subarray(0, u);
  const rankOf = new Int32Array(key.length);
  for (let i = 0; i < key.length; i++) {
    const v = key[i] as number;
    if (Number.isNaN(v)) {
      rankOf[i] = u; // the missing bucket, last
      continue;
    }
    let lo = 0;
    let hi = u - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((uniq[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    rankOf[i] = lo;
  }
  const start = new Int32Array(u + 2);
  for (let k = 0; k < n; k++) start[(rankOf[base[k] as number] as number) + 1]!++;
  for (let r = 1; r < start.length; r++) start[r]! += start[r - 1] as number;
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = base[k] as number;
    order[start[rankOf[i] as number]!++] = i;
  }
  return { order, present: present.length, key };
}

/** The cached ascending permutation of every row by `column`. */
export function sortOrder(ix: CatalogueIndex, column: SortColumn): SortOrder {
  let o = ix.orders.get(column);
  if (o) return o;
  const byCreated =
    ix.orders.get('createdAt') ??
    stableOrder(
      ix.createdAt,
      Int32Array.from({ length: ix.size }, (_, i) => i),
    );
  ix.orders.set('createdAt', byCreated);
  o = column === 'createdAt' ? byCreated : stableOrder(sortKey(ix, column), byCreated.order);
  ix.orders.set(column, o);
  return o;
}

/** `rows` (any subset of the index) in the order of `sort`. */
export function sortRows(
  ix: CatalogueIndex,
  rows: ArrayLike<number>,
  sort: SortState,
  authorised: boolean,
): Int32Array {
  const { column, direction } = effectiveSort(sort, authorised);
  const { order, present, key } = sortOrder(ix, column);
  const mask = ix.mask;
  const want = rows.length;
  for (let k = 0; k < want; k++) mask[rows[k] as number] = 1;
  const out = new Int32Array(want);
  let n = 0;
  const take = (i: number) => {
    if (mask[i] === 1) {
      mask[i] = 0;
      out[n++] = i;
    }
  };
  if (direction === 'asc') {
    for (let k = 0; k < present && n < want; k++) take(order[k] as number);
  } else {
    let j = present - 1;
    while (j >= 0 && n < want) {
      const v = key[order[j] as number];
      let s = j;
      while (s > 0 && key[order[s - 1] as number] === v) s--;
      for (let m = s; m <= j; m++) take(order[m] as number);
      j = s - 1;
    }
  }
  for (let k = present; k < order.length && n < want; k++) take(order[k] as number);
  for (let k = 0; k < want; k++) mask[rows[k] as number] = 0; // rows not in the index, if any
  return out.subarray(0, n);
}

/** Filter then sort: the rows the table shows, across all pages. */
export function filterAndSort(
  ix: CatalogueIndex,
  filters: FilterState,
  sort: SortState,
  ctx: FilterContext,
): Int32Array {
  return sortRows(ix, applyFilters(ix, filters, ctx), sort, ctx.authorised);
}
