/**
 * The histograms behind the weight and price sliders, for signed-in traders only (the issue's
 * rule for every part of "where a price sits": visitors see none of it; the price one would
 * leak prices, and a weight one alone would be the only chart a visitor sees). Computed once per
 * index, re-pricing (`version`), tab and weight limits: never per render or per filter edit.
 */
import { useMemo } from 'react';
import {
  priceHistogram,
  weightHistogram,
  type CatalogueIndex,
  type MainTab,
  type NumRange,
} from '../../../domain/catalogue/index.ts';

export type SliderHistograms = { weight: number[]; price: number[] };

export function useSliderHistograms(
  index: CatalogueIndex | null,
  version: number,
  tab: MainTab,
  weightLimits: NumRange,
  authorised: boolean,
): SliderHistograms | null {
  const [lo, hi] = weightLimits;
  return useMemo(
    () =>
      index && authorised && index.pricing
        ? { weight: weightHistogram(index, tab, [lo, hi]), price: priceHistogram(index, tab) }
        : null,
    // version: the index was re-priced in place (another currency)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, version, tab, lo, hi, authorised],
  );
}
