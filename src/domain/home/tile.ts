/**
 * A strip or carousel tile's subtitle: the weight in ct, or the size for parcels, then the
 * Colour range and the Clarity range, each as 'From to To' (one grade once when From equals To).
 *   tileSubtitle(single) -> '1.02ct G to H VS1 to VS2'; a single grade -> '0.50ct D VS1'
 * and its price: the shared pricing (WebSpecial for visitors' specials, nothing otherwise).
 */
import { stonePrice } from '../catalogue/pricing.ts';
import { isParcel, type CatType } from '../diamond.ts';
import { formatPrice, formatWeight, priceParts, type FxRate, type PriceParts } from '../money.ts';

type Range = { From: string; To: string } | null | undefined;
export type TileStone = {
  StkCatType: CatType;
  STWeight: number;
  Size?: Range;
  Colour?: Range;
  Clarity?: Range;
  WebSpecial?: number | string | null;
  price?: number | null;
  ExWebTotal?: number | null;
  ppc?: number | null;
};

export const fromTo = (r: Range): string =>
  !r || !r.From ? '' : !r.To || r.To === r.From ? r.From : `${r.From} to ${r.To}`;

export function tileSubtitle(s: TileStone): string {
  const size = isParcel(s.StkCatType) ? (s.Size?.From ? `${fromTo(s.Size)}ct` : '') : formatWeight(s.STWeight);
  return [size, fromTo(s.Colour), fromTo(s.Clarity)].filter(Boolean).join(' ');
}

/** The tile's price in ccy (parts for small cents and the text), or null when none is shown. */
export function tilePrice(
  s: TileStone,
  ccy: string,
  rates: readonly FxRate[],
): { text: string; parts: PriceParts } | null {
  const amount = rates.length > 0 ? stonePrice(s, ccy, rates) : null;
  if (amount == null) return null;
  return { text: formatPrice(amount, ccy), parts: priceParts(amount, ccy) };
}
