/**
 * An address with values the list does not offer: each filter parameter drops them (the list
 * is not emptied by a filter nobody can untick), and a visitor's address cannot sort by price.
 */
import { describe, expect, it } from 'vitest';
import { addressOf, stateFromAddress } from '../../../src/domain/catalogue/address.ts';
import { defaultFilters, filtersFromParams, type FilterBounds } from '../../../src/domain/catalogue/index.ts';

const bounds: FilterBounds = {
  weight: [0.18, 10.05],
  measurementsLength: [3, 14],
  measurementsWidth: [3, 12],
  measurementsDepth: [2, 8],
};
const d = defaultFilters(bounds);
const q = (s: string) => new URLSearchParams(s);
const ix = { bounds: { 0: bounds, 1: bounds, 2: bounds, 3: bounds } };
const read = (search: string, authorised: boolean) =>
  stateFromAddress({ pathname: '/diamonds/all', search }, ix, { width: 1440, authorised, dialogSettings: {} }).state;

describe('unknown values in the address', () => {
  it('an unknown lab is dropped like an unknown shape: no filter is left to untick', () => {
    expect(filtersFromParams(q('lab=XYZ'), d)).toEqual(d);
    expect(filtersFromParams(q('lab=xyz,gia,IGI,gia'), d).gradingLabs).toEqual(['GIA', 'IGI']);
    expect(filtersFromParams(q('shape=kite,round'), d).shapes).toEqual(['round']);
  });

  it.each([
    'lab=XYZ',
    'shape=kite',
    'col=D-Q9',
    'cla=VS1-XX',
    'cut=EX-ZZ',
    'fl=NON-XYZ',
    'avail=4',
    'special=perhaps',
    'wt=heavy',
  ])('%s leaves every filter at its default', (search) => {
    expect(filtersFromParams(q(search), d)).toEqual(d);
  });

  it("a visitor's address does not keep a price sort; a trader's does", () => {
    for (const column of ['price', 'ppc', 'br']) {
      const visitor = read(`sort=-${column}`, false);
      expect(visitor.sort.column).not.toBe(column);
      expect(addressOf(visitor, 1440)).not.toContain('sort=');
    }
    const trader = read('sort=-price', true);
    expect(trader.sort).toEqual({ column: 'price', direction: 'desc' });
    expect(addressOf(trader, 1440)).toContain('sort=-price');
  });
});
