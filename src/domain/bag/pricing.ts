/**
 * What the bag costs:
 * - A parcel bought by weight costs its converted per-carat price (already rounded to
 *   2 decimals by the conversion, so it equals the ppc on screen) times the weight, rounded
 *   to 2 decimals. Bought by items it has no price: 'N/A'. A single costs its displayed price.
 * - Bag total: the sum rounded to 2 decimals, or N/A (null) if any parcel is priced by items
 *   or any line has no price.
 */
import { isParcel } from '../diamond.ts';
import { displayPrice, formatPrice, roundTo, type FxRate, type PricedStone } from '../money.ts';
import { stonePrice } from '../catalogue/pricing.ts';

export const NOT_AVAILABLE = 'N/A';

/** How a parcel is bought: by weight (carats) or by items (a count). */
export const BAG_UNITS = ['weight', 'items'] as const;
export type BagUnit = (typeof BAG_UNITS)[number];
/** What pricing needs of a bag item. */
export type BagLine = {
  stock: PricedStone;
  /** parcels only; default weight */
  selectedUnit?: BagUnit;
  /** carats for weight, a count for items; default 0.01 */
  weight?: number;
};
export const DEFAULT_BAG_WEIGHT = 0.01;

/** A parcel bought by weight: converted per-carat price x carats, 2 decimals. */
export function parcelWeightPrice(
  stone: PricedStone,
  weight: number,
  ccy: string,
  rates: readonly FxRate[],
): number | null {
  const perCarat = displayPrice(stone, ccy, rates);
  if (perCarat == null || !Number.isFinite(weight) || weight < 0) return null;
  return roundTo(perCarat.amount * weight, 2);
}

/** One bag line's price; null (N/A) for a parcel in items mode or an unpriced stone. */
export function bagLinePrice(line: BagLine, ccy: string, rates: readonly FxRate[]): number | null {
  if (!isParcel(line.stock.StkCatType)) return stonePrice(line.stock, ccy, rates);
  if ((line.selectedUnit ?? 'weight') === 'items') return null;
  return parcelWeightPrice(line.stock, line.weight ?? DEFAULT_BAG_WEIGHT, ccy, rates);
}

/** The bag total, 2 decimals; null (N/A) if any parcel is priced by items or any line is unpriced. */
export function bagTotal(lines: readonly BagLine[], ccy: string, rates: readonly FxRate[]): number | null {
  let sum = 0;
  for (const line of lines) {
    const p = bagLinePrice(line, ccy, rates);
    if (p == null) return null;
    sum += p;
  }
  return roundTo(sum, 2);
}

/** A price for display, 'N/A' when there is none (bag lines and totals). */
export function formatPriceOrNA(amount: number | null | undefined, ccy: string): string {
  return amount == null || !Number.isFinite(amount) ? NOT_AVAILABLE : formatPrice(amount, ccy);
}
