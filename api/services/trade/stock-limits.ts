/**
 * What bounds a bag line's quantity, read from the stone's row: a parcel's weight, the most
 * stones it holds (its weight over its smallest stone size) and its stock code for the message.
 */
import type { diamonds } from '../../../db/schema.ts';
import { maxItemsOf, type StockLimits } from '../../../src/domain/bag/lines.ts';

type StoneRow = Pick<typeof diamonds.$inferSelect, 'weight' | 'sizeFrom' | 'stockCode'>;

export const limitsOfStone = (d: StoneRow): StockLimits => ({
  weight: d.weight,
  items: maxItemsOf(d.weight, d.sizeFrom),
  name: d.stockCode,
});
