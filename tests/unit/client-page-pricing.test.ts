/** The client price rule: trade x (1 + markup), exact in minor units, rounded half up as the site rounds. */
import { describe, expect, it } from 'vitest';
import { clientPrice, markUpMinor, markupTenths } from '../../src/domain/client-pages/pricing.ts';
import { clientPriceText, gradeRows, type ClientStone } from '../../src/domain/client-pages/view.ts';
import type { FxRate } from '../../src/domain/money.ts';

const RATES: FxRate[] = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.25 },
  { currency: 'JPY', ExRate: 190.5 },
];
const single = (price: number) => ({ StkCatType: 'Single Item' as const, STWeight: 1.02, price, WebSpecial: 0 });
const parcel = (ppc: number) => ({ StkCatType: 'Multiple Items' as const, STWeight: 12.4, ppc, WebSpecial: 0 });

describe('markUpMinor', () => {
  it('multiplies exactly in integers and rounds half up to whole units or cents', () => {
    expect(markUpMinor(123_400, 125, 100)).toBe(138_800); // 1234 x 1.125 = 1388.25 -> 1388
    expect(markUpMinor(100_500, 100, 100)).toBe(110_600); // 1005 x 1.1 = 1105.5 -> 1106 (half up)
    expect(markUpMinor(9_640, 125, 1)).toBe(10_845); // 96.40 x 1.125 = 108.45
    expect(markUpMinor(9_640, 123, 1)).toBe(10_826); // 96.40 x 1.123 = 108.2572 -> 108.26
    expect(markUpMinor(1_000, 5, 1)).toBe(1_005); // 10.00 x 1.005 = 10.05, where 10 * 1.005 in floats is 10.049999
    expect(markUpMinor(99_999_999_900, 3000, 100)).toBe(399_999_999_600); // 300 % of a large price
  });

  it('reads a typed percentage as tenths', () => {
    expect(markupTenths(12.5)).toBe(125);
    expect(markupTenths(0.1)).toBe(1);
    expect(markupTenths(300)).toBe(3000);
  });
});

describe('clientPrice', () => {
  it('marks up the trade price the trader sees, in the page currency', () => {
    // $1,234 -> £987.20 -> £987 (whole units) -> x 1.1 = 1085.7 -> £1,086
    expect(clientPrice(single(1234), 100, 'GBP', RATES)).toEqual({ amount: 1086, currency: 'GBP', unit: 'stone' });
    // $1,234 x 1.125 = 1388.25 -> $1,388
    expect(clientPrice(single(1234), 125, 'USD', RATES)).toEqual({ amount: 1388, currency: 'USD', unit: 'stone' });
    // $1,234 -> ¥188,061.60 -> ¥188,062 -> x 1.333 = 250,686.646 -> ¥250,687
    expect(clientPrice(single(1234), 333, 'JPY', RATES)!.amount).toBe(250_687);
    // a parcel per carat to the cent: £96.40 x 1.125 = £108.45
    expect(clientPrice(parcel(96.4), 125, 'GBP', RATES)).toEqual({ amount: 108.45, currency: 'GBP', unit: 'carat' });
    expect(clientPrice({ StkCatType: 'Single Item', STWeight: 1, price: null }, 100, 'GBP', RATES)).toBeNull();
  });

  it('prints the price, per carat for parcels, and no price for a stone that has gone', () => {
    const stone = { available: true, price: { amount: 1086, currency: 'GBP', unit: 'stone' } } as ClientStone;
    expect(clientPriceText(stone)).toBe('£1,086.00');
    expect(clientPriceText({ ...stone, price: { amount: 108.45, currency: 'GBP', unit: 'carat' } })).toBe(
      '£108.45 per ct',
    );
    expect(clientPriceText({ ...stone, available: false })).toBe('No longer available');
    expect(
      gradeRows({ ...stone, colour: 'G', clarity: '-', measurements: '6.50 x 6.52 x 4.01' } as ClientStone),
    ).toEqual([
      ['Colour', 'G'],
      ['Measurements', '6.50 x 6.52 x 4.01 mm'],
    ]);
  });
});
