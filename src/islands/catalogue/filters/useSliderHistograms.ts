/**
 * The histograms behind the weight and price sliders, for signed-in traders only (the issue's
 * rule for every part of "where a price sits": visitors see none of it; the price one would
 * leak prices, and a weight one alone would be the only chart a visitor sees). Made once per
 * index, tab and weight limits and kept on the index (the set's worker makes the loaded set's
 * own): never per render or per filter edit.
 */
import { useMemo } from 'react';
import {
  sliderHistograms,
  type CatalogueIndex,
  type MainTab,
  type NumRange,
  type SliderHistograms,
} from '../../../domain/catalogue/index.ts';

export function useSliderHistograms(
  index: CatalogueIndex | null,
  version: number,
  tab: MainTab,
  weightLimits: NumRange,
  authorised: boolean,
): SliderHistograms | null {
  const [lo, hi] = weightLimits;
  return useMemo(
    () => (index && authorised ? sliderHistograms(index, tab, [lo, hi]) : null),
    // version: the index was re-priced in place (another currency: its histograms made again)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, version, tab, lo, hi, authorised],
  );
}
