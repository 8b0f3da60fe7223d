import { describe, expect, it } from 'vitest';
import {
  boundsFromRanges,
  countChangedFilters,
  defaultFilters,
  prepareCatalogue,
  rebaseFilters,
  resetFilters,
  withFilter,
  type FilterBounds,
} from '../../../src/domain/catalogue/index.ts';
import { parcel, stone } from './factory.ts';

const bounds: FilterBounds = {
  weight: [0.18, 10.05],
  measurementsLength: [3.2, 14.1],
  measurementsWidth: [3.1, 12],
  measurementsDepth: [2, 8.4],
};

describe('default filters', () => {
  it('default filters: full ranges, no shapes, no labs, special offers off', () => {
    const d = defaultFilters(bounds);
    expect(d.shapes).toEqual([]);
    expect(d.gradingLabs).toEqual([]);
    expect(d.specialOffers).toBe(false);
    expect(d.weight).toEqual([0.18, 10.05]);
    expect(d.colour).toEqual([0, 9]);
    expect(d.clarity).toEqual([0, 9]);
    expect(d.cut).toEqual([1, 5]);
    expect(d.fluorescence).toEqual([1, 7]);
    expect(d.price).toEqual([1, 50_000]);
    expect(d.depth).toEqual([1, 100]);
    expect(d.table).toEqual([0, 100]);
    expect(d.measurementsLength).toEqual([3.2, 14.1]);
    expect(d.search).toBe('');
  });
  it("the server's ranges are rounded outwards to the 0.01 step", () => {
    const b = boundsFromRanges({
      STWeight: [0.183, 10.041],
      StkMes1: [3.2, 14.1],
      StkMes2: [3.1, 12],
      StkMes3: [2, 8.4],
    });
    expect(b.weight).toEqual([0.18, 10.05]);
  });
  it('the index derives each tab’s bounds from its stones; parcels from their Size ranges', () => {
    const ix = prepareCatalogue([
      stone({ STWeight: 0.3, StkMes1: 4.3 }),
      stone({ STWeight: 2.5, StkMes1: 8.8 }),
      parcel({ size: [0.003, 0.005], STWeight: 40 }),
      parcel({ size: [0.18, 0.22], STWeight: 12 }),
    ]);
    expect(ix.bounds[0].weight).toEqual([0.3, 2.5]);
    expect(ix.bounds[0].measurementsLength).toEqual([4.3, 8.8]);
    expect(ix.bounds[2].weight).toEqual([0, 0.22]); // 0.003 rounded down to the 0.01 step
    expect(ix.bounds[1].weight).toEqual([0, 0]); // no lab-grown stones
  });
});

describe("'Filters (n)'", () => {
  const d = defaultFilters(bounds);
  it('counts each changed filter once', () => {
    const f = { ...d, shapes: ['round', 'pear'], weight: [0.5, 2] as const, specialOffers: true };
    expect(countChangedFilters(f, d)).toBe(3);
  });
  it('is 0 at the defaults, and a range moved back to its default no longer counts', () => {
    expect(countChangedFilters(d, d)).toBe(0);
    expect(countChangedFilters({ ...d, colour: [0, 9] }, d)).toBe(0);
  });
  it('leaves out the code search, price filters for visitors and switched-off measurements', () => {
    const f = { ...d, search: 'FT1', price: [100, 900] as const, measurementsLength: [5, 6] as const };
    expect(countChangedFilters(f, d)).toBe(2);
    expect(countChangedFilters(f, d, { authorised: false })).toBe(1);
    expect(countChangedFilters(f, d, { measurements: false })).toBe(1);
    expect(countChangedFilters(f, d, { includeSearch: true })).toBe(3);
  });
  it('a range is compared end by end: Excellent only (5-5) is a change from 1-5', () => {
    expect(countChangedFilters({ ...d, symmetry: [5, 5] }, d)).toBe(1);
  });
  it('a shape selection in another order is the same selection', () => {
    expect(countChangedFilters({ ...d, shapes: ['pear', 'round'] }, { ...d, shapes: ['round', 'pear'] })).toBe(0);
  });
});

describe('changing filters', () => {
  const d = defaultFilters(bounds);
  it('withFilter sets one filter and leaves the others', () => {
    const f = withFilter(d, { key: 'colour', value: [0, 3] });
    expect(f.colour).toEqual([0, 3]);
    expect(f.clarity).toEqual(d.clarity);
  });
  it('reset puts every filter back, keeping the search when asked', () => {
    const f = { ...d, search: 'ft', shapes: ['oval'] };
    expect(resetFilters(f, d)).toEqual(d);
    expect(resetFilters(f, d, true)).toEqual({ ...d, search: 'ft' });
  });
  it('new stock bounds: a range at its default follows them, a changed one is clamped into them', () => {
    const newBounds = { ...bounds, weight: [0.2, 8] as const, measurementsLength: [3, 12] as const };
    const f = { ...d, measurementsLength: [10, 14] as const };
    const next = rebaseFilters(f, bounds, newBounds);
    expect(next.weight).toEqual([0.2, 8]);
    expect(next.measurementsLength).toEqual([10, 12]);
  });
});
