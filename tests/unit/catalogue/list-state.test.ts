import { describe, expect, it } from 'vitest';
import {
  CLEAR_SEARCH_TITLE,
  defaultFilters,
  defaultPageSize,
  filtersCount,
  initialListState,
  listReducer,
  pageCount,
  pageRows,
  RESET_FILTERS_TITLE,
  type FilterBounds,
  type ListAction,
  type ListState,
  type MainTab,
} from '../../../src/domain/catalogue/index.ts';

const singles: FilterBounds = {
  weight: [0.18, 10.05],
  measurementsLength: [3, 14],
  measurementsWidth: [3, 12],
  measurementsDepth: [2, 8],
};
const parcels: FilterBounds = {
  weight: [0, 0.22],
  measurementsLength: [1, 4],
  measurementsWidth: [1, 4],
  measurementsDepth: [0.5, 3],
};
const bounds: Record<MainTab, FilterBounds> = { 0: singles, 1: singles, 2: parcels, 3: singles };

const start = (over: Partial<ListState> = {}): ListState => ({
  ...initialListState({ bounds, authorised: true, viewportWidth: 1440 }),
  ...over,
});
const run = (s: ListState, ...actions: ListAction[]) => actions.reduce(listReducer, s);

describe('page size', () => {
  it('default 100 on large and extra-large screens, 25 otherwise', () => {
    expect(defaultPageSize(1440)).toBe(100);
    expect(defaultPageSize(1200)).toBe(100);
    expect(defaultPageSize(1199)).toBe(25);
    expect(defaultPageSize(390)).toBe(25);
  });
  it('options are 25, 50, 100; another size is refused; a new size goes back to page 1', () => {
    const s = run(start({ page: 4 }), { type: 'pageSize', pageSize: 50 });
    expect(s.pageSize).toBe(50);
    expect(s.page).toBe(1);
    expect(run(s, { type: 'pageSize', pageSize: 30 }).pageSize).toBe(50);
  });
  it('pages are 1-based slices; a page past the end is clamped when the total is given', () => {
    const rows = Int32Array.from({ length: 60 }, (_, i) => i);
    expect([...pageRows(rows, 3, 25)]).toEqual(Array.from({ length: 10 }, (_, i) => 50 + i));
    expect(pageCount(60, 25)).toBe(3);
    expect(pageCount(0, 25)).toBe(1);
    expect(run(start({ pageSize: 25 }), { type: 'page', page: 9, total: 60 }).page).toBe(3);
  });
});

describe('filters', () => {
  it('filter change resets page to 1 and closes the open row', () => {
    const s = run(start({ page: 3, openRow: 42 }), { type: 'filter', change: { key: 'weight', value: [0.5, 2] } });
    expect(s.page).toBe(1);
    expect(s.openRow).toBeNull();
    expect(s.filters.weight).toEqual([0.5, 2]);
  });
  it("'Filters (n)' counts the changed filters", () => {
    const s = run(
      start(),
      { type: 'filter', change: { key: 'shapes', value: ['round'] } },
      { type: 'filter', change: { key: 'colour', value: [0, 3] } },
    );
    expect(filtersCount(s)).toBe(2);
    expect(filtersCount(run(s, { type: 'resetFilters' }))).toBe(0);
  });
  it('switching the measurements column off clears its filter', () => {
    const s = run(
      start(),
      { type: 'filter', change: { key: 'measurementsLength', value: [5, 6] } },
      { type: 'column', column: 'measurements', on: false },
    );
    expect(s.columns.measurements).toBe(false);
    expect(s.filters.measurementsLength).toEqual(singles.measurementsLength);
  });
  it('switching the availability column off clears its filter; both columns are on by default', () => {
    expect(start().columns).toEqual({ measurements: true, availability: true });
    const s = run(
      start(),
      { type: 'filter', change: { key: 'availability', value: [1] } },
      { type: 'column', column: 'availability', on: false },
    );
    expect(s.filters.availability).toEqual([]);
  });
  it('signing out clears the price, ppc and availability filters', () => {
    const s = run(
      start(),
      { type: 'filter', change: { key: 'price', value: [100, 900] } },
      { type: 'authorised', authorised: false },
    );
    expect(s.filters.price).toEqual([1, 50_000]);
  });
  it('new stock bounds move filters still at their defaults', () => {
    const wider = { ...singles, weight: [0.1, 20] as const };
    const s = run(start(), { type: 'bounds', bounds: { ...bounds, 0: wider } });
    expect(s.filters.weight).toEqual([0.1, 20]);
  });
});

describe('sorting', () => {
  it('clicking a column header toggles ascending and descending; switching column starts ascending', () => {
    const s1 = run(start(), { type: 'sort', column: 'price' });
    expect(s1.sort).toEqual({ column: 'price', direction: 'asc' });
    const s2 = run(s1, { type: 'sort', column: 'price' });
    expect(s2.sort).toEqual({ column: 'price', direction: 'desc' });
    expect(run(s2, { type: 'sort', column: 'weight' }).sort).toEqual({ column: 'weight', direction: 'asc' });
  });
});

describe('tabs keep their own state', () => {
  it('a tab change restores the saved page state for that tab, or applies defaults', () => {
    const onSingles = run(
      start(),
      { type: 'filter', change: { key: 'shapes', value: ['pear'] } },
      { type: 'page', page: 2 },
      { type: 'sort', column: 'weight' },
    );
    const onParcels = run(onSingles, { type: 'tab', tab: 2 });
    expect(onParcels.filters).toEqual(defaultFilters(parcels));
    expect(onParcels.page).toBe(1);
    expect(onParcels.sort).toEqual({ column: 'createdAt', direction: 'asc' });
    const back = run(onParcels, { type: 'tab', tab: 0 });
    expect(back.filters.shapes).toEqual(['pear']);
    expect(back.sort.column).toBe('weight');
    expect(back.page).toBe(1); // the sort click reset it
  });
  it("route 'lab-grown' opens tab 1; 'specials' turns on special offers; a shape pre-filters", () => {
    expect(run(start(), { type: 'route', page: 'lab-grown' }).tab).toBe(1);
    expect(run(start(), { type: 'route', page: 'specials' }).filters.specialOffers).toBe(true);
    const byShape = run(start({ tab: 1 }), { type: 'route', page: 'cushion' });
    expect(byShape.tab).toBe(0);
    expect(byShape.filters.shapes).toEqual(['cushion']);
    expect(run(start(), { type: 'route', page: 'cushion modified' }).filters.shapes).toEqual(['other']);
  });
  it('a parcel-only shape (with its slash) opens Parcels pre-filtered; ?tab=2 keeps Parcels for a shared shape', () => {
    const oldCut = run(start(), { type: 'route', page: 'old cut/european cut' });
    expect(oldCut.tab).toBe(2);
    expect(oldCut.filters.shapes).toEqual(['old cut/european cut']);
    const parcelRounds = run(start({ tab: 2 }), { type: 'route', page: 'round' });
    expect(parcelRounds.tab).toBe(2);
    expect(parcelRounds.filters.shapes).toEqual(['round']);
  });
});

describe("the 'Reset Filters' question", () => {
  const filtered = run(start(), { type: 'filter', change: { key: 'colour', value: [0, 3] } });
  it('searching while other filters are active asks Reset Filters', () => {
    const s = run(filtered, { type: 'search', search: 'FT12' });
    expect(s.question).toEqual({ kind: 'resetFilters', title: RESET_FILTERS_TITLE, search: 'FT12' });
    expect(s.filters.search).toBe('');
  });
  it('Yes resets the filters and searches', () => {
    const s = run(filtered, { type: 'search', search: 'FT12' }, { type: 'answer', yes: true });
    expect(s.filters).toEqual({ ...defaultFilters(singles), search: 'FT12' });
    expect(s.question).toBeNull();
  });
  it('No keeps the filters and searches', () => {
    const s = run(filtered, { type: 'search', search: 'FT12' }, { type: 'answer', yes: false });
    expect(s.filters.colour).toEqual([0, 3]);
    expect(s.filters.search).toBe('FT12');
  });
  it('no question without active filters, nor when clearing the search', () => {
    expect(run(start(), { type: 'search', search: 'FT12' }).question).toBeNull();
    expect(run(filtered, { type: 'search', search: '' }).question).toBeNull();
  });
  it("a saved preference answers without asking ('yes' resets, 'no' keeps)", () => {
    const yes = run({ ...filtered, dialogSettings: { resetFilters: 'yes' } }, { type: 'search', search: 'FT1' });
    expect(yes.question).toBeNull();
    expect(yes.filters.colour).toEqual([0, 9]);
    const no = run({ ...filtered, dialogSettings: { resetFilters: 'no' } }, { type: 'search', search: 'FT1' });
    expect(no.filters.colour).toEqual([0, 3]);
    expect(no.filters.search).toBe('FT1');
  });
  it('answering with remember saves the choice as the resetFilters preference', () => {
    const s = run(filtered, { type: 'search', search: 'FT12' }, { type: 'answer', yes: false, remember: true });
    expect(s.dialogSettings).toEqual({ resetFilters: 'no' });
  });
});

describe("the 'Clear your code' question", () => {
  const searching = run(start(), { type: 'search', search: 'FT9' });
  const chooseRound: ListAction = { type: 'filter', change: { key: 'shapes', value: ['round'] } };
  it('choosing a shape while a code search is active asks Clear your code', () => {
    const s = run(searching, chooseRound);
    expect(s.question).toEqual({
      kind: 'resetSearch',
      title: CLEAR_SEARCH_TITLE,
      change: { key: 'shapes', value: ['round'] },
    });
    expect(s.filters.shapes).toEqual([]);
  });
  it('choosing a lab asks too; Yes clears the search and applies the lab', () => {
    const s = run(
      searching,
      { type: 'filter', change: { key: 'gradingLabs', value: ['GIA'] } },
      { type: 'answer', yes: true },
    );
    expect(s.filters.gradingLabs).toEqual(['GIA']);
    expect(s.filters.search).toBe('');
  });
  it('No keeps the search and applies the shape', () => {
    const s = run(searching, chooseRound, { type: 'answer', yes: false });
    expect(s.filters).toMatchObject({ shapes: ['round'], search: 'FT9' });
  });
  it('removing a shape does not ask; other filters do not ask', () => {
    const withShape = run({ ...searching, dialogSettings: { resetSearch: 'no' } }, chooseRound);
    expect(
      run({ ...withShape, dialogSettings: {} }, { type: 'filter', change: { key: 'shapes', value: [] } }).question,
    ).toBeNull();
    expect(run(searching, { type: 'filter', change: { key: 'weight', value: [1, 2] } }).question).toBeNull();
  });
  it("the saved resetSearch preference answers: 'yes' clears the code", () => {
    const s = run({ ...searching, dialogSettings: { resetSearch: 'yes' } }, chooseRound);
    expect(s.question).toBeNull();
    expect(s.filters).toMatchObject({ shapes: ['round'], search: '' });
  });
  it('remember stores resetSearch', () => {
    expect(run(searching, chooseRound, { type: 'answer', yes: true, remember: true }).dialogSettings).toEqual({
      resetSearch: 'yes',
    });
  });
});

describe('rows, drawer, selection', () => {
  it('opening a row and opening it again closes it', () => {
    const s = run(start(), { type: 'toggleRow', id: 7 });
    expect(s.openRow).toBe(7);
    expect(run(s, { type: 'toggleRow', id: 7 }).openRow).toBeNull();
  });
  it('the drawer opens on adding to the bag, toggles for download, and closing resets drawer and menu', () => {
    expect(run(start(), { type: 'drawer', mode: 'bag' }).drawer).toBe('bag');
    const d = run(start(), { type: 'toggleDownloadDrawer' });
    expect(d.drawer).toBe('download');
    expect(run(d, { type: 'toggleDownloadDrawer' }).drawer).toBe(false);
    expect(run(start({ drawer: 'price', menuCollapsed: true }), { type: 'closeDrawer' })).toMatchObject({
      drawer: false,
      menuCollapsed: false,
    });
  });
  it('download selection toggles per stone', () => {
    const s = run(
      start(),
      { type: 'toggleSelected', id: 3 },
      { type: 'toggleSelected', id: 5 },
      { type: 'toggleSelected', id: 3 },
    );
    expect(s.downloadSelection).toEqual([5]);
  });
});
