import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  defaultFilters,
  filtersFromParams,
  prepareCatalogue,
  rowsToDocs,
  viewFromParams,
  viewToParams,
  type FilterState,
  type MainTab,
} from '../../../src/domain/catalogue/index.ts';
import type { DiamondDoc, ListDoc } from '../../../src/domain/diamond.ts';
import { CLARITIES } from '../../../src/domain/grades.ts';
import { compileSearch, matchSearches, matcher, searchIndex } from '../../../src/domain/saved-searches/match.ts';
import { labGrown, parcel, RATES, stone } from '../catalogue/factory.ts';

const codes = (docs: readonly ListDoc[]) => docs.map((d) => d.StkCodeCalcNS);

/** The codes of `changed` that a saved search (address, currency) matches. */
function matched(address: string, changed: DiamondDoc[], currency = 'USD'): string[] {
  const ix = prepareCatalogue(changed);
  const [rows] = matchSearches([compileSearch({ view: address, currency })], ix, RATES);
  return codes(rowsToDocs(ix, rows!));
}

describe('matching a saved search', () => {
  const docs = [
    stone({ StkCodeCalcNS: 'R-G-1', StkShape: 'Round', colour: 'G', STWeight: 1 }),
    stone({ StkCodeCalcNS: 'R-K-1', StkShape: 'Round', colour: 'K', STWeight: 1 }),
    stone({ StkCodeCalcNS: 'P-E-2', StkShape: 'Pear', colour: 'E', STWeight: 2 }),
    labGrown({ StkCodeCalcNS: 'LG-R', StkShape: 'Round', colour: 'G' }),
    parcel({ StkCodeCalcNS: 'PAR' }),
  ];

  it('keeps to its tab and filters', () => {
    expect(matched('/diamonds/all?shape=round&col=D-H', docs)).toEqual(['R-G-1']);
    expect(matched('/diamonds/all/lab-grown', docs)).toEqual(['LG-R']);
    expect(matched('/diamonds/all?tab=2', docs)).toEqual(['PAR']);
  });

  it('applies a weight range even when every changed stone lies inside it', () => {
    const one = [stone({ StkCodeCalcNS: 'NOW', STWeight: NaN })];
    expect(matched('/diamonds/all?wt=0.5-3', one)).toEqual([]);
    expect(matched('/diamonds/all?wt=1.5-', docs)).toEqual(['P-E-2']);
  });

  it('compares prices in the saved currency', () => {
    const priced = [stone({ StkCodeCalcNS: 'USD5000', price: 5000, ExWebTotal: 5000 })];
    // 5,000 USD = 4,000 GBP at the test rates
    expect(matched('/diamonds/all?price=3900-4100', priced, 'GBP')).toEqual(['USD5000']);
    expect(matched('/diamonds/all?price=3900-4100', priced, 'USD')).toEqual([]);
    expect(matched('/diamonds/all?price=4900-5100', priced, 'USD')).toEqual(['USD5000']);
  });

  it('matches nothing for a view that is not a list address, and answers stone by stone', () => {
    const ix = searchIndex(prepareCatalogue(docs));
    expect([0, 1, 2].map(matcher(compileSearch({ view: '/diamonds/bag', currency: 'USD' }), ix))).toEqual([
      false,
      false,
      false,
    ]);
    const test = matcher(compileSearch({ view: '/diamonds/all?col=K-K', currency: 'USD' }), ix);
    expect([0, 1, 2].map(test)).toEqual([false, true, false]);
  });
});

// ---------------------------------------------------------------- agreement with the list

const SHAPES = ['Round', 'Pear', 'Oval', 'Princess', 'Emerald'];
const COLOURS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
const FINISH = ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'];
const stoneArb = fc.record({
  kind: fc.constantFrom('natural', 'lab', 'parcel'),
  shape: fc.constantFrom(...SHAPES),
  weight: fc.integer({ min: 20, max: 500 }).map((n) => n / 100),
  colour: fc.constantFrom(...COLOURS),
  clarity: fc.constantFrom(...CLARITIES.slice(0, 9)),
  cut: fc.constantFrom(...FINISH),
  price: fc.integer({ min: 300, max: 60_000 }),
  special: fc.boolean(),
  lab: fc.constantFrom('GIA', 'IGI', 'HRD'),
  avail: fc.constantFrom(1, 2, 3),
  depth: fc.integer({ min: 550, max: 680 }).map((n) => n / 10),
});

let serial = 0;
type RawStone = typeof stoneArb extends fc.Arbitrary<infer T> ? T : never;
function toDoc(r: RawStone): DiamondDoc {
  const common = {
    StkCodeCalcNS: `S${serial++}`,
    StkShape: r.shape,
    STWeight: r.weight,
    WebSpecial: r.special ? Math.round(r.price * 0.9) : 0,
    StkCertSup: r.lab,
    StkWebAvailable: r.avail,
    StkDepth_Total: r.depth,
  };
  if (r.kind === 'parcel') return parcel({ ...common, ppc: r.price / 10, size: [r.weight / 100, r.weight / 50] });
  const single = { ...common, colour: r.colour, clarity: r.clarity, cut: r.cut, price: r.price, ExWebTotal: r.price };
  return r.kind === 'lab' ? labGrown(single) : stone(single);
}

const range = (lo: number, hi: number) =>
  fc
    .tuple(fc.integer({ min: lo, max: hi }), fc.integer({ min: lo, max: hi }))
    .map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [number, number]);

const patchArb = fc.record(
  {
    shapes: fc.subarray(
      SHAPES.map((s) => s.toLowerCase()),
      { minLength: 1 },
    ),
    weight: range(20, 500).map(([a, b]) => [a / 100, b / 100] as [number, number]),
    colour: range(0, 9),
    clarity: range(0, 9),
    cut: range(1, 5),
    price: range(0, 50_000),
    gradingLabs: fc.subarray(['GIA', 'IGI', 'HRD'], { minLength: 1 }),
    specialOffers: fc.boolean(),
    depth: range(50, 70),
    availability: fc.subarray([1, 2, 3] as const, { minLength: 1 }),
    search: fc.constantFrom('s1', 's2', '7'),
  },
  { requiredKeys: [] },
);

describe('a saved search agrees with the list', () => {
  it('matches exactly the changed stones the list shows for its address', () => {
    fc.assert(
      fc.property(
        fc.array(stoneArb, { minLength: 1, maxLength: 40 }),
        fc.constantFrom<MainTab>(0, 1, 2),
        patchArb,
        fc.constantFrom('USD', 'GBP', 'EUR'),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (raw, tab, patch, ccy, changedMask) => {
          serial = 0;
          const docs = raw.map(toDoc);
          // the list: the whole stock, the address as the list writes it and reads it back
          const full = prepareCatalogue(docs, { ccy, rates: RATES });
          const defaults = defaultFilters(full.bounds[tab]);
          const wanted: FilterState = { ...defaults, ...patch } as FilterState;
          const write = (filters: FilterState) =>
            viewToParams(
              { tab, page: 1, pageSize: 25, sort: { column: 'createdAt', direction: 'asc' }, filters },
              { filters: defaults, pageSize: 25 },
            );
          // the list keeps a range inside its stock's bounds before it writes the address
          const read = filtersFromParams(new URLSearchParams(write(wanted)), defaults);
          const query = write(read);
          const path = tab === 1 ? '/diamonds/all/lab-grown' : '/diamonds/all';
          const address = `${path}?${query}`;
          const listTab = tab === 1 ? 1 : viewFromParams(new URLSearchParams(query), { pageSize: 25, tab: 0 }).tab;
          const shown = new Set(codes(rowsToDocs(full, applyFilters(full, read, { tab: listTab, authorised: true }))));
          // the saved search: only the changed stones
          const changed = docs.filter((_, k) => changedMask[k]);
          const got = matched(address, changed, ccy);
          expect(got).toEqual(codes(changed).filter((c) => shown.has(c)));
        },
      ),
      { numRuns: 300, seed: Number(process.env.FC_SEED) || undefined },
    );
  });
});
