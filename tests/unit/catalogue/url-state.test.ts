import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  EMPTY_BOUNDS,
  filtersFromParams,
  filtersToParams,
  viewFromParams,
  viewToParams,
  type FilterBounds,
  type FilterState,
} from '../../../src/domain/catalogue/index.ts';

const bounds: FilterBounds = {
  weight: [0.18, 10.05],
  measurementsLength: [3, 14],
  measurementsWidth: [3, 12],
  measurementsDepth: [2, 8],
};
const d = defaultFilters(bounds);
const q = (s: string) => new URLSearchParams(s);

describe('filters in the address', () => {
  it('the defaults write nothing', () => {
    expect(filtersToParams(d, d).toString()).toBe('');
  });
  it('changed filters are written compactly with grade labels', () => {
    const f: FilterState = {
      ...d,
      shapes: ['round', 'pear'],
      weight: [0.5, 2],
      colour: [0, 4],
      clarity: [4, 9],
      cut: [4, 5],
      fluorescence: [1, 2],
      price: [1000, 50_000],
      gradingLabs: ['GIA', 'IGI'],
      specialOffers: true,
      search: 'ft-01',
    };
    expect(decodeURIComponent(filtersToParams(f, d).toString())).toBe(
      'shape=round,pear&wt=0.5-2&col=D-H&cla=VS1-I1&price=1000-50000&cut=VG-EX&fl=NON-FNT&lab=GIA,IGI&special=1&q=ft-01',
    );
  });
  it('every filter survives the round trip', () => {
    const f: FilterState = {
      shapes: ['old cut/european cut'],
      weight: [0.3, 0.9],
      clarity: [1, 5],
      colour: [2, 6],
      price: [63, 27_500],
      ppc: [500, 5000],
      gradingLabs: ['HRD'],
      specialOffers: true,
      cut: [3, 5],
      polish: [2, 4],
      symmetry: [5, 5],
      fluorescence: [3, 7],
      depth: [58.5, 62],
      table: [54, 60],
      measurementsLength: [5, 6.5],
      measurementsWidth: [4, 5],
      measurementsDepth: [3, 4],
      availability: [1, 2],
      search: 'FT 12',
    };
    expect(filtersFromParams(filtersToParams(f, d), d)).toEqual(f);
  });
  it('grades read in either order and any case', () => {
    const f = filtersFromParams(q('col=h-d&cut=ex-gd&fl=MED-non'), d);
    expect(f.colour).toEqual([0, 4]);
    expect(f.cut).toEqual([3, 5]);
    expect(f.fluorescence).toEqual([1, 5]);
  });
  it('an empty end keeps its default', () => {
    expect(filtersFromParams(q('wt=1-'), d).weight).toEqual([1, 10.05]);
    expect(filtersFromParams(q('price=-5000'), d).price).toEqual([1, 5000]);
  });
});

describe('tolerant of garbage', () => {
  it('unreadable values are ignored and the defaults stay', () => {
    const f = filtersFromParams(
      q('wt=abc&col=Z-Q&cla=1-2-3&depth=-5-20&shape=hexagon&lab=<script>&avail=7,x&special=maybe&foo=bar'),
      d,
    );
    expect(f).toEqual(d);
  });
  it('values are clamped to their limits and put in order', () => {
    const f = filtersFromParams(q('wt=50-0.01&depth=0-150&table=70-40&price=0-999999'), d);
    expect(f.weight).toEqual([0.18, 10.05]);
    expect(f.depth).toEqual([1, 100]);
    expect(f.table).toEqual([40, 70]);
    expect(f.price).toEqual([1, 50_000]);
  });
  it('before the stock bounds are known, weight is kept as read (clamped later)', () => {
    expect(filtersFromParams(q('wt=0.5-2'), defaultFilters(EMPTY_BOUNDS)).weight).toEqual([0.5, 2]);
  });
  it('a long search is cut to 100 characters', () => {
    expect(filtersFromParams(q(`q=${'x'.repeat(500)}`), d).search).toHaveLength(100);
  });
});

describe('tab, page, size and sort in the address', () => {
  const defaults = { filters: d, pageSize: 100 as const };
  it('defaults write nothing; Singles and Lab Grown need no tab parameter', () => {
    expect(
      viewToParams(
        { tab: 1, page: 1, pageSize: 100, sort: { column: 'createdAt', direction: 'asc' }, filters: d },
        defaults,
      ).toString(),
    ).toBe('');
  });
  it('round trip of tab, page, size and a descending sort', () => {
    const p = viewToParams(
      { tab: 2, page: 3, pageSize: 50, sort: { column: 'price', direction: 'desc' }, filters: d },
      defaults,
    );
    expect(p.toString()).toBe('tab=2&page=3&size=50&sort=-price');
    expect(viewFromParams(p, { pageSize: 100, tab: 0 })).toEqual({
      tab: 2,
      page: 3,
      pageSize: 50,
      sort: { column: 'price', direction: 'desc' },
    });
  });
  it('garbage falls back to the defaults', () => {
    expect(viewFromParams(q('tab=9&page=-2&size=33&sort=-nonsense'), { pageSize: 25, tab: 0 })).toEqual({
      tab: 0,
      page: 1,
      pageSize: 25,
      sort: { column: 'createdAt', direction: 'asc' },
    });
  });
});
