/**
 * The special offers strip: at most 3 stones with a special offer under SPECIAL OFFERS; if
 * none, the first 3 Single Item stones under LATEST ARRIVALS. The carousel fallback takes up to
 * 100 Single Item stones.
 */
import { isSpecialOffer } from '../catalogue/pricing.ts';
import { SINGLE, type CatType } from '../diamond.ts';
import { MAX_ITEMS } from './carousel.ts';
import { routes } from '../routes.ts';

export const SPECIAL_OFFERS = 'SPECIAL OFFERS';
export const LATEST_ARRIVALS = 'LATEST ARRIVALS';
export const STRIP_SIZE = 3;

type Stone = { StkCatType: CatType; WebSpecial?: number | string | null };

export function stripOf<T extends Stone>(stones: readonly T[]): { special: boolean; title: string; stones: T[] } {
  const specials = stones.filter(isSpecialOffer).slice(0, STRIP_SIZE);
  if (specials.length > 0) return { special: true, title: SPECIAL_OFFERS, stones: specials };
  return {
    special: false,
    title: LATEST_ARRIVALS,
    stones: stones.filter((s) => s.StkCatType === SINGLE).slice(0, STRIP_SIZE),
  };
}

/** Carousel items: the special offers when there are any, else up to 100 Single Items. */
export function carouselOf<T extends Stone>(stones: readonly T[]): T[] {
  const specials = stones.filter(isSpecialOffer);
  const pool = specials.length > 0 ? specials : stones.filter((s) => s.StkCatType === SINGLE);
  return pool.slice(0, MAX_ITEMS);
}

export const viewAllHref = (special: boolean): string => (special ? routes.specials : routes.catalogue);
