/**
 * The list state <-> the address bar. The path says the tab (/diamonds/all or
 * /diamonds/all/lab-grown) or a route intent (specials, a shape); the query holds the rest
 * (url-state.ts: tab for Parcels/Coloured, page, size, sort and the changed filters).
 */
import {
  currentDefaults,
  defaultFilters,
  defaultPageSize,
  DEFAULT_SORT,
  filtersFromParams,
  initialListState,
  LAB_GROWN_PATH,
  LAB_GROWN_TAB,
  LIST_PATH,
  listReducer,
  MOBILE_MAX_WIDTH,
  PRICE_SORT_COLUMNS,
  routeIntent,
  viewFromParams,
  viewToParams,
  type CatalogueIndex,
  type DialogSettings,
  type ListState,
  type RouteIntent,
} from './index.ts';

/**
 * The {page} segment of /diamonds/all/{page} or /diamonds/{page} (spec route table: the page
 * is optional), or '' for /diamonds/all and /diamonds. Still URL-encoded: routeIntent decodes
 * it, so 'old%20cut%2Feuropean%20cut' stays one shape.
 */
export function routeSegment(pathname: string): string {
  const m = /^\/diamonds(?:\/all)?(?:\/([^/]+))?\/*$/.exec(pathname);
  return m?.[1] ?? '';
}

export type AddressRead = { state: ListState; intent: RouteIntent };

/**
 * The state an address describes. A lab-grown path keeps the query's view in the Lab Grown
 * tab's saved state: the tab itself opens a moment later (LAB_GROWN_TAB_DELAY_MS).
 */
export function stateFromAddress(
  loc: { pathname: string; search: string },
  ix: Pick<CatalogueIndex, 'bounds'>,
  opts: { width: number; authorised: boolean; dialogSettings: DialogSettings; previous?: ListState },
): AddressRead {
  const intent = routeIntent(routeSegment(loc.pathname));
  const params = new URLSearchParams(loc.search);
  const read = viewFromParams(params, { pageSize: defaultPageSize(opts.width), tab: 0 });
  // a visitor sees no prices, so an address cannot sort their list by one (nor keep it in the address)
  const priceSort = (PRICE_SORT_COLUMNS as readonly string[]).includes(read.sort.column);
  const view = !opts.authorised && priceSort ? { ...read, sort: DEFAULT_SORT } : read;
  const labGrown = intent.kind === 'lab-grown';
  const base = initialListState({
    viewportWidth: opts.width,
    bounds: ix.bounds,
    authorised: opts.authorised,
    dialogSettings: opts.dialogSettings,
    tab: labGrown ? 0 : view.tab,
  });
  const targetTab = labGrown ? LAB_GROWN_TAB : view.tab;
  const filters = filtersFromParams(params, defaultFilters(ix.bounds[targetTab]));
  const keep = opts.previous
    ? { columns: opts.previous.columns, menuCollapsed: opts.previous.menuCollapsed, saved: opts.previous.saved }
    : { menuCollapsed: opts.width <= MOBILE_MAX_WIDTH };
  const state: ListState = { ...base, ...keep, pageSize: view.pageSize };
  if (labGrown) {
    state.saved = { ...state.saved, [LAB_GROWN_TAB]: { page: view.page, sort: view.sort, filters } };
    return { state, intent };
  }
  return { state: { ...state, page: view.page, sort: view.sort, filters }, intent };
}

/** The address of a state: its tab's path and the view's query. */
export function addressOf(s: ListState, width: number): string {
  const params = viewToParams(
    { tab: s.tab, page: s.page, pageSize: s.pageSize, sort: s.sort, filters: s.filters },
    { filters: currentDefaults(s), pageSize: defaultPageSize(width) },
  );
  const path = s.tab === LAB_GROWN_TAB ? LAB_GROWN_PATH : LIST_PATH;
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/**
 * The state the list settles on for an address once its route intent has run (specials and
 * a shape filter at once, the lab-grown tab after its delay): what the server's first page
 * answers for, and what the browser compares by address before showing that page.
 */
export function landingState(read: AddressRead): ListState {
  const { state, intent } = read;
  if (intent.kind === 'specials' || intent.kind === 'shape')
    return listReducer(state, { type: 'route', page: intent.kind === 'shape' ? intent.shape : 'specials' });
  if (intent.kind === 'lab-grown') return listReducer(state, { type: 'tab', tab: LAB_GROWN_TAB });
  return state;
}
