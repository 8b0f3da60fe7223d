import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  defaultFilters,
  filterAndSort,
  nextSort,
  prepareCatalogue,
  rowsToDocs,
  setCurrency,
  sortKey,
  sortRows,
  SORT_COLUMNS,
  type SortState,
} from '../../../src/domain/catalogue/index.ts';
import type { DiamondDoc } from '../../../src/domain/diamond.ts';
import { CLARITIES, COLOURS, FINISH_GRADES, FLUORESCENCES } from '../../../src/domain/grades.ts';
import { parcel, RATES, stone } from './factory.ts';

function sorted(docs: DiamondDoc[], sort: SortState, authorised = true): string[] {
  const ix = prepareCatalogue(docs, { ccy: 'USD', rates: RATES });
  return rowsToDocs(ix, filterAndSort(ix, defaultFilters(ix.bounds[0]), sort, { tab: 0, authorised })).map(
    (d) => d.StkCodeCalcNS,
  );
}
const asc = (column: SortState['column']): SortState => ({ column, direction: 'asc' });
const desc = (column: SortState['column']): SortState => ({ column, direction: 'desc' });

describe('the sort toggle', () => {
  it('default sort is createdAt ascending', () => {
    expect(DEFAULT_SORT).toEqual({ column: 'createdAt', direction: 'asc' });
  });
  it('clicking the same column flips ascending and descending', () => {
    expect(nextSort(asc('price'), 'price')).toEqual(desc('price'));
    expect(nextSort(desc('price'), 'price')).toEqual(asc('price'));
  });
  it('switching sort column starts ascending', () => {
    expect(nextSort(desc('price'), 'weight')).toEqual(asc('weight'));
    expect(nextSort(DEFAULT_SORT, 'colour')).toEqual(asc('colour'));
  });
});

describe('column sort keys', () => {
  const t = (n: number) => new Date(Date.UTC(2025, 0, n)).toISOString();
  it('createdAt ascending lists the oldest first', () => {
    const docs = [
      stone({ StkCodeCalcNS: 'new', createdAt: t(3) }),
      stone({ StkCodeCalcNS: 'old', createdAt: t(1) }),
      stone({ StkCodeCalcNS: 'mid', createdAt: t(2) }),
    ];
    expect(sorted(docs, DEFAULT_SORT)).toEqual(['old', 'mid', 'new']);
  });
  it('SHAPE sorts alphabetically', () => {
    const docs = ['Round', 'Emerald', 'pear'].map((s) => stone({ StkCodeCalcNS: s, StkShape: s }));
    expect(sorted(docs, asc('shape'))).toEqual(['Emerald', 'pear', 'Round']);
  });
  it('WEIGHT sorts by carats', () => {
    const docs = [1.5, 0.3, 2].map((w) => stone({ StkCodeCalcNS: String(w), STWeight: w }));
    expect(sorted(docs, asc('weight'))).toEqual(['0.3', '1.5', '2']);
  });
  it('parcels sort under WEIGHT by the lower end of their Size range', () => {
    const docs = [
      parcel({ StkCodeCalcNS: 'b', size: [0.02, 0.03], STWeight: 5 }),
      parcel({ StkCodeCalcNS: 'a', size: [0.01, 0.02], STWeight: 50 }),
    ];
    const ix = prepareCatalogue(docs);
    expect(rowsToDocs(ix, sortRows(ix, ix.tabRows[2], asc('weight'), true)).map((d) => d.StkCodeCalcNS)).toEqual([
      'a',
      'b',
    ]);
  });
  it('COLOUR and CLARITY ascending follow the scale: D..M, FL..I3', () => {
    const c = ['H', 'D', 'M'].map((x) => stone({ StkCodeCalcNS: x, colour: x }));
    expect(sorted(c, asc('colour'))).toEqual(['D', 'H', 'M']);
    const q = ['SI1', 'IF', 'I2'].map((x) => stone({ StkCodeCalcNS: x, clarity: x }));
    expect(sorted(q, asc('clarity'))).toEqual(['IF', 'SI1', 'I2']);
    expect(COLOURS[0]).toBe('D');
    expect(CLARITIES[0]).toBe('FL');
  });
  it('CUT, POLISH and SYMMETRY ascending run Excellent..Poor', () => {
    const grades = ['Good', 'Excellent', 'Poor', 'Very Good'];
    for (const column of ['cut', 'polish', 'symmetry'] as const) {
      const field = column === 'cut' ? 'cut' : column === 'polish' ? 'polish' : 'symmetry';
      const docs = grades.map((g) => stone({ StkCodeCalcNS: g, [field]: g }));
      expect(sorted(docs, asc(column))).toEqual(['Excellent', 'Very Good', 'Good', 'Poor']);
    }
    expect(FINISH_GRADES[0]).toBe('Excellent');
  });
  it('FLUOR ascending runs None..V. Strong', () => {
    const docs = ['Medium', 'None', 'V. Strong', 'Faint'].map((g) => stone({ StkCodeCalcNS: g, fluorescence: g }));
    expect(sorted(docs, asc('fluor'))).toEqual(['None', 'Faint', 'Medium', 'V. Strong']);
    expect(FLUORESCENCES[0]).toBe('None');
  });
  it('LTH / WTH / DTH sorts by length', () => {
    const docs = [6.5, 4.1, 9].map((l) => stone({ StkCodeCalcNS: String(l), StkMes1: l }));
    expect(sorted(docs, asc('measurements'))).toEqual(['4.1', '6.5', '9']);
  });
  it('LAB sorts alphabetically by uppercase lab', () => {
    const docs = ['igi', 'GIA', 'EGL'].map((l) => stone({ StkCodeCalcNS: l, StkCertSup: l }));
    expect(sorted(docs, asc('lab'))).toEqual(['EGL', 'GIA', 'igi']);
  });
  it('PPC, BR and PRICE sort by price per carat, RAP and displayed price', () => {
    const docs = [
      stone({ StkCodeCalcNS: 'a', price: 3000, STWeight: 1, RAP: 20 }), // ppc 3000
      stone({ StkCodeCalcNS: 'b', price: 4000, STWeight: 2, RAP: 35 }), // ppc 2000
      stone({ StkCodeCalcNS: 'c', price: 9000, WebSpecial: 2500, STWeight: 0.5, RAP: 10 }), // shown 2500, ppc 5000
    ];
    expect(sorted(docs, asc('price'))).toEqual(['c', 'a', 'b']);
    expect(sorted(docs, asc('ppc'))).toEqual(['b', 'a', 'c']);
    expect(sorted(docs, asc('br'))).toEqual(['c', 'a', 'b']);
  });
  it('price columns do not sort for visitors: the default order stays', () => {
    const docs = [stone({ StkCodeCalcNS: 'first', price: 9000 }), stone({ StkCodeCalcNS: 'second', price: 10 })];
    expect(sorted(docs, asc('price'), false)).toEqual(['first', 'second']);
  });
  it('a column sorts the same after a currency change', () => {
    const docs = [stone({ StkCodeCalcNS: 'a', price: 3000 }), stone({ StkCodeCalcNS: 'b', price: 1000 })];
    const ix = prepareCatalogue(docs, { ccy: 'USD', rates: RATES });
    sortRows(ix, ix.tabRows[0], asc('price'), true);
    setCurrency(ix, { ccy: 'JPY', rates: RATES });
    expect(ix.price[1]).toBe(152_000); // 1000 / 1.25 * 190
    expect(rowsToDocs(ix, sortRows(ix, ix.tabRows[0], asc('price'), true)).map((d) => d.StkCodeCalcNS)).toEqual([
      'b',
      'a',
    ]);
  });
});

describe('missing values and ties', () => {
  const docs = [
    stone({ StkCodeCalcNS: 'none1', StkMes1: null }),
    stone({ StkCodeCalcNS: 'x6', StkMes1: 6 }),
    stone({ StkCodeCalcNS: 'y5', StkMes1: 5 }),
    stone({ StkCodeCalcNS: 'z6', StkMes1: 6 }),
    stone({ StkCodeCalcNS: 'none2', StkMes1: null }),
  ];
  it('stones without a value come last in both directions', () => {
    expect(sorted(docs, asc('measurements')).slice(-2)).toEqual(['none1', 'none2']);
    expect(sorted(docs, desc('measurements')).slice(-2)).toEqual(['none1', 'none2']);
  });
  it('ties keep createdAt ascending in both directions', () => {
    expect(sorted(docs, asc('measurements'))).toEqual(['y5', 'x6', 'z6', 'none1', 'none2']);
    expect(sorted(docs, desc('measurements'))).toEqual(['x6', 'z6', 'y5', 'none1', 'none2']);
  });
});

describe('the cached permutation agrees with a plain comparator sort', () => {
  it('on 2,000 random stones, every column, both directions, a filtered subset', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const shapes = ['Round', 'Oval', 'Pear', 'Heart'];
    const docs = Array.from({ length: 2000 }, (_, i) =>
      stone({
        StkShape: shapes[Math.floor(rnd() * 4)]!,
        STWeight: Math.round(rnd() * 300) / 100,
        colour: COLOURS[Math.floor(rnd() * 10)]!,
        clarity: CLARITIES[Math.floor(rnd() * 10)]!,
        cut: rnd() < 0.1 ? null : FINISH_GRADES[Math.floor(rnd() * 5)]!,
        StkMes1: rnd() < 0.1 ? null : Math.round(rnd() * 50) / 10,
        price: Math.round(rnd() * 20) * 500,
        RAP: Math.round(rnd() * 40),
        StkCertSup: ['GIA', 'IGI', ''][Math.floor(rnd() * 3)]!,
        createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(rnd() * 100) * 60_000).toISOString(),
        _id: 100_000 + i,
      }),
    );
    const ix = prepareCatalogue(docs, { ccy: 'EUR', rates: RATES });
    const subset = ix.tabRows[0].filter((i) => i % 3 !== 0);
    for (const column of SORT_COLUMNS) {
      const key = sortKey(ix, column);
      for (const direction of ['asc', 'desc'] as const) {
        const expected = [...subset].sort((a, b) => {
          const ka = key[a]!;
          const kb = key[b]!;
          const ma = Number.isNaN(ka);
          const mb = Number.isNaN(kb);
          if (ma !== mb) return ma ? 1 : -1;
          if (!ma && ka !== kb) return direction === 'asc' ? ka - kb : kb - ka;
          return ix.createdAt[a]! - ix.createdAt[b]! || a - b;
        });
        expect([...sortRows(ix, subset, { column, direction }, true)], `${column} ${direction}`).toEqual(expected);
      }
    }
  });
});
