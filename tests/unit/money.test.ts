import { describe, expect, it } from 'vitest';
import { sizeRange } from '../../src/domain/bag/names.ts';
import {
  caratText,
  convert,
  defaultCurrency,
  displayPrice,
  formatMeasurements,
  formatPrice,
  formatRange,
  formatSize,
  formatWeight,
  priceParts,
  pricePerCarat,
  roundTo,
  UnknownCurrencyError,
  type FxRate,
} from '../../src/domain/money.ts';

/** Rates on one common base (GBP = 1), as the site call sends them. */
const rates: FxRate[] = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.27 },
  { currency: 'EUR', ExRate: 1.17 },
  { currency: 'JPY', ExRate: 190.5 },
  { currency: 'NZD', ExRate: 2.13 },
];

describe('convert: amount / rate(from) * rate(to), rounded to 2 decimals', () => {
  it('converts USD 1,000 to GBP as 1000 / 1.27 * 1 = 787.40', () => {
    expect(convert(1000, 'USD', 'GBP', rates)).toBe(787.4);
  });
  it('converts USD 2,500 to EUR through the common base: 2500 / 1.27 * 1.17 = 2303.15', () => {
    expect(convert(2500, 'USD', 'EUR', rates)).toBe(2303.15);
  });
  it('converts GBP 100 to JPY as 100 * 190.5 = 19050', () => {
    expect(convert(100, 'GBP', 'JPY', rates)).toBe(19050);
  });
  it('only rounds when source and target are the same currency', () => {
    expect(convert(1.005, 'GBP', 'GBP', rates)).toBe(1.01);
  });
  it('rounds half away from zero even where binary floats would round down', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(8.345)).toBe(8.35);
    expect(roundTo(-2.675)).toBe(-2.68);
  });
  it('refuses a currency without a rate instead of guessing', () => {
    expect(() => convert(10, 'USD', 'CHF', rates)).toThrow(UnknownCurrencyError);
  });
});

describe('formatPrice: thousands separators, 2 decimals and the currency symbol', () => {
  it.each([
    [1234567.891, 'GBP', '£1,234,567.89'],
    [2303.15, 'EUR', '€2,303.15'],
    [787.4, 'USD', '$787.40'],
    [19050, 'JPY', '¥19,050.00'],
    [5, 'NZD', 'NZ$5.00'],
    [-12.5, 'EUR', '-€12.50'],
    [0, 'GBP', '£0.00'],
  ])('%d %s shows as %s', (amount, ccy, shown) => {
    expect(formatPrice(amount, ccy)).toBe(shown);
  });
  it('shows a missing price as "-"', () => {
    expect(formatPrice(null, 'GBP')).toBe('-');
    expect(formatPrice(undefined, 'GBP')).toBe('-');
    expect(formatPrice(Number.NaN, 'GBP')).toBe('-');
  });
  it('splits a price so the cents can be rendered small', () => {
    expect(priceParts(9720.4, 'GBP')).toEqual({ sign: '', symbol: '£', whole: '9,720', cents: '40' });
  });
});

describe('formatWeight: 2 decimals followed by ct', () => {
  it.each([
    [1.234, '1.23ct'],
    [0.5, '0.50ct'],
    [1.005, '1.01ct'],
    [12, '12.00ct'],
  ])('%d carats shows as %s', (w, shown) => {
    expect(formatWeight(w)).toBe(shown);
  });
  it('shows a missing weight as "-"', () => {
    expect(formatWeight(null)).toBe('-');
  });
});

describe('displayPrice: WebSpecial, else price, else ExWebTotal', () => {
  const single = { StkCatType: 'Single Item' as const, STWeight: 1.5 };

  it('converts a single stone from USD and rounds it to whole units: 12345 / 1.27 = 9720.47 -> 9720', () => {
    expect(displayPrice({ ...single, price: 12345 }, 'GBP', rates)).toEqual({ amount: 9720, ccy: 'GBP' });
  });
  it('prefers the special-offer price when above 0: 9000 / 1.27 = 7086.61 -> 7087', () => {
    expect(displayPrice({ ...single, price: 12345, WebSpecial: 9000 }, 'GBP', rates)?.amount).toBe(7087);
  });
  it('treats WebSpecial 0 or "0" as no special offer', () => {
    expect(displayPrice({ ...single, price: 1270, WebSpecial: '0' }, 'GBP', rates)?.amount).toBe(1000);
    expect(displayPrice({ ...single, price: 1270, WebSpecial: 0 }, 'GBP', rates)?.amount).toBe(1000);
  });
  it('falls back to ExWebTotal when there is no price', () => {
    expect(displayPrice({ ...single, ExWebTotal: 2540 }, 'GBP', rates)?.amount).toBe(2000);
  });
  it('gives null for a visitor, whose stones carry no price fields', () => {
    expect(displayPrice(single, 'GBP', rates)).toBeNull();
  });
  it('prices a parcel by its ppc, based in GBP and not rounded to whole units: 350 * 1.27 = 444.50', () => {
    const parcel = { StkCatType: 'Multiple Items' as const, STWeight: 10, ppc: 350 };
    expect(displayPrice(parcel, 'USD', rates)).toEqual({ amount: 444.5, ccy: 'USD' });
  });
});

describe('pricePerCarat', () => {
  it('divides a single stone price by its weight: 12345 / 1.5 = 8230.00', () => {
    const stone = { StkCatType: 'Single Item' as const, STWeight: 1.5, price: 12345 };
    expect(pricePerCarat(stone, 'USD', rates)).toEqual({ amount: 8230, ccy: 'USD' });
  });
  it("is a parcel's ppc converted from GBP", () => {
    const parcel = { StkCatType: 'Multiple Items' as const, STWeight: 10, ppc: 100 };
    expect(pricePerCarat(parcel, 'EUR', rates)?.amount).toBe(117);
  });
});

describe('defaultCurrency', () => {
  it('is the currency flagged default', () => {
    expect(defaultCurrency(rates)).toBe('GBP');
    expect(
      defaultCurrency([
        { currency: 'USD', ExRate: 1 },
        { currency: 'EUR', ExRate: 0.9, default: true },
      ]),
    ).toBe('EUR');
  });
});

describe('formatRange and formatMeasurements', () => {
  it("shows a range as 'From to To', a single label when both ends match, '-' when missing", () => {
    expect(formatRange({ From: 'D', To: 'F' })).toBe('D to F');
    expect(formatRange({ From: 'VS1', To: 'VS1' })).toBe('VS1');
    expect(formatRange(null)).toBe('-');
  });
  it("joins length, width and depth to 2 decimals with ' x '", () => {
    expect(formatMeasurements(6.4, 6.42, 3.951)).toBe('6.40 x 6.42 x 3.95');
    expect(formatMeasurements(null, null, null)).toBe('-');
  });
});

describe('parcel sizes', () => {
  it('keeps the smallest stones at 3 decimals instead of rounding them to 0.00', () => {
    expect(formatSize({ rank: [0.003, 0.005] })).toBe('0.003 to 0.005 ct');
    expect(formatSize({ rank: [0.08, 0.12] })).toBe('0.08 to 0.12 ct');
    expect(formatSize({ rank: [0.01, 0.01] })).toBe('0.01 ct');
    expect(formatSize(null)).toBe('-');
    expect(sizeRange({ From: '0.00', To: '0.01', rank: [0.003, 0.005] })).toBe('0.003-0.005');
    expect(caratText(1.5)).toBe('1.50');
  });
});
