/**
 * The diamond list's state as a pure reducer.
 *
 * - Changing any filter (the code search included) resets the page to 1 and closes the open row.
 * - A tab change saves the tab's page, sort and filters and restores the target tab's saved
 *   state, or its defaults (full ranges, no shapes, no labs, special offers off).
 * - Sorting: same column flips, another column starts ascending; default createdAt ascending.
 *   A new sort goes back to page 1 (our choice: the first rows of the new order).
 * - Slider bounds come in with the 'bounds' action from `index.bounds` (prepare.ts); filters
 *   still at their old defaults follow the new bounds.
 * - Optional columns (measurements, availability) are on by default; switching one off clears
 *   its filter (and filter.ts does not apply it while off).
 * - Searching while other filters are active asks 'Reset Filters' (Yes resets them, No keeps
 *   them); choosing a shape or lab while a code search is active asks 'Clear your code' (Yes
 *   clears the search, No keeps it). A saved preference ('yes'/'no' in dialogSettings) answers
 *   without asking; answering with `remember` stores it here (the island also PATCHes
 *   /profile/updateDialogSettings). The change waits in `question` until answered.
 * - Page size 25, 50 or 100: 100 on large screens (>= 1200 px), else 25.
 * Timings (debounces, scroll delay) belong to the island; their values are exported here.
 */
import {
  AUTHORISED_KEYS,
  changedFilterKeys,
  DEFAULT_COLUMNS,
  defaultFilters,
  EMPTY_BOUNDS,
  MEASUREMENT_KEYS,
  rebaseFilters,
  withFilter,
  type FilterBounds,
  type FilterChange,
  type FilterState,
  type OptionalColumn,
  type OptionalColumns,
} from './filter-state.ts';
import { OTHER_SHAPE, shapeKey } from './shapes.ts';
import { DEFAULT_SORT, nextSort, type SortColumn, type SortState } from './sort.ts';
import { LAB_GROWN_TAB, MAIN_TABS, PARCELS_TAB, routeIntent, SINGLES_TAB, tabShapeList, type MainTab } from './tabs.ts';

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const LARGE_SCREEN_MIN_WIDTH = 1200;
export const MOBILE_MAX_WIDTH = 599;
export const FILTER_DELAY_MS = 500;
export const SEARCH_DELAY_MS = 1000;
export const ROW_SCROLL_DELAY_MS = 500;
export const LAB_GROWN_TAB_DELAY_MS = 500;

export type DrawerMode = false | 'bag' | 'share' | 'price' | 'download';
export type YesNo = 'yes' | 'no';
export type DialogSettings = { resetFilters?: YesNo; resetSearch?: YesNo };
export const RESET_FILTERS_TITLE = 'Reset Filters';
export const CLEAR_SEARCH_TITLE = 'Clear your code';

export type Question =
  | { kind: 'resetFilters'; title: typeof RESET_FILTERS_TITLE; search: string }
  | { kind: 'resetSearch'; title: typeof CLEAR_SEARCH_TITLE; change: FilterChange };

export type TabSnapshot = { page: number; sort: SortState; filters: FilterState };

export type ListState = {
  tab: MainTab;
  page: number;
  pageSize: PageSize;
  sort: SortState;
  filters: FilterState;
  /** `_id` of the expanded row */
  openRow: number | null;
  drawer: DrawerMode;
  menuCollapsed: boolean;
  columns: OptionalColumns;
  /** `_id`s ticked for 'Only Ticked Items' downloads */
  downloadSelection: readonly number[];
  saved: Partial<Record<MainTab, TabSnapshot>>;
  bounds: Record<MainTab, FilterBounds>;
  dialogSettings: DialogSettings;
  question: Question | null;
  authorised: boolean;
};

export type ListAction =
  | { type: 'bounds'; bounds: Record<MainTab, FilterBounds> }
  | { type: 'route'; page: string | null | undefined }
  | { type: 'tab'; tab: MainTab }
  | { type: 'page'; page: number; total?: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'sort'; column: SortColumn }
  | { type: 'filter'; change: FilterChange }
  | { type: 'search'; search: string }
  | { type: 'answer'; yes: boolean; remember?: boolean }
  | { type: 'resetFilters' }
  | { type: 'toggleRow'; id: number }
  | { type: 'drawer'; mode: Exclude<DrawerMode, false> }
  | { type: 'toggleDownloadDrawer' }
  | { type: 'closeDrawer' }
  | { type: 'collapseMenu'; collapsed: boolean }
  | { type: 'column'; column: OptionalColumn; on: boolean }
  | { type: 'toggleSelected'; id: number }
  | { type: 'dialogSettings'; settings: DialogSettings }
  | { type: 'authorised'; authorised: boolean };

/** 100 on large and extra-large screens, 25 otherwise. */
export const defaultPageSize = (viewportWidth: number): PageSize =>
  viewportWidth >= LARGE_SCREEN_MIN_WIDTH ? 100 : 25;

const ALL_EMPTY: Record<MainTab, FilterBounds> = { 0: EMPTY_BOUNDS, 1: EMPTY_BOUNDS, 2: EMPTY_BOUNDS, 3: EMPTY_BOUNDS };

export function initialListState(
  opts: {
    viewportWidth?: number;
    bounds?: Record<MainTab, FilterBounds>;
    authorised?: boolean;
    dialogSettings?: DialogSettings;
    tab?: MainTab;
  } = {},
): ListState {
  const bounds = opts.bounds ?? ALL_EMPTY;
  const tab = opts.tab ?? SINGLES_TAB;
  return {
    tab,
    page: 1,
    pageSize: defaultPageSize(opts.viewportWidth ?? 0),
    sort: DEFAULT_SORT,
    filters: defaultFilters(bounds[tab]),
    openRow: null,
    drawer: false,
    menuCollapsed: false,
    columns: DEFAULT_COLUMNS,
    downloadSelection: [],
    saved: {},
    bounds,
    dialogSettings: opts.dialogSettings ?? {},
    question: null,
    authorised: opts.authorised ?? false,
  };
}

/** The defaults of the current tab's filters. */
export const currentDefaults = (s: ListState): FilterState => defaultFilters(s.bounds[s.tab]);

/** 'Filters (n)': the filters other than the search that differ from their defaults. */
export function filtersCount(s: ListState): number {
  return changedFilterKeys(s.filters, currentDefaults(s), {
    authorised: s.authorised,
    measurements: s.columns.measurements,
  }).length;
}

/** Whether searching should ask 'Reset Filters'. */
export const hasActiveFilters = (s: ListState): boolean => filtersCount(s) > 0;

const filtered = (s: ListState, filters: FilterState): ListState => ({
  ...s,
  filters,
  page: 1,
  openRow: null,
  question: null,
});

const withSearch = (s: ListState, search: string, resetOthers: boolean): ListState =>
  filtered(s, resetOthers ? { ...currentDefaults(s), search } : { ...s.filters, search });

const addsItem = (before: readonly string[], after: readonly string[]) => after.some((x) => !before.includes(x));

function onFilter(s: ListState, change: FilterChange): ListState {
  if (change.key === 'search') return onSearch(s, change.value);
  const choosing =
    (change.key === 'shapes' && addsItem(s.filters.shapes, change.value)) ||
    (change.key === 'gradingLabs' && addsItem(s.filters.gradingLabs, change.value));
  if (choosing && s.filters.search.trim() !== '') {
    const pref = s.dialogSettings.resetSearch;
    if (pref === 'yes') return filtered(s, { ...withFilter(s.filters, change), search: '' });
    if (pref !== 'no') return { ...s, question: { kind: 'resetSearch', title: CLEAR_SEARCH_TITLE, change } };
  }
  return filtered(s, withFilter(s.filters, change));
}

function onSearch(s: ListState, search: string): ListState {
  if (search.trim() !== '' && hasActiveFilters(s)) {
    const pref = s.dialogSettings.resetFilters;
    if (pref === 'yes') return withSearch(s, search, true);
    if (pref !== 'no') return { ...s, question: { kind: 'resetFilters', title: RESET_FILTERS_TITLE, search } };
  }
  return withSearch(s, search, false);
}

function onAnswer(s: ListState, yes: boolean, remember: boolean): ListState {
  const q = s.question;
  if (!q) return s;
  const value: YesNo = yes ? 'yes' : 'no';
  const dialogSettings = remember ? { ...s.dialogSettings, [q.kind]: value } : s.dialogSettings;
  const next = { ...s, dialogSettings };
  if (q.kind === 'resetFilters') return withSearch(next, q.search, yes);
  const filters = withFilter(s.filters, q.change);
  return filtered(next, yes ? { ...filters, search: '' } : filters);
}

function switchTab(s: ListState, tab: MainTab): ListState {
  if (tab === s.tab) return s;
  const saved = { ...s.saved, [s.tab]: { page: s.page, sort: s.sort, filters: s.filters } };
  const restored = saved[tab] ?? { page: 1, sort: DEFAULT_SORT, filters: defaultFilters(s.bounds[tab]) };
  return { ...s, tab, saved, ...restored, openRow: null, question: null };
}

function onRoute(s: ListState, page: string | null | undefined): ListState {
  const intent = routeIntent(page);
  switch (intent.kind) {
    case 'all':
      return s.tab === LAB_GROWN_TAB ? switchTab(s, SINGLES_TAB) : s;
    case 'lab-grown':
      return switchTab(s, LAB_GROWN_TAB);
    case 'specials': {
      const t = s.tab === LAB_GROWN_TAB ? switchTab(s, SINGLES_TAB) : s;
      return filtered(t, { ...t.filters, specialOffers: true });
    }
    case 'shape': {
      // Parcels when the address asks for them (?tab=2) or the shape is a parcel shape only
      // ('old cut/european cut', 'baguette'...); else Singles
      const parcelOnly =
        shapeKey(intent.shape, tabShapeList(SINGLES_TAB)) === OTHER_SHAPE &&
        shapeKey(intent.shape, tabShapeList(PARCELS_TAB)) !== OTHER_SHAPE;
      const t = switchTab(s, s.tab === PARCELS_TAB || parcelOnly ? PARCELS_TAB : SINGLES_TAB);
      return filtered(t, { ...t.filters, shapes: [shapeKey(intent.shape, tabShapeList(t.tab))] });
    }
  }
}

export function listReducer(s: ListState, a: ListAction): ListState {
  switch (a.type) {
    case 'bounds': {
      const filters = rebaseFilters(s.filters, s.bounds[s.tab], a.bounds[s.tab]);
      const saved: ListState['saved'] = {};
      for (const t of MAIN_TABS) {
        const snap = s.saved[t];
        if (snap) saved[t] = { ...snap, filters: rebaseFilters(snap.filters, s.bounds[t], a.bounds[t]) };
      }
      return { ...s, bounds: a.bounds, filters, saved };
    }
    case 'route':
      return onRoute(s, a.page);
    case 'tab':
      return switchTab(s, a.tab);
    case 'page': {
      const last = a.total == null ? Infinity : Math.max(1, Math.ceil(a.total / s.pageSize));
      const page = Math.min(Math.max(1, Math.floor(a.page) || 1), last);
      return page === s.page ? s : { ...s, page, openRow: null };
    }
    case 'pageSize':
      return (PAGE_SIZES as readonly number[]).includes(a.pageSize)
        ? { ...s, pageSize: a.pageSize as PageSize, page: 1, openRow: null }
        : s;
    case 'sort':
      return { ...s, sort: nextSort(s.sort, a.column), page: 1 };
    case 'filter':
      return onFilter(s, a.change);
    case 'search':
      return onSearch(s, a.search);
    case 'answer':
      return onAnswer(s, a.yes, a.remember ?? false);
    case 'resetFilters':
      return filtered(s, currentDefaults(s));
    case 'toggleRow':
      return { ...s, openRow: s.openRow === a.id ? null : a.id };
    case 'drawer':
      return { ...s, drawer: a.mode };
    case 'toggleDownloadDrawer':
      return { ...s, drawer: s.drawer === 'download' ? false : 'download' };
    case 'closeDrawer':
      return { ...s, drawer: false, menuCollapsed: false };
    case 'collapseMenu':
      return { ...s, menuCollapsed: a.collapsed };
    case 'column': {
      const columns = { ...s.columns, [a.column]: a.on };
      if (a.on) return { ...s, columns };
      const d = currentDefaults(s);
      const cleared: Partial<FilterState> =
        a.column === 'measurements'
          ? Object.fromEntries(MEASUREMENT_KEYS.map((k) => [k, d[k]]))
          : { availability: d.availability };
      return { ...filtered(s, { ...s.filters, ...cleared }), columns };
    }
    case 'toggleSelected': {
      const has = s.downloadSelection.includes(a.id);
      return {
        ...s,
        downloadSelection: has ? s.downloadSelection.filter((x) => x !== a.id) : [...s.downloadSelection, a.id],
      };
    }
    case 'dialogSettings':
      return { ...s, dialogSettings: { ...s.dialogSettings, ...a.settings } };
    case 'authorised': {
      if (a.authorised === s.authorised) return s;
      if (a.authorised) return { ...s, authorised: true };
      const d = currentDefaults(s);
      const cleared = Object.fromEntries(AUTHORISED_KEYS.map((k) => [k, d[k]])) as Partial<FilterState>;
      return { ...s, authorised: false, filters: { ...s.filters, ...cleared } };
    }
  }
}

/** The rows of one page (1-based) of a sorted result. */
export function pageRows(rows: Int32Array, page: number, pageSize: number): Int32Array {
  const start = (Math.max(1, Math.floor(page)) - 1) * pageSize;
  return rows.subarray(start, start + pageSize);
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
