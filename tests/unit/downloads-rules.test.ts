import { describe, expect, it } from 'vitest';
import {
  columnsFor,
  downloadFileName,
  DOWNLOAD_TITLES,
  excelColumns,
  finishAbbr,
  fluorescenceAbbr,
  PARCEL_COLUMNS,
  pdfColumns,
  rowsOf,
  selectDocs,
  SINGLE_COLUMNS,
} from '../../src/domain/downloads/index.ts';
import { parcel, stone } from './catalogue/factory.ts';

const RATES = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.27 },
];
const LABELS = { 1: 'Immediately', 2: '3-5 days', 3: 'On Demand' } as const;

describe('titles and file names', () => {
  it('names each type, the Current List apart from the ticked items', () => {
    expect(DOWNLOAD_TITLES).toEqual({
      current: 'Current List',
      selected: 'Selected Stock',
      'certified-rounds': 'Certified Rounds',
      'certified-fancies': 'Certified Fancies',
      'certified-all': 'Certified Stock',
      parcels: 'Parcel List',
    });
  });

  it("files are '{brand} {title} (Downloaded - MMM Do YYYY)'", () => {
    const day = new Date(2026, 10, 22, 12);
    expect(downloadFileName('Facet Trade', 'parcels', 'pdf', day)).toBe(
      'Facet Trade Parcel List (Downloaded - Nov 22nd 2026).pdf',
    );
    expect(downloadFileName('Facet Trade', 'certified-all', 'excel', new Date(2026, 0, 1, 12))).toBe(
      'Facet Trade Certified Stock (Downloaded - Jan 1st 2026).xlsx',
    );
    expect(downloadFileName('X', 'selected', 'pdf', new Date(2026, 2, 3, 12))).toBe(
      'X Selected Stock (Downloaded - Mar 3rd 2026).pdf',
    );
  });
});

describe('which stones each type takes', () => {
  const round = stone({ _id: 1, StkShape: 'Round', StkCertNo: '123' });
  const pear = stone({ _id: 2, StkShape: 'Pear', StkCertNo: '456' });
  const uncert = stone({ _id: 3, StkShape: 'Round', StkCertNo: '' });
  const lot = parcel({ _id: 4 });
  const all = [round, pear, uncert, lot];

  it('current is the filtered list; selected the ticked stones', () => {
    expect(selectDocs('current', { current: [pear], all }).map((d) => d._id)).toEqual([2]);
    expect(selectDocs('selected', { current: [pear], all, ticked: [1, 4] }).map((d) => d._id)).toEqual([1, 4]);
  });
  it('certified lists are singles with a certificate number: rounds, fancies, all; parcels are every parcel', () => {
    expect(selectDocs('certified-rounds', { current: [], all }).map((d) => d._id)).toEqual([1]);
    expect(selectDocs('certified-fancies', { current: [], all }).map((d) => d._id)).toEqual([2]);
    expect(selectDocs('certified-all', { current: [], all }).map((d) => d._id)).toEqual([1, 2]);
    expect(selectDocs('parcels', { current: [], all }).map((d) => d._id)).toEqual([4]);
  });
});

describe('columns and cells', () => {
  it('singles: ID .. Price, plus Availability in Excel only; parcels: ID, Shape, Origin, Size, Colour, Clarity, L/W/D, Lab, PPC', () => {
    expect(pdfColumns(SINGLE_COLUMNS).map((c) => c.header)).toEqual([
      'ID',
      'Shape',
      'Origin',
      'Weight',
      'Colour',
      'Clarity',
      'Cut',
      'Polish',
      'Symmetry',
      'Fluor',
      'L/W/D',
      'Lab',
      'PPC',
      'BR',
      'Price',
    ]);
    expect(excelColumns(SINGLE_COLUMNS).at(-1)?.header).toBe('Availability');
    expect(PARCEL_COLUMNS.map((c) => c.header)).toEqual([
      'ID',
      'Shape',
      'Origin',
      'Size',
      'Colour',
      'Clarity',
      'L/W/D',
      'Lab',
      'PPC',
    ]);
    expect(columnsFor([parcel()])).toBe(PARCEL_COLUMNS);
    expect(columnsFor([stone(), parcel()])).toBe(SINGLE_COLUMNS);
  });

  it('PDF width percentages add up to 100', () => {
    for (const cols of [pdfColumns(SINGLE_COLUMNS), PARCEL_COLUMNS])
      expect(cols.reduce((s, c) => s + c.pdfWidth, 0)).toBe(100);
  });

  it('abbreviates cut, polish, symmetry and fluorescence', () => {
    const r = (From: string, To = From) => ({ From, To, rank: [0, 0] as [number, number] });
    expect(['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'].map((g) => finishAbbr(r(g)))).toEqual([
      'EX',
      'VG',
      'GD',
      'FAR',
      'POR',
    ]);
    expect(
      ['None', 'Faint', 'Slight', 'V. Slight', 'Medium', 'Strong', 'V. Strong'].map((g) => fluorescenceAbbr(r(g))),
    ).toEqual(['NON', 'FNT', 'SL', 'VSL', 'MED', 'SG', 'VSG']);
    expect(finishAbbr(r('Excellent', 'Very Good'))).toBe('EX-VG');
    expect(finishAbbr(null)).toBe('-');
  });

  it('prices in the chosen currency only with a price context', () => {
    const s = stone({
      _id: 9,
      StkCodeCalcNS: 'FT-9',
      price: 1270,
      STWeight: 1,
      RAP: 31.5,
      StkWebAvailable: 2,
      cut: 'Very Good',
      fluorescence: 'Faint',
    });
    const [row] = rowsOf([s], excelColumns(SINGLE_COLUMNS), {
      pricing: { ccy: 'GBP', rates: RATES },
      availability: LABELS,
    });
    expect(row).toEqual([
      'FT-9',
      'Round',
      'Natural',
      '1.00',
      'G',
      'VS2',
      'VG',
      'EX',
      'EX',
      'FNT',
      expect.any(String),
      'GIA',
      '£1,000.00',
      '31.50%',
      '£1,000.00',
      '3-5 days',
    ]);
    const [visitor] = rowsOf([s], excelColumns(SINGLE_COLUMNS), { pricing: null, availability: LABELS });
    expect(visitor?.slice(12)).toEqual(['-', '-', '-', '-']);
  });
});
