import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HISTOGRAM_BINS,
  prepareCatalogue,
  priceHistogram,
  setCurrency,
  sliderHistograms,
  weightHistogram,
} from '../../../src/domain/catalogue/index.ts';
import { encodeCatalogue, type CatalogueWire } from '../../../src/domain/catalogue/wire.ts';
import { indexOf } from '../../../src/stores/catalogue-set-job.ts';
import { labGrown, parcel, RATES, stone } from './factory.ts';

const USD = { ccy: 'USD', rates: RATES };
const binOf = (counts: number[]) => counts.flatMap((c, i) => (c ? [i] : []));

describe('the weight histogram', () => {
  it("bins the tab's weights linearly over the slider's limits", () => {
    const ix = prepareCatalogue(
      [stone({ STWeight: 0.5 }), stone({ STWeight: 1 }), stone({ STWeight: 1.01 }), stone({ STWeight: 2.5 })],
      USD,
    );
    const counts = weightHistogram(ix, 0, [0.5, 2.5]);
    expect(counts).toHaveLength(HISTOGRAM_BINS);
    // 0.5 at position 0, 1.00 and 1.01 at 25 and 25.5 (bin 10), 2.5 at the top (last bin)
    expect(binOf(counts)).toEqual([0, 10, 39]);
    expect(counts[10]).toBe(2);
  });

  it('counts only the stones of the tab, a parcel at the middle of its size range', () => {
    const ix = prepareCatalogue([stone(), labGrown(), parcel({ size: [0.01, 0.03] })], USD);
    expect(weightHistogram(ix, 0, [0, 2]).reduce((a, b) => a + b)).toBe(1);
    expect(binOf(weightHistogram(ix, 2, [0, 0.04]))).toEqual([20]); // 0.02 of 0..0.04
  });
});

describe('the price histogram', () => {
  it('bins by the price slider position, which is not linear in price', () => {
    const ix = prepareCatalogue(
      [stone({ price: 2_500 }), stone({ price: 5_000 }), stone({ price: 27_500 }), stone({ price: 90_000 })],
      USD,
    );
    // 2,500 -> 40, 5,000 -> 80, 27,500 -> 90, past 50,000 -> the top
    expect(binOf(priceHistogram(ix, 0))).toEqual([16, 32, 36, 39]);
  });

  it('is empty for a visitor (no prices) and leaves unpriced stones out', () => {
    const docs = [stone({ price: 1_000 }), stone({ price: null, ExWebTotal: null })];
    expect(priceHistogram(prepareCatalogue(docs, null), 0).every((c) => c === 0)).toBe(true);
    expect(priceHistogram(prepareCatalogue(docs, USD), 0).reduce((a, b) => a + b)).toBe(1);
  });

  it('counts every priced stone of the tab once (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 60 }), (prices) => {
        const ix = prepareCatalogue(
          prices.map((price) => stone({ price })),
          USD,
        );
        expect(priceHistogram(ix, 0).reduce((a, b) => a + b, 0)).toBe(prices.length);
      }),
    );
  });
});

describe('the histograms kept on the index', () => {
  const docs = [stone({ STWeight: 0.5, price: 900 }), stone({ STWeight: 2, price: 30_000 }), labGrown(), parcel()];
  const setOf = (audience: 'trade' | 'visitor') =>
    JSON.parse(JSON.stringify(encodeCatalogue(docs, { version: '1', audience }))) as CatalogueWire;

  it("come with the set's index for each tab at its own limits, as the page would make them", () => {
    const ix = indexOf(setOf('trade'), USD);
    const afresh = prepareCatalogue(docs, USD);
    const made = new Map(ix.histograms);
    for (const tab of [0, 1, 2] as const) {
      const limits = ix.bounds[tab].weight;
      expect(sliderHistograms(ix, tab, limits)).toEqual({
        weight: weightHistogram(afresh, tab, limits),
        price: priceHistogram(afresh, tab),
      });
    }
    expect(ix.histograms).toEqual(made); // none had to be made on the page
  });

  it('are made again in the new currency, and a visitor has none', () => {
    const ix = indexOf(setOf('trade'), USD);
    const limits = ix.bounds[0].weight;
    const usd = sliderHistograms(ix, 0, limits)!.price;
    setCurrency(ix, { ccy: 'JPY', rates: RATES });
    expect(sliderHistograms(ix, 0, limits)!.price).not.toEqual(usd);
    const visitor = indexOf(setOf('visitor'), USD);
    expect(visitor.histograms.size).toBe(0);
    expect(sliderHistograms(visitor, 0, visitor.bounds[0].weight)).toBeNull();
  });
});
