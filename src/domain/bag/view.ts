/**
 * A bag line as the API sends it (GET /profile/bag, the auth state's `user.bag`) and the
 * pricing of a list of lines, shared by the bag page and the server's request check.
 */
import type { DiamondDoc } from '../diamond.ts';
import { stonePricePerCarat } from '../catalogue/pricing.ts';
import { bagLinePrice, bagTotal, type BagLine, type BagUnit } from './pricing.ts';
import type { FxRate } from '../money.ts';
import { kindOf, type StockKind } from './lines.ts';

export type BagLineView = {
  diamondId: number;
  type: StockKind;
  selectedUnit: BagUnit;
  /** carats in weight mode (singles: 1, the whole stone), a count in items mode */
  quantity: number;
  acceptsAlternatives: boolean;
  /** false once the stone has left the stock: it cannot be requested */
  inStock: boolean;
  addedAt: string;
  /** the stone, with prices (the bag is for signed-in users only) */
  stock: DiamondDoc;
  /** priced for display in `ccy` (null = N/A) */
  ccy: string;
  ppc: number | null;
  itemPrice: number | null;
};

/** What pricing needs of a line: the pricing module's BagLine (weight = carats). */
export const toBagLine = (l: Pick<BagLineView, 'stock' | 'selectedUnit' | 'quantity'>): BagLine => ({
  stock: l.stock,
  selectedUnit: kindOf(l.stock) === 'parcel' ? l.selectedUnit : 'weight',
  weight: l.quantity,
});

export type LinePrice = { ppc: number | null; itemPrice: number | null };

export function priceLine(
  l: Pick<BagLineView, 'stock' | 'selectedUnit' | 'quantity'>,
  ccy: string,
  rates: readonly FxRate[],
): LinePrice {
  return {
    ppc: stonePricePerCarat(l.stock, ccy, rates),
    itemPrice: bagLinePrice(toBagLine(l), ccy, rates),
  };
}

/** The bag's total in `ccy`, 2 decimals; null (N/A) if any parcel is in items mode. */
export const totalOf = (
  lines: readonly Pick<BagLineView, 'stock' | 'selectedUnit' | 'quantity'>[],
  ccy: string,
  rates: readonly FxRate[],
) => bagTotal(lines.map(toBagLine), ccy, rates);
