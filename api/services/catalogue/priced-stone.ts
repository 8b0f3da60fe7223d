/** A stock row's price fields as the pricing rules of src/domain/money.ts read them (major units). */
import type { Diamond } from '../../../db/tables.ts';
import type { PricedStone } from '../../../src/domain/money.ts';

export type PriceColumns = Pick<
  Diamond,
  'catType' | 'weight' | 'webSpecialCents' | 'priceCents' | 'exWebTotalCents' | 'ppcCents'
>;

export function pricedStone(d: PriceColumns): PricedStone {
  const major = (cents: number | null) => (cents == null ? null : cents / 100);
  return {
    StkCatType: d.catType,
    STWeight: d.weight,
    WebSpecial: d.webSpecialCents / 100,
    price: major(d.priceCents),
    ExWebTotal: major(d.exWebTotalCents),
    ppc: major(d.ppcCents),
  };
}
