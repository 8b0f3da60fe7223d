/** The PRICE drawer's breakdown: price, per carat, special against original; parcels' per carat and weight price. */
import { describe, expect, it } from 'vitest';
import { priceBreakdown } from '../../../src/domain/catalogue/price-breakdown.ts';
import { parcel, stone } from './factory.ts';

const RATES = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.25 },
];

describe('priceBreakdown', () => {
  it('a single: price and per carat in the chosen currency', () => {
    const b = priceBreakdown(stone({ price: 5000, STWeight: 2 }), 'GBP', RATES);
    expect(b.lines).toEqual([
      { label: 'Price', amount: 4000 },
      { label: 'Price per carat', amount: 2000 },
    ]);
    expect(b.saving).toBeNull();
    expect(priceBreakdown(stone({ price: 5000, STWeight: 2 }), 'USD', RATES).lines[0]).toEqual({
      label: 'Price',
      amount: 5000,
    });
  });

  it('a single on special offer: special against original, and the saving', () => {
    const b = priceBreakdown(stone({ price: 5000, WebSpecial: 4000, STWeight: 1 }), 'USD', RATES);
    expect(b.lines).toEqual([
      { label: 'Special price', amount: 4000 },
      { label: 'Original price', amount: 5000 },
      { label: 'Price per carat', amount: 4000 },
    ]);
    expect(b.saving).toEqual({ original: 5000, special: 4000, amount: 1000, percent: 20 });
  });

  it('a parcel: per carat and the price of its whole weight', () => {
    const b = priceBreakdown(parcel({ ppc: 800, STWeight: 25 }), 'GBP', RATES);
    expect(b.lines).toEqual([
      { label: 'Price per carat', amount: 800 },
      { label: 'Price for 25.00 ct', amount: 20000 },
    ]);
    expect(priceBreakdown(parcel({ ppc: 800, STWeight: 25 }), 'USD', RATES).lines[1]).toEqual({
      label: 'Price for 25.00 ct',
      amount: 25000,
    });
  });

  it('a parcel on special offer: special per carat against the original', () => {
    const b = priceBreakdown(parcel({ ppc: 800, WebSpecial: 750, STWeight: 10 }), 'USD', RATES);
    expect(b.lines.map((l) => l.label)).toEqual([
      'Special price per carat',
      'Original price per carat',
      'Price for 10.00 ct',
    ]);
    expect(b.lines[0]!.amount).toBe(750);
    expect(b.lines[1]!.amount).toBe(1000);
    expect(b.saving).toMatchObject({ amount: 250, percent: 25 });
  });

  it("no price (a visitor's doc): no lines", () => {
    expect(priceBreakdown(stone({ price: null, ExWebTotal: null }), 'GBP', RATES)).toEqual({ lines: [], saving: null });
  });
});
