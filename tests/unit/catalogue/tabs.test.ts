import { describe, expect, it } from 'vitest';
import {
  compareTabCounts,
  compareTabItems,
  compareTabOf,
  mainTabOf,
  prepareCatalogue,
  routeIntent,
  tabCounts,
  tabPath,
} from '../../../src/domain/catalogue/index.ts';
import { labGrown, parcel, stone } from './factory.ts';

const natural = stone({ _id: 1 });
const labBySource = stone({ _id: 2, Source: 'Lab Grown', StkCatName: 'Diamonds' });
const labByCatName = stone({ _id: 3, Source: '', StkCatName: 'Lab Grown Diamonds' });
const labBoth = labGrown({ _id: 4 });
const aParcel = parcel({ _id: 5 });
const labParcel = parcel({ _id: 6, Source: 'Lab Grown' });
const loaded = [natural, labBySource, labByCatName, labBoth, aParcel, labParcel];

describe('main tabs', () => {
  it('0 Singles holds natural singles, 1 Lab Grown lab-grown singles, 2 Parcels every Multiple Items stone', () => {
    expect(loaded.map(mainTabOf)).toEqual([0, 1, 1, 1, 2, 2]);
  });
  it('count badges come from the index, the Coloured placeholder has none', () => {
    expect(tabCounts(prepareCatalogue(loaded))).toEqual({ 0: 1, 1: 3, 2: 2, 3: 0 });
  });
  it('a tab change pushes /diamonds/all for natural stock and /diamonds/all/lab-grown for lab-grown', () => {
    expect([0, 1, 2, 3].map((t) => tabPath(t as 0 | 1 | 2 | 3))).toEqual([
      '/diamonds/all',
      '/diamonds/all/lab-grown',
      '/diamonds/all',
      '/diamonds/all',
    ]);
  });
});

describe('compare tabs', () => {
  it("tab 0 shows non-lab-grown Single Item: lab-grown excluded by Source or StkCatName 'Lab Grown Diamonds'", () => {
    expect(compareTabItems([1, 2, 3, 4, 5], loaded, 0).map((d) => d._id)).toEqual([1]);
  });
  it("tab 1 shows Single Item with Source 'Lab Grown'", () => {
    expect(compareTabItems([1, 2, 3, 4, 5], loaded, 1).map((d) => d._id)).toEqual([2, 4]);
    expect(compareTabOf(labByCatName)).toBeNull(); // lab-grown by name only: in neither tab 0 nor 1
  });
  it('tab 2 shows Multiple Items', () => {
    expect(compareTabItems([6, 5, 1], loaded, 2).map((d) => d._id)).toEqual([6, 5]);
  });
  it('only diamonds present in the loaded list are shown, in compare-list order', () => {
    expect(compareTabItems([99, 4, 2], loaded, 1).map((d) => d._id)).toEqual([4, 2]);
    expect(compareTabItems([1], new Map(loaded.map((d) => [d._id, d])), 0)).toHaveLength(1);
  });
  it('counts per compare tab', () => {
    expect(compareTabCounts([1, 2, 3, 4, 5, 6, 99], loaded)).toEqual({ 0: 1, 1: 2, 2: 2 });
  });
});

describe('the list route page', () => {
  it("'all' (or none) means everything", () => {
    expect(routeIntent('all')).toEqual({ kind: 'all' });
    expect(routeIntent(undefined)).toEqual({ kind: 'all' });
  });
  it("'lab-grown' opens the lab-grown tab", () => {
    expect(routeIntent('lab-grown')).toEqual({ kind: 'lab-grown' });
  });
  it("'specials' turns on special offers then redirects to /diamonds/all", () => {
    expect(routeIntent('specials')).toEqual({ kind: 'specials', redirect: '/diamonds/all' });
  });
  it('any other value is a shape pre-filter, URL-decoded and lowercased', () => {
    expect(routeIntent('Pear')).toEqual({ kind: 'shape', shape: 'pear' });
    expect(routeIntent('old%20cut%2Feuropean%20cut')).toEqual({ kind: 'shape', shape: 'old cut/european cut' });
    expect(routeIntent('%E0%A4%A')).toEqual({ kind: 'shape', shape: '%e0%a4%a' }); // malformed escape kept as typed
  });
});
