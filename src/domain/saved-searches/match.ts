/**
 * Which stones a saved search matches, by the catalogue's own filter (catalogue/filter.ts)
 * over a catalogue index of the stones in question (catalogue/prepare.ts), so a saved search
 * alerts on exactly the stones its list shows. Compile each search once; match it against
 * the index of the changed stones. Prices compare in the search's currency, so the index is
 * priced per currency (`matchSearches` re-prices it once per currency in use).
 */
import {
  applyFilters,
  DEFAULT_COLUMNS,
  setCurrency,
  type CatalogueIndex,
  type FilterBounds,
  type FilterState,
  type MainTab,
  type OptionalColumns,
} from '../catalogue/index.ts';
import type { FxRate } from '../money.ts';
import { OPEN_BOUNDS, OPEN_FILTERS, readView } from './view.ts';

export type SearchToCompile = { view: string; columns?: OptionalColumns | null; currency: string };
export type CompiledSearch = {
  tab: MainTab;
  filters: FilterState;
  columns: OptionalColumns;
  currency: string;
  /** false for a view that is not a list address: it matches nothing */
  valid: boolean;
};

/** A saved search, read once, ready to match. */
export function compileSearch(saved: SearchToCompile): CompiledSearch {
  const view = readView(saved.view);
  const columns = saved.columns ?? DEFAULT_COLUMNS;
  if (!view) return { tab: 0, filters: OPEN_FILTERS, columns, currency: saved.currency, valid: false };
  return { tab: view.tab, filters: view.filters, columns, currency: saved.currency, valid: true };
}

const ALL_OPEN: Readonly<Record<MainTab, FilterBounds>> = {
  0: OPEN_BOUNDS,
  1: OPEN_BOUNDS,
  2: OPEN_BOUNDS,
  3: OPEN_BOUNDS,
};

/**
 * The index as a saved search sees it: bounds that hold every stone, so a weight or
 * measurement range the search sets always applies (the changed stones' own bounds would
 * turn it off whenever they all fall inside it).
 */
export function searchIndex(ix: CatalogueIndex): CatalogueIndex {
  return ix.bounds === ALL_OPEN ? ix : { ...ix, bounds: ALL_OPEN };
}

/**
 * The rows of `ix` (made by `searchIndex`, priced in `search.currency`) the search matches,
 * ascending. A signed-in trader's view: price, ppc and availability filters apply.
 */
export function matchingRows(search: CompiledSearch, ix: CatalogueIndex): Int32Array {
  if (!search.valid) return new Int32Array(0);
  return applyFilters(ix, search.filters, { tab: search.tab, authorised: true, columns: search.columns });
}

/** One search's test of one row, for callers that ask stone by stone. */
export function matcher(search: CompiledSearch, ix: CatalogueIndex): (row: number) => boolean {
  const hit = new Uint8Array(ix.size);
  for (const i of matchingRows(search, ix)) hit[i] = 1;
  return (row) => hit[row] === 1;
}

/**
 * Every search against the same stones: the matching rows of each, in the searches' order.
 * `ix` is re-priced in each currency in use (and left priced in the last).
 */
export function matchSearches(
  searches: readonly CompiledSearch[],
  ix: CatalogueIndex,
  rates: readonly FxRate[],
): Int32Array[] {
  const out = new Array<Int32Array>(searches.length);
  const byCurrency = new Map<string, number[]>();
  searches.forEach((s, k) => {
    const list = byCurrency.get(s.currency);
    if (list) list.push(k);
    else byCurrency.set(s.currency, [k]);
  });
  const wide = searchIndex(ix);
  for (const [ccy, ks] of byCurrency) {
    setCurrency(ix, { ccy, rates }); // fills the price columns `wide` shares
    for (const k of ks) out[k] = matchingRows(searches[k]!, wide);
  }
  return out;
}
