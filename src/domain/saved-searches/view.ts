/**
 * The stored form of a saved search's view: the list's address (path and query), the same
 * address the list itself writes (catalogue/url-state.ts), so a saved search opens exactly
 * what was saved and every filter the list has can be saved. docs/decisions/016.
 *
 * The canonical address is `/diamonds/all` or `/diamonds/all/lab-grown`, then tab (Parcels,
 * Coloured), sort and the filters that are set; never the page or page size. It is read
 * without stock bounds: a weight or measurement range in the address always applies (its
 * open end written empty, 'wt=0.5-'), one not in it never does.
 */
import {
  DEFAULT_SORT,
  defaultFilters,
  filtersFromParams,
  isSortColumn,
  LAB_GROWN_PATH,
  LAB_GROWN_TAB,
  LIST_PATH,
  OTHER_SHAPE,
  PARCELS_TAB,
  SINGLES_TAB,
  routeIntent,
  shapeKey,
  tabShapeList,
  viewToParams,
  type FilterBounds,
  type FilterState,
  type MainTab,
  type NumRange,
  type SortState,
} from '../catalogue/index.ts';
import { routeSegment } from '../catalogue/address.ts';

export type SavedView = { tab: MainTab; sort: SortState; filters: FilterState };

const OPEN: NumRange = [-Infinity, Infinity];
/** Bounds that hold every stone: a bound filter read against them applies whenever it is set. */
export const OPEN_BOUNDS: FilterBounds = {
  weight: OPEN,
  measurementsLength: OPEN,
  measurementsWidth: OPEN,
  measurementsDepth: OPEN,
};
/** The filters of a view that filters nothing. */
export const OPEN_FILTERS: FilterState = defaultFilters(OPEN_BOUNDS);

/** The list's paths: /diamonds, /diamonds/all and /diamonds/all/{page} (lab-grown, specials, a shape). */
const LIST_ADDRESS = /^\/diamonds(?:\/all(?:\/[^/]+)?)?\/*$/;

/** An address that is not the list's (another path, another site) reads as null. */
export function readView(address: string): SavedView | null {
  let url: URL;
  try {
    url = new URL(address, 'http://list.invalid');
  } catch {
    return null;
  }
  if (url.host !== 'list.invalid' || !LIST_ADDRESS.test(url.pathname)) return null;
  const intent = routeIntent(routeSegment(url.pathname));
  const params = url.searchParams;
  const tabRaw = params.get('tab');
  let tab: MainTab = tabRaw === '2' ? PARCELS_TAB : tabRaw === '3' ? 3 : SINGLES_TAB;
  const sortRaw = params.get('sort') ?? '';
  const desc = sortRaw.startsWith('-');
  const column = desc ? sortRaw.slice(1) : sortRaw;
  const sort: SortState = isSortColumn(column) ? { column, direction: desc ? 'desc' : 'asc' } : DEFAULT_SORT;
  let filters = filtersFromParams(params, OPEN_FILTERS);
  if (intent.kind === 'lab-grown') tab = LAB_GROWN_TAB;
  else if (intent.kind === 'specials') filters = { ...filters, specialOffers: true };
  else if (intent.kind === 'shape') {
    // the list's own rule: a parcel-only shape (or ?tab=2) opens Parcels, any other Singles
    const parcelOnly =
      shapeKey(intent.shape, tabShapeList(SINGLES_TAB)) === OTHER_SHAPE &&
      shapeKey(intent.shape, tabShapeList(PARCELS_TAB)) !== OTHER_SHAPE;
    tab = tab === PARCELS_TAB || parcelOnly ? PARCELS_TAB : SINGLES_TAB;
    filters = { ...filters, shapes: [shapeKey(intent.shape, tabShapeList(tab))] };
  }
  return { tab, sort, filters };
}

/** The canonical address of a view. */
export function viewAddress(view: SavedView): string {
  const params = viewToParams(
    { tab: view.tab, page: 1, pageSize: 25, sort: view.sort, filters: view.filters },
    { filters: OPEN_FILTERS, pageSize: 25 },
  );
  const path = view.tab === LAB_GROWN_TAB ? LAB_GROWN_PATH : LIST_PATH;
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/** The canonical form of a list address (null: not a list address). */
export function canonicalAddress(address: string): string | null {
  const view = readView(address);
  return view && viewAddress(view);
}
