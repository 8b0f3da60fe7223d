/**
 * Prices as the catalogue shows them, built on money.ts (convert, displayPrice, pricePerCarat,
 * roundTo):
 * - Displayed price: WebSpecial when above 0, else price, else ExWebTotal; parcels use the
 *   special price or ppc. Conversion: amount / rate(source) * rate(target), 2 decimals;
 *   base USD for stone prices, GBP for parcel ppc. Single-stone prices are then rounded to
 *   whole units. Per carat for singles: displayed price / weight.
 * What a bag line and the bag total cost lives in ../bag/pricing.ts.
 */
import type { ListDoc } from '../diamond.ts';
import { displayPrice, MISSING, pricePerCarat, roundTo, type FxRate, type PricedStone } from '../money.ts';

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

// ---------------------------------------------------------------- proportions

/** Length / width to 2 decimals; null when either is missing or the width is 0. */
export function lwRatio(d: Pick<ListDoc, 'StkMes1' | 'StkMes2'>): number | null {
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
export function formatMeasurements(d: Pick<ListDoc, 'StkMes1' | 'StkMes2' | 'StkMes3'>): string {
  const parts = [d.StkMes1, d.StkMes2, d.StkMes3];
  if (parts.every((p) => p == null)) return MISSING;
  return parts.map(formatMm).join(' x ');
}
