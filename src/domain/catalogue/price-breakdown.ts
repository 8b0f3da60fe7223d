/**
 * The PRICE drawer's breakdown (the side drawer in its price mode),
 * in the chosen currency, from the same pricing rules as the list (pricing.ts, money.ts):
 *
 * - Single stone: Price (the displayed price: the special when there is one), Price per carat;
 *   on a special offer also the Original price and the saving (amount and percent).
 * - Parcel: Price per carat (the special per carat when there is one) and the weight price of
 *   the whole parcel (per carat x its carats); on a special offer also the original per carat
 *   and the saving.
 */
import {
  PARCEL_PPC_BASE_CCY,
  STONE_BASE_CCY,
  convert,
  positive,
  roundTo,
  type FxRate,
  type PricedStone,
} from '../money.ts';
import { parcelWeightPrice } from '../bag/pricing.ts';
import { isSpecialOffer, stonePrice, stonePricePerCarat } from './pricing.ts';
import { isParcel } from '../diamond.ts';

export type PriceLine = { label: string; amount: number };
export type PriceBreakdown = {
  lines: PriceLine[];
  /** special against original: what the special saves (same basis as the lines) */
  saving: { original: number; special: number; amount: number; percent: number } | null;
};

function savingOf(original: number | null, special: number | null): PriceBreakdown['saving'] {
  if (original == null || special == null || !(original > special)) return null;
  const amount = roundTo(original - special, 2);
  return { original, special, amount, percent: roundTo((amount / original) * 100, 1) };
}

export function priceBreakdown(stone: PricedStone, ccy: string, rates: readonly FxRate[]): PriceBreakdown {
  const lines: PriceLine[] = [];
  const push = (label: string, amount: number | null) => amount != null && lines.push({ label, amount });
  const special = isSpecialOffer(stone);

  if (isParcel(stone.StkCatType)) {
    const original = positive(stone.ppc);
    const originalPpc = original == null ? null : convert(original, PARCEL_PPC_BASE_CCY, ccy, rates);
    const perCarat = stonePrice(stone, ccy, rates); // the special per carat when there is one
    push(special ? 'Special price per carat' : 'Price per carat', perCarat);
    if (special) push('Original price per carat', originalPpc);
    if (stone.STWeight > 0)
      push(`Price for ${stone.STWeight.toFixed(2)} ct`, parcelWeightPrice(stone, stone.STWeight, ccy, rates));
    return { lines, saving: special ? savingOf(originalPpc, perCarat) : null };
  }

  const price = stonePrice(stone, ccy, rates);
  const base = positive(stone.price) ?? positive(stone.ExWebTotal);
  const original = base == null ? null : Math.round(convert(base, STONE_BASE_CCY, ccy, rates));
  push(special ? 'Special price' : 'Price', price);
  if (special) push('Original price', original);
  push('Price per carat', stonePricePerCarat(stone, ccy, rates));
  return { lines, saving: special ? savingOf(original, price) : null };
}
