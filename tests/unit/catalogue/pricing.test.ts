import { describe, expect, it } from 'vitest';
import { bagLinePrice, bagTotal, formatPriceOrNA, parcelWeightPrice } from '../../../src/domain/bag/pricing.ts';
import {
  formatMeasurements,
  formatMm,
  formatRatio,
  isSpecialOffer,
  lwRatio,
  prepareCatalogue,
  stonePrice,
  stonePricePerCarat,
} from '../../../src/domain/catalogue/index.ts';
import { CURRENCY_CODES, formatPrice, formatWeight, pricePerCarat } from '../../../src/domain/money.ts';
import { asVisitor, parcel, RATES, stone } from './factory.ts';

// RATES: GBP 1, USD 1.25, EUR 1.16, JPY 190, NZD 2.1 (one common base)

describe('displayed price', () => {
  it('is WebSpecial when above 0, else price, else ExWebTotal', () => {
    expect(stonePrice(stone({ WebSpecial: 3000, price: 4000, ExWebTotal: 4100 }), 'USD', RATES)).toBe(3000);
    expect(stonePrice(stone({ WebSpecial: 0, price: 4000, ExWebTotal: 4100 }), 'USD', RATES)).toBe(4000);
    expect(stonePrice(stone({ WebSpecial: 0, price: null, ExWebTotal: 4100 }), 'USD', RATES)).toBe(4100);
    expect(stonePrice(asVisitor(stone()), 'USD', RATES)).toBeNull();
  });
  it('parcels use the special price or ppc', () => {
    expect(stonePrice(parcel({ ppc: 800 }), 'GBP', RATES)).toBe(800);
    expect(stonePrice(parcel({ ppc: 800, WebSpecial: 900 }), 'USD', RATES)).toBe(900);
  });
  it("WebSpecial 0, '0' or absent means no special offer", () => {
    expect(isSpecialOffer({ WebSpecial: 0 })).toBe(false);
    expect(isSpecialOffer({ WebSpecial: '0' })).toBe(false);
    expect(isSpecialOffer({})).toBe(false);
    expect(isSpecialOffer({ WebSpecial: '12.5' })).toBe(true);
  });
});

describe('conversion in every currency (amount / source rate x target rate, 2 decimals)', () => {
  const single = stone({ price: 4321, STWeight: 1.07 });
  it.each([
    ['GBP', 3457, '£3,457.00'], // 4321 / 1.25 = 3456.80 -> 3457
    ['USD', 4321, '$4,321.00'], // base currency
    ['EUR', 4010, '€4,010.00'], // 3456.80 x 1.16 = 4009.89 -> 4010
    ['JPY', 656_792, '¥656,792.00'], // 3456.80 x 190
    ['NZD', 7259, 'NZ$7,259.00'], // 3456.80 x 2.1 = 7259.28 -> 7259
  ])('a single at USD 4,321 shows in %s as %d (whole units): %s', (ccy, amount, text) => {
    expect(stonePrice(single, ccy, RATES)).toBe(amount);
    expect(formatPrice(stonePrice(single, ccy, RATES), ccy)).toBe(text);
  });
  it.each([
    ['GBP', 812.5], // base currency of ppc
    ['USD', 1015.63], // 812.5 x 1.25 = 1015.625
    ['EUR', 942.5], // 812.5 x 1.16
    ['JPY', 154_375], // 812.5 x 190
    ['NZD', 1706.25], // 812.5 x 2.1
  ])('a parcel ppc of GBP 812.50 shows in %s as %d', (ccy, amount) => {
    expect(stonePrice(parcel({ ppc: 812.5 }), ccy, RATES)).toBe(amount);
  });
  it('offers the five currencies', () => {
    expect(CURRENCY_CODES).toEqual(['GBP', 'USD', 'EUR', 'JPY', 'NZD']);
  });
});

describe('per carat and parcel weight price', () => {
  it('per-carat for single items is price divided by weight: 3457 / 1.07 = 3230.84 GBP', () => {
    expect(stonePricePerCarat(stone({ price: 4321, STWeight: 1.07 }), 'GBP', RATES)).toBe(3230.84);
  });
  it('a parcel weight price is the rounded converted ppc times the weight: 1015.63 x 2.5 = 2539.08 USD', () => {
    expect(parcelWeightPrice(parcel({ ppc: 812.5 }), 2.5, 'USD', RATES)).toBe(2539.08);
    expect(parcelWeightPrice(parcel({ ppc: 812.5 }), 0.01, 'JPY', RATES)).toBe(1543.75);
  });
  it("the index's ppc column equals money.ts pricePerCarat for every stone", () => {
    const docs = [
      stone({ price: 4321, STWeight: 1.07 }),
      stone({ price: 999, STWeight: 0.33, WebSpecial: 950 }),
      parcel({ ppc: 812.5 }),
    ];
    for (const ccy of CURRENCY_CODES) {
      const ix = prepareCatalogue(docs, { ccy, rates: RATES });
      docs.forEach((d, i) => expect(ix.ppc[i]).toBe(pricePerCarat(d, ccy, RATES)?.amount));
    }
  });
});

describe('bag lines and total', () => {
  const single = stone({ price: 4321 });
  const p = parcel({ ppc: 812.5 });
  it('a single line costs its displayed price; a parcel by weight its weight price', () => {
    expect(bagLinePrice({ stock: single }, 'GBP', RATES)).toBe(3457);
    expect(bagLinePrice({ stock: p, selectedUnit: 'weight', weight: 2.5 }, 'GBP', RATES)).toBe(2031.25);
  });
  it('a per-item price shows N/A for a parcel in items mode', () => {
    expect(bagLinePrice({ stock: p, selectedUnit: 'items', weight: 3 }, 'GBP', RATES)).toBeNull();
    expect(formatPriceOrNA(null, 'GBP')).toBe('N/A');
  });
  it('the bag total is rounded to 2 decimals: 3457 + 2031.25 = 5488.25 GBP', () => {
    expect(bagTotal([{ stock: single }, { stock: p, selectedUnit: 'weight', weight: 2.5 }], 'GBP', RATES)).toBe(
      5488.25,
    );
    expect(
      bagTotal(
        [
          { stock: p, weight: 0.01 },
          { stock: p, weight: 0.02 },
        ],
        'USD',
        RATES,
      ),
    ).toBe(30.47); // 10.16 + 20.31
  });
  it('the total shows N/A if any parcel is priced by items', () => {
    const total = bagTotal([{ stock: single }, { stock: p, selectedUnit: 'items', weight: 1 }], 'GBP', RATES);
    expect(total).toBeNull();
    expect(formatPriceOrNA(total, 'GBP')).toBe('N/A');
  });
  it('a parcel line defaults to weight mode and 0.01 ct', () => {
    expect(bagLinePrice({ stock: p }, 'GBP', RATES)).toBe(8.13); // 812.5 x 0.01 = 8.125
  });
});

describe('display of weight, ratio and measurements', () => {
  it('weight shown as 0.00 followed by ct', () => {
    expect(formatWeight(1)).toBe('1.00ct');
    expect(formatWeight(0.305)).toBe('0.31ct');
  });
  it('L/W ratio to 2 decimals: 9.12 / 6.05 = 1.51', () => {
    expect(lwRatio({ StkMes1: 9.12, StkMes2: 6.05 })).toBe(1.51);
    expect(formatRatio(lwRatio({ StkMes1: 6.5, StkMes2: 6.5 }))).toBe('1.00');
    expect(lwRatio({ StkMes1: 6.5, StkMes2: null })).toBeNull();
    expect(lwRatio({ StkMes1: 6.5, StkMes2: 0 })).toBeNull();
    expect(formatRatio(null)).toBe('-');
  });
  it("length and width to 2 decimals, measurements joined with ' x '", () => {
    expect(formatMm(6.5)).toBe('6.50');
    expect(formatMeasurements({ StkMes1: 6.5, StkMes2: 6.48, StkMes3: 4 })).toBe('6.50 x 6.48 x 4.00');
    expect(formatMeasurements({ StkMes1: null, StkMes2: null, StkMes3: null })).toBe('-');
  });
});
