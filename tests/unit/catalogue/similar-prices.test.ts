import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSimilar,
  median,
  MIN_SIMILAR,
  similarBounds,
  summarisePrices,
  summaryText,
  weightWithin,
  type Comparable,
} from '../../../src/domain/catalogue/similar-prices.ts';

const stone = (over: Partial<Comparable> = {}): Comparable => ({
  id: 1,
  catType: 'Single Item',
  shape: 'Round',
  source: '',
  catName: 'Diamonds',
  weight: 1.0,
  colour: 3, // G
  clarity: 4, // VS1
  ...over,
});
const other = (over: Partial<Comparable> = {}) => stone({ id: 2, ...over });

describe('which stones are similar', () => {
  it('takes the same shape (any case) and origin, colour and clarity one grade either side', () => {
    const s = stone();
    expect(isSimilar(s, other({ shape: ' ROUND ' }))).toBe(true);
    expect(isSimilar(s, other({ colour: 2, clarity: 5 }))).toBe(true);
    expect(isSimilar(s, other({ colour: 4, clarity: 3 }))).toBe(true);
    expect(isSimilar(s, other({ colour: 5 }))).toBe(false);
    expect(isSimilar(s, other({ clarity: 2 }))).toBe(false);
    expect(isSimilar(s, other({ shape: 'Oval' }))).toBe(false);
    expect(isSimilar(s, other({ source: 'Lab Grown' }))).toBe(false);
    expect(isSimilar(s, other({ catName: 'Lab Grown Diamonds' }))).toBe(false);
    expect(isSimilar(stone({ catName: 'Lab Grown Diamonds' }), other({ source: 'Lab Grown' }))).toBe(true);
  });

  it('takes weights within 10 % exactly: 1.00 ct takes 0.90 to 1.10 ct', () => {
    expect(weightWithin(1, 0.9)).toBe(true);
    expect(weightWithin(1, 1.1)).toBe(true);
    expect(weightWithin(1, 0.89)).toBe(false);
    expect(weightWithin(1, 1.11)).toBe(false);
    expect(isSimilar(stone({ weight: 0.5 }), other({ weight: 0.55 }))).toBe(true);
    expect(isSimilar(stone({ weight: 0.5 }), other({ weight: 0.56 }))).toBe(false);
  });

  it('never counts the stone itself, parcels or ungraded stones', () => {
    expect(isSimilar(stone(), stone())).toBe(false);
    expect(isSimilar(stone(), other({ catType: 'Multiple Items' }))).toBe(false);
    expect(isSimilar(stone({ catType: 'Multiple Items' }), other({ catType: 'Multiple Items' }))).toBe(false);
    expect(isSimilar(stone({ colour: null }), other({ colour: null }))).toBe(false);
    expect(similarBounds(stone({ clarity: null }))).toBeNull();
    expect(similarBounds(stone({ catType: 'Multiple Items' }))).toBeNull();
  });

  it('the narrowing bounds hold every similar stone (property)', () => {
    const grade = fc.option(fc.integer({ min: 0, max: 11 }), { nil: null });
    const arb = fc.record({
      weight: fc.integer({ min: 1, max: 2000 }).map((h) => h / 100),
      colour: grade,
      clarity: grade,
      shape: fc.constantFrom('Round', 'round', 'Oval'),
      source: fc.constantFrom('', 'Lab Grown'),
    });
    fc.assert(
      fc.property(arb, arb, (a, b) => {
        const s = stone(a);
        const o = other(b);
        if (!isSimilar(s, o)) return;
        const bounds = similarBounds(s)!;
        expect(bounds.colours).toContain(o.colour);
        expect(bounds.clarities).toContain(o.clarity);
        expect(o.weight).toBeGreaterThanOrEqual(bounds.weight[0]);
        expect(o.weight).toBeLessThanOrEqual(bounds.weight[1]);
      }),
    );
  });

  it("measures the 10 % from this stone's weight, so the relation is not symmetric", () => {
    // 1.00 and 1.10: 1.10 is within 10 % of 1.00, but 1.00 is 9.1 % below 1.10: similar both ways
    expect(isSimilar(stone({ weight: 1 }), other({ weight: 1.1 }))).toBe(true);
    expect(isSimilar(stone({ weight: 1.1 }), other({ weight: 1 }))).toBe(true);
    // 0.90 is within 10 % of 1.00, but 1.00 is 11.1 % above 0.90
    expect(isSimilar(stone({ weight: 0.9 }), other({ weight: 1 }))).toBe(false);
  });
});

describe('the median and the summary', () => {
  it('the median is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4000, 4100.5, 3900, 4300])).toBe(4050.25);
  });

  it('the median lies between the lowest and the highest price (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }), (xs) => {
        const m = median(xs)!;
        expect(m).toBeGreaterThanOrEqual(Math.min(...xs) - 0.005);
        expect(m).toBeLessThanOrEqual(Math.max(...xs) + 0.005);
      }),
    );
  });

  it('places the stone: below, same, above, rank and percentile, distance from the median', () => {
    const s = summarisePrices(4210, [4000, 4480, 4500, 5000, 4210]);
    expect(s).toMatchObject({ count: 5, median: 4480, min: 4000, max: 5000 });
    expect(s.position).toEqual({ below: 1, same: 1, above: 3, rank: 2, percentile: 20, diffPct: -6 });
  });

  it('counts each similar stone once and below + same + above is the count (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9000 }),
        fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 50 }),
        (own, xs) => {
          const p = summarisePrices(own, xs).position!;
          expect(p.below + p.same + p.above).toBe(xs.length);
          expect(p.rank).toBeGreaterThanOrEqual(1);
          expect(p.rank).toBeLessThanOrEqual(xs.length + 1);
        },
      ),
    );
  });

  it('leaves the position out for an unpriced stone', () => {
    expect(summarisePrices(null, [1, 2, 3]).position).toBeNull();
  });
});

describe('the text summary', () => {
  it('says how far from the median, of how many stones, in whole units', () => {
    const prices = [...Array<number>(18).fill(4000), ...Array<number>(20).fill(4480)];
    const s = summarisePrices(4210, prices);
    expect(summaryText(4210, s, 'USD')).toBe(
      "This stone's price per carat, $4,210, is 6 % below the median of 38 similar stones in stock ($4,480). " +
        '18 of them cost less per carat.',
    );
  });

  it('says "at the median" when the distance rounds to 0 %, and "above" past it', () => {
    expect(summaryText(100, summarisePrices(100, [99, 100, 101]), 'GBP')).toMatch(
      /is at the median of 3 similar stones in stock \(£100\)/,
    );
    expect(summaryText(130, summarisePrices(130, [90, 100, 110]), 'EUR')).toMatch(/is 30 % above the median/);
  });

  it(`says there are too few with under ${MIN_SIMILAR} similar stones`, () => {
    expect(summaryText(1, summarisePrices(1, []), 'USD')).toBe(
      'No similar stones are in stock: too few to show where this price sits.',
    );
    expect(summaryText(1, summarisePrices(1, [2, 3]), 'USD')).toMatch(/^Only 2 similar stones are in stock/);
  });
});
