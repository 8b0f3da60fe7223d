/**
 * Pricing and checking the lines of a new request, the one home for both ways a request is
 * made (the bag, POST /profile/bagRequest, and API Link, POST /requests): each stone must be
 * in stock, its unit and quantity allowed (src/domain/bag/lines.ts: a single stone whole, a
 * parcel by weight or by items within its limits), and every price comes from the shared
 * pricing code with the shop's own exchange rates, never from the client.
 *
 *   assertInStock(stone)                  409 stone_unavailable naming the stone
 *   priceRequestLines(asks, ccy, rates)   the stored lines, their prices and the total, or
 *                                         409 stone_unavailable / 400 quantity naming the line
 */
import type { Diamond, RequestLine } from '../../../db/tables.ts';
import { kindOf, quantityError, type BagUnit } from '../../../src/domain/bag/lines.ts';
import { priceLine, totalOf, type BagLineView, type LinePrice } from '../../../src/domain/bag/view.ts';
import type { FxRate } from '../../../src/domain/money.ts';
import { HttpError } from '../../middleware/errors.ts';
import { toDiamondDoc } from '../catalogue/diamond-docs.ts';
import { limitsOfStone } from './stock-limits.ts';

/** One line as asked: the stone, its unit and quantity (as sent), and where it was in the input. */
export type LineAsk = {
  stone: Diamond;
  unit: BagUnit;
  quantity: number | undefined;
  acceptsAlternatives: boolean;
  /** the input field of the line, for a 400 (`bagItems.0`, `lines.0`) */
  param: string;
};

export type PricedRequest = { lines: RequestLine[]; prices: LinePrice[]; total: number | null };

const cents = (n: number | null): number | null => (n == null ? null : Math.round(n * 100));

/** 409 stone_unavailable, naming the stone, when it has left the stock. */
export function assertInStock(stone: Pick<Diamond, 'id' | 'stockCode' | 'inStock'>): void {
  if (!stone.inStock)
    throw new HttpError(409, 'stone_unavailable', {
      stockCode: stone.stockCode,
      message: `Stone ${stone.stockCode} is no longer in stock.`,
    });
}

/** Checks and prices every line in `ccy` (money in major units; null = N/A, a parcel by items). */
export function priceRequestLines(asks: readonly LineAsk[], ccy: string, rates: readonly FxRate[]): PricedRequest {
  const lines: RequestLine[] = [];
  const prices: LinePrice[] = [];
  const priced: Pick<BagLineView, 'stock' | 'selectedUnit' | 'quantity'>[] = [];
  for (const ask of asks) {
    const { stone } = ask;
    assertInStock(stone);
    const stock = toDiamondDoc(stone, true);
    const kind = kindOf(stock);
    const unit = kind === 'parcel' ? ask.unit : 'weight';
    const quantity = ask.quantity ?? (kind === 'single' ? 1 : undefined);
    const error = quantityError(kind, ask.unit, quantity, limitsOfStone(stone));
    if (error || quantity === undefined)
      throw new HttpError(400, [{ param: `${ask.param}.quantity`, msg: error ?? 'Quantity is required' }]);
    const line = { stock, selectedUnit: unit, quantity };
    const price = priceLine(line, ccy, rates);
    priced.push(line);
    prices.push(price);
    lines.push({
      diamondId: stone.id,
      stockCode: stone.stockCode,
      type: kind,
      description: stone.description,
      selectedUnit: unit,
      quantity,
      acceptsAlternatives: ask.acceptsAlternatives,
      ppcCents: cents(price.ppc),
      itemPriceCents: cents(price.itemPrice),
    });
  }
  return { lines, prices, total: totalOf(priced, ccy, rates) };
}
