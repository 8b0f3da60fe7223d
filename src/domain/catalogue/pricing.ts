/**
 * Prices as the catalogue and the bag show them, built on money.ts (convert, displayPrice,
 * pricePerCarat, roundTo, formatPrice).
 *
 * - Displayed price: WebSpecial when above 0, else price, else ExWebTotal; parcels use the
 *   special price or ppc. Conversion: amount / rate(source) * rate(target), 2 decimals;
 *   base USD for stone prices, GBP for parcel ppc. Single-stone prices are then rounded to
 *   whole units. Per carat for singles: displayed price / weight.
 * - A parcel bought by weight costs its converted per-carat price (already rounded to
 *   2 decimals by the conversion, so it equals the ppc on screen) times the weight, rounded
 *   to 2 decimals. Bought by items it has no price: 'N/A'.
 * - Bag total: the sum rounded to 2 decimals, or N/A (null) if any parcel is priced by items
 *   or any line has no price.
 */
import type { DiamondDoc } from '../diamond.ts';
import { displayPrice, formatPrice, MISSING, pricePerCarat, roundTo, type FxRate, type PricedStone } from '../money.ts';

export const NOT_AVAILABLE = 'N/A';

export type BagUnit = 'weight' | 'items';
/** What pricing needs of a bag item. */
export type BagLine = {
  stock: PricedStone;
  /** parcels only; default weight */
  selectedUnit?: BagUnit;
  /** carats for weight, a count for items; default 0.01 */
  weight?: number;
};
export const DEFAULT_BAG_WEIGHT = 0.01;

const isParcel = (s: Pick<PricedStone, 'StkCatType'>) => s.StkCatType === 'Multiple Items';

/** True when the stone is a special offer (WebSpecial above 0; '0', 0 or absent mean none). */
export function isSpecialOffer(d: { WebSpecial?: number | string | null }): boolean {
  const n = typeof d.WebSpecial === 'string' ? Number(d.WebSpecial) : d.WebSpecial;
  return n != null && Number.isFinite(n) && n > 0;
}

/** The price a list shows, in `ccy`: whole units for singles, per carat for parcels. */
export function stonePrice(stone: PricedStone, ccy: string, rates: readonly FxRate[]): number | null {
  return displayPrice(stone, ccy, rates)?.amount ?? null;
}

/** Per carat: parcels' converted ppc; singles' displayed price / weight (2 decimals). */
export function stonePricePerCarat(stone: PricedStone, ccy: string, rates: readonly FxRate[]): number | null {
  return pricePerCarat(stone, ccy, rates)?.amount ?? null;
}

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
  if (!isParcel(line.stock)) return stonePrice(line.stock, ccy, rates);
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

// ---------------------------------------------------------------- proportions

/** Length / width to 2 decimals; null when either is missing or the width is 0. */
export function lwRatio(d: Pick<DiamondDoc, 'StkMes1' | 'StkMes2'>): number | null {
  const l = d.StkMes1;
  const w = d.StkMes2;
  if (l == null || w == null || !Number.isFinite(l) || !Number.isFinite(w) || w === 0) return null;
  return roundTo(l / w, 2);
}

/** '1.02', or '-' when missing. */
export function formatRatio(r: number | null | undefined): string {
  return r == null || !Number.isFinite(r) ? MISSING : roundTo(r, 2).toFixed(2);
}

/** A length in mm to 2 decimals ('6.50'), or '-'. */
export function formatMm(n: number | null | undefined): string {
  return n == null || !Number.isFinite(n) ? MISSING : roundTo(n, 2).toFixed(2);
}

/** '6.50 x 6.48 x 4.01'; '-' when no measurement is known. */
export function formatMeasurements(d: Pick<DiamondDoc, 'StkMes1' | 'StkMes2' | 'StkMes3'>): string {
  const parts = [d.StkMes1, d.StkMes2, d.StkMes3];
  if (parts.every((p) => p == null)) return MISSING;
  return parts.map(formatMm).join(' x ');
}
