import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  defaultFilters,
  prepareCatalogue,
  rowsToDocs,
  type FilterContext,
  type FilterState,
  type MainTab,
} from '../../../src/domain/catalogue/index.ts';
import type { DiamondDoc } from '../../../src/domain/diamond.ts';
import { asVisitor, labGrown, parcel, RATES, stone } from './factory.ts';

const USER: Omit<FilterContext, 'tab'> = { authorised: true };

/** Codes of the stones of `tab` that pass the filters (defaults of that tab plus `patch`). */
function pass(docs: DiamondDoc[], patch: Partial<FilterState>, opts: Partial<FilterContext> = {}): string[] {
  const ix = prepareCatalogue(docs, { ccy: 'USD', rates: RATES });
  const tab: MainTab = opts.tab ?? 0;
  const filters = { ...defaultFilters(ix.bounds[tab]), ...patch };
  return rowsToDocs(ix, applyFilters(ix, filters, { ...USER, ...opts, tab })).map((d) => d.StkCodeCalcNS);
}

describe('defaults', () => {
  it('default filters (full ranges, no shapes, no labs, special offers off) keep every stone of the tab', () => {
    const docs = [
      stone({ StkCodeCalcNS: 'A', STWeight: 0.3 }),
      stone({ StkCodeCalcNS: 'B', STWeight: 5, Cut: null, StkDepth_Total: null }),
    ];
    expect(pass(docs, {})).toEqual(['A', 'B']);
  });
});

describe('shapes', () => {
  const docs = [
    stone({ StkCodeCalcNS: 'R', StkShape: 'Round' }),
    stone({ StkCodeCalcNS: 'P', StkShape: 'PEAR' }),
    stone({ StkCodeCalcNS: 'CM', StkShape: 'Cushion Modified' }),
    stone({ StkCodeCalcNS: 'B', StkShape: 'Baguette' }),
  ];
  it('shape filter matches the shape lowercased', () => {
    expect(pass(docs, { shapes: ['round', 'pear'] })).toEqual(['R', 'P']);
  });
  it("any shape not in the tab's list counts as other", () => {
    expect(pass(docs, { shapes: ['other'] })).toEqual(['CM', 'B']);
  });
  it('baguette is listed for parcels, so a baguette parcel is not other', () => {
    const parcels = [
      parcel({ StkCodeCalcNS: 'PB', StkShape: 'Baguette' }),
      parcel({ StkCodeCalcNS: 'PX', StkShape: 'Briolette' }),
    ];
    expect(pass(parcels, { shapes: ['baguette'] }, { tab: 2 })).toEqual(['PB']);
    expect(pass(parcels, { shapes: ['other'] }, { tab: 2 })).toEqual(['PX']);
  });
});

describe('weight', () => {
  it('single stones filter by STWeight within the range, ends included', () => {
    const docs = [0.49, 0.5, 1.25, 2, 2.01].map((w) => stone({ StkCodeCalcNS: String(w), STWeight: w }));
    expect(pass(docs, { weight: [0.5, 2] })).toEqual(['0.5', '1.25', '2']);
  });
  it('parcel weight filter uses range overlap of the Size range', () => {
    const docs = [
      parcel({ StkCodeCalcNS: 'melee', size: [0.003, 0.005], STWeight: 40 }),
      parcel({ StkCodeCalcNS: 'small', size: [0.011, 0.014], STWeight: 12 }),
      parcel({ StkCodeCalcNS: 'mid', size: [0.04, 0.07], STWeight: 30 }),
    ];
    // 0.012-0.05 overlaps 0.011-0.014 (partly) and 0.04-0.07 (partly), not 0.003-0.005
    expect(pass(docs, { weight: [0.012, 0.05] }, { tab: 2 })).toEqual(['small', 'mid']);
    // the parcel's total STWeight plays no part
    expect(pass(docs, { weight: [0.004, 0.004] }, { tab: 2 })).toEqual(['melee']);
  });
});

describe('colour and clarity by rank', () => {
  const docs = ['D', 'F', 'H', 'K'].map((c) => stone({ StkCodeCalcNS: c, colour: c }));
  it('colour range D-G keeps D and F (ranks 0-3)', () => {
    expect(pass(docs, { colour: [0, 3] })).toEqual(['D', 'F']);
  });
  it('a parcel colour range passes when it overlaps the filter', () => {
    const parcels = [
      parcel({ StkCodeCalcNS: 'DF', colour: ['D', 'F'] }),
      parcel({ StkCodeCalcNS: 'IK', colour: ['I', 'K'] }),
    ];
    expect(pass(parcels, { colour: [2, 4] }, { tab: 2 })).toEqual(['DF']); // F-H overlaps D-F only
  });
  const clar = ['IF', 'VS2', 'SI2', 'I1', 'I2', 'I3'].map((q) => stone({ StkCodeCalcNS: q, clarity: q }));
  it('clarity upper bound applies only below 9', () => {
    // 2 (VVS1) .. 9 (I1 and below): I1, I2 and I3 all pass
    expect(pass(clar, { clarity: [2, 9] })).toEqual(['VS2', 'SI2', 'I1', 'I2', 'I3']);
    // 0 .. 8 (SI3): the bound applies, I1 and below are out
    expect(pass(clar, { clarity: [0, 8] })).toEqual(['IF', 'VS2', 'SI2']);
  });
  it('an active grade filter drops stones without that grade', () => {
    expect(
      pass([stone({ StkCodeCalcNS: 'x', colour: null }), stone({ StkCodeCalcNS: 'y' })], { colour: [0, 6] }),
    ).toEqual(['y']);
  });
});

describe('cut, polish, symmetry, fluorescence by rank ranges', () => {
  const grades = ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'];
  it('cut range ranks 4-5 keeps Excellent and Very Good', () => {
    const docs = grades.map((g) => stone({ StkCodeCalcNS: g, cut: g }));
    expect(pass(docs, { cut: [4, 5] })).toEqual(['Excellent', 'Very Good']);
  });
  it('polish range ranks 1-3 keeps Good, Fair, Poor', () => {
    const docs = grades.map((g) => stone({ StkCodeCalcNS: g, polish: g }));
    expect(pass(docs, { polish: [1, 3] })).toEqual(['Good', 'Fair', 'Poor']);
  });
  it('symmetry rank 5 only keeps Excellent', () => {
    const docs = grades.map((g) => stone({ StkCodeCalcNS: g, symmetry: g }));
    expect(pass(docs, { symmetry: [5, 5] })).toEqual(['Excellent']);
  });
  it('fluorescence ranks 1-2 keep None and Faint', () => {
    const docs = ['None', 'Faint', 'Medium', 'V. Strong'].map((g) => stone({ StkCodeCalcNS: g, fluorescence: g }));
    expect(pass(docs, { fluorescence: [1, 2] })).toEqual(['None', 'Faint']);
  });
});

describe('price and ppc', () => {
  const docs = [
    stone({ StkCodeCalcNS: 'cheap', price: 900, STWeight: 0.5 }),
    stone({ StkCodeCalcNS: 'mid', price: 4000, STWeight: 1 }),
    stone({ StkCodeCalcNS: 'dear', price: 120_000, STWeight: 3 }),
  ];
  it('price filter keeps displayed prices in the range (USD here)', () => {
    expect(pass(docs, { price: [1000, 5000] })).toEqual(['mid']);
  });
  it('price filter with the upper handle at 50,000 has no upper bound', () => {
    expect(pass(docs, { price: [1000, 50_000] })).toEqual(['mid', 'dear']);
  });
  it('price filter compares the price in the chosen currency', () => {
    const ix = prepareCatalogue(docs, { ccy: 'GBP', rates: RATES }); // 4000 USD = 3200 GBP
    const f = { ...defaultFilters(ix.bounds[0]), price: [3000, 3300] as const };
    expect(rowsToDocs(ix, applyFilters(ix, f, { tab: 0, authorised: true })).map((d) => d.StkCodeCalcNS)).toEqual([
      'mid',
    ]);
  });
  it('ppc filter uses price per carat: 900 / 0.5 = 1800, 4000, 40000', () => {
    expect(pass(docs, { ppc: [1500, 4000] })).toEqual(['cheap', 'mid']);
  });
  it('price filter ignored for visitors', () => {
    expect(pass(docs, { price: [1000, 5000], ppc: [1, 2] }, { authorised: false })).toEqual(['cheap', 'mid', 'dear']);
  });
  it('a special offer is priced at its WebSpecial', () => {
    const special = [stone({ StkCodeCalcNS: 's', price: 9000, WebSpecial: 4500 })];
    expect(pass(special, { price: [4000, 5000] })).toEqual(['s']);
  });
});

describe('grading labs, special offers, search', () => {
  const docs = [
    stone({ StkCodeCalcNS: 'FT-0001-A', StkCertSup: 'gia', StkCertNo: '2215487931' }),
    stone({ StkCodeCalcNS: 'FT-0002-B', StkCertSup: 'IGI', WebSpecial: 2500, StkCertNo: 'LG5501' }),
    stone({ StkCodeCalcNS: 'ft-0102-c', StkCertSup: 'HRD', WebSpecial: '0' as unknown as number, StkCertNo: '' }),
  ];
  it('grading lab filter matches uppercase', () => {
    expect(pass(docs, { gradingLabs: ['GIA', 'hrd'] })).toEqual(['FT-0001-A', 'ft-0102-c']);
  });
  it('special offers kept only when WebSpecial is above 0', () => {
    expect(pass(docs, { specialOffers: true })).toEqual(['FT-0002-B']);
  });
  it('code search is case-insensitive substring', () => {
    expect(pass(docs, { search: 'Ft-0' })).toEqual(['FT-0001-A', 'FT-0002-B', 'ft-0102-c']);
    expect(pass(docs, { search: ' FT-01 ' })).toEqual(['ft-0102-c']);
    expect(pass(docs, { search: '2-b' })).toEqual(['FT-0002-B']);
  });
  it('code search also finds certificate numbers, whole or in part, in any case', () => {
    expect(pass(docs, { search: '2215487931' })).toEqual(['FT-0001-A']);
    expect(pass(docs, { search: 'lg55' })).toEqual(['FT-0002-B']);
    expect(pass(docs, { search: '548' })).toEqual(['FT-0001-A']);
  });
});

describe('depth, table, measurements', () => {
  it('depth filter 1-100 % keeps StkDepth_Total in range', () => {
    const docs = [58, 61.5, 64].map((d) => stone({ StkCodeCalcNS: String(d), StkDepth_Total: d }));
    expect(pass(docs, { depth: [60, 62] })).toEqual(['61.5']);
  });
  it('table filter 0-100 % keeps StkTable in range', () => {
    const docs = [53, 57, 62].map((t) => stone({ StkCodeCalcNS: String(t), StkTable: t }));
    expect(pass(docs, { table: [55, 60] })).toEqual(['57']);
  });
  const docs = [
    stone({ StkCodeCalcNS: 'small', StkMes1: 4.1, StkMes2: 4.08, StkMes3: 2.5 }),
    stone({ StkCodeCalcNS: 'big', StkMes1: 8.2, StkMes2: 8.15, StkMes3: 5 }),
    stone({ StkCodeCalcNS: 'oval', StkMes1: 9, StkMes2: 6, StkMes3: 3.7 }),
  ];
  it('measurements filter by length, width and depth in mm', () => {
    expect(pass(docs, { measurementsLength: [8, 9] })).toEqual(['big', 'oval']);
    expect(pass(docs, { measurementsWidth: [5, 7] })).toEqual(['oval']);
    expect(pass(docs, { measurementsDepth: [2, 4] })).toEqual(['small', 'oval']);
  });
  it('a switched-off measurements column is not applied', () => {
    expect(
      pass(docs, { measurementsLength: [8, 9] }, { columns: { measurements: false, availability: true } }),
    ).toEqual(['small', 'big', 'oval']);
  });
});

describe('availability (our filter for the optional column)', () => {
  const docs = [1, 2, 3].map((a) => stone({ StkCodeCalcNS: `a${a}`, StkWebAvailable: a as 1 | 2 | 3 }));
  it('keeps the chosen availability codes', () => {
    expect(pass(docs, { availability: [1, 3] })).toEqual(['a1', 'a3']);
  });
  it('is not applied while its column is off, nor for visitors', () => {
    expect(pass(docs, { availability: [1] }, { columns: { measurements: true, availability: false } })).toEqual([
      'a1',
      'a2',
      'a3',
    ]);
    expect(pass(docs.map(asVisitor), { availability: [1] }, { authorised: false })).toEqual(['a1', 'a2', 'a3']);
  });
});

describe('tabs', () => {
  const docs = [stone({ StkCodeCalcNS: 'nat' }), labGrown({ StkCodeCalcNS: 'lab' }), parcel({ StkCodeCalcNS: 'par' })];
  it('each tab filters only its own stones; Coloured lists none', () => {
    expect(pass(docs, {}, { tab: 0 })).toEqual(['nat']);
    expect(pass(docs, {}, { tab: 1 })).toEqual(['lab']);
    expect(pass(docs, {}, { tab: 2 })).toEqual(['par']);
    expect(pass(docs, {}, { tab: 3 })).toEqual([]);
  });
  it('filters combine: every active filter must pass', () => {
    const mix = [
      stone({ StkCodeCalcNS: 'a', StkShape: 'Oval', STWeight: 1.1, colour: 'E' }),
      stone({ StkCodeCalcNS: 'b', StkShape: 'Oval', STWeight: 1.1, colour: 'J' }),
      stone({ StkCodeCalcNS: 'c', StkShape: 'Round', STWeight: 1.1, colour: 'E' }),
    ];
    expect(pass(mix, { shapes: ['oval'], weight: [1, 1.5], colour: [0, 3] })).toEqual(['a']);
  });
});
