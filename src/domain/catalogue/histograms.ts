/**
 * The distributions drawn behind the list's weight and price sliders: how many stones of a
 * main tab fall at each stretch of the slider. Bins follow the slider's own scale, so a bar
 * stands under the handle positions it counts: the weight slider is linear over the tab's
 * weight bounds (a parcel counts at the middle of its size range); the price slider is
 * piecewise (sliders.ts: 80 = 5,000, 100 = 50,000), so a price counts at its slider position,
 * and prices past the top fall into the last bin. Unpriced stones (and every stone for a
 * visitor, whose index has no prices) are left out.
 */
import type { CatalogueIndex } from './prepare.ts';
import { PRICE_SLIDER_MAX, priceValueToPosition, type NumRange } from './sliders.ts';
import type { MainTab } from './tabs.ts';

/** Bars per slider. */
export const HISTOGRAM_BINS = 40;

type Columns = Pick<CatalogueIndex, 'tabRows' | 'weightLo' | 'weightHi' | 'price'>;
type RowColumns = Pick<CatalogueIndex, 'weightLo' | 'weightHi' | 'price'>;

/** Counts per bin of slider positions in [0, max]; positions outside fall into the end bins, NaN is skipped. */
function binPositions(count: number, positionAt: (k: number) => number, max: number, bins: number): number[] {
  const out = new Array<number>(bins).fill(0);
  for (let k = 0; k < count; k++) {
    const p = positionAt(k);
    if (Number.isNaN(p)) continue;
    const b = Math.floor((p / max) * bins);
    out[b < 0 ? 0 : b >= bins ? bins - 1 : b]!++;
  }
  return out;
}

/** The weights of `rows` over the weight slider's limits (linear, positions 0..100). */
function weightBins(ix: RowColumns, rows: ArrayLike<number>, limits: NumRange, bins = HISTOGRAM_BINS): number[] {
  const [a, b] = limits;
  const span = b - a;
  return binPositions(
    rows.length,
    (k) => {
      const i = rows[k]!;
      const w = (ix.weightLo[i]! + ix.weightHi[i]!) / 2;
      return span > 0 ? ((w - a) / span) * 100 : 0;
    },
    100,
    bins,
  );
}

/** The displayed prices of `rows` at their price slider positions (0..100, not linear in price). */
function priceBins(ix: RowColumns, rows: ArrayLike<number>, bins = HISTOGRAM_BINS): number[] {
  return binPositions(
    rows.length,
    (k) => {
      const p = ix.price[rows[k]!]!;
      return Number.isNaN(p) ? NaN : priceValueToPosition(p);
    },
    PRICE_SLIDER_MAX,
    bins,
  );
}

/** The weights of `tab`'s stones over the weight slider's limits. */
export const weightHistogram = (ix: Columns, tab: MainTab, limits: NumRange, bins = HISTOGRAM_BINS): number[] =>
  weightBins(ix, ix.tabRows[tab], limits, bins);

/** The displayed prices of `tab`'s stones at their price slider positions. */
export const priceHistogram = (ix: Columns, tab: MainTab, bins = HISTOGRAM_BINS): number[] =>
  priceBins(ix, ix.tabRows[tab], bins);

export type SliderHistograms = { weight: number[]; price: number[] };

/**
 * Both sliders' histograms of `tab` at the weight slider's `limits` (null without prices: a
 * visitor's index), made once per index, tab and limits and kept on the index. The set's worker
 * makes them for each tab at the index's own limits (catalogue-set-job.ts), so the page does not
 * count every stone as the set arrives.
 */
export function sliderHistograms(ix: CatalogueIndex, tab: MainTab, limits: NumRange): SliderHistograms | null {
  if (!ix.pricing) return null;
  const kept = ix.histograms;
  const weight = `weight ${tab} ${limits[0]} ${limits[1]}`;
  const price = `price ${tab}`;
  if (!kept.has(weight)) kept.set(weight, weightHistogram(ix, tab, limits));
  if (!kept.has(price)) kept.set(price, priceHistogram(ix, tab));
  return { weight: kept.get(weight)!, price: kept.get(price)! };
}

/**
 * The histograms kept on `was`, brought to `now`: the same stones, priced alike, but without
 * `removed` (rows of `was`) and with `added` (rows of `now`). Each bar loses the removed stones
 * and gains the added ones, so a patched index does not count every stone again.
 */
export function carriedHistograms(
  was: CatalogueIndex,
  now: CatalogueIndex,
  removed: readonly number[],
  added: readonly number[],
): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [key, bars] of was.histograms) {
    const [kind, t, lo, hi] = key.split(' ');
    const tab = Number(t);
    const less = removed.filter((r) => was.tab[r] === tab);
    const more = added.filter((r) => now.tab[r] === tab);
    const limits: NumRange = [Number(lo), Number(hi)];
    const [minus, plus] =
      kind === 'weight'
        ? [weightBins(was, less, limits), weightBins(now, more, limits)]
        : [priceBins(was, less), priceBins(now, more)];
    out.set(
      key,
      bars.map((b, i) => b - minus[i]! + plus[i]!),
    );
  }
  return out;
}
