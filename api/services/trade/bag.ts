/**
 * The signed-in user's bag on the server (table bag_items): read with each stone's doc and
 * display prices, add (idempotent per stone), change unit / quantity / alternatives, remove.
 * The unit switch and quantity rules are src/domain/bag/lines.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bagItems, diamonds, exchangeRates } from '../../../db/tables.ts';
import { initialQuantity, kindOf, quantityError, quantityForUnit } from '../../../src/domain/bag/lines.ts';
import { limitsOfStone } from './stock-limits.ts';
import type { BagAddInput, BagPatchInput } from '../../../src/domain/bag/payload.ts';
import { priceLine, type BagLineView } from '../../../src/domain/bag/view.ts';
import { defaultCurrency, type FxRate } from '../../../src/domain/money.ts';
import { HttpError } from '../../middleware/errors.ts';
import { toDiamondDoc } from '../catalogue/diamond-docs.ts';

export async function loadRates(db: Db): Promise<FxRate[]> {
  return (await db.select().from(exchangeRates)).map((r) => ({
    currency: r.currency,
    ExRate: r.exRate,
    default: r.isDefault,
  }));
}

/** The user's bag, oldest first, priced in `ccy` (default: the shop's default currency). */
export async function bagLines(db: Db, userId: number, ccy?: string): Promise<BagLineView[]> {
  const rates = await loadRates(db);
  const currency = ccy && rates.some((r) => r.currency === ccy) ? ccy : defaultCurrency(rates);
  const rows = await db
    .select({ item: bagItems, stone: diamonds })
    .from(bagItems)
    .innerJoin(diamonds, eq(diamonds.id, bagItems.diamondId))
    .where(eq(bagItems.userId, userId))
    .orderBy(asc(bagItems.createdAt), asc(bagItems.id));
  return rows.map(({ item, stone }) => {
    const stock = toDiamondDoc(stone, true);
    const line = {
      diamondId: stone.id,
      type: kindOf(stock),
      selectedUnit: item.selectedUnit,
      quantity: item.quantity,
      acceptsAlternatives: item.acceptsAlternatives,
      inStock: stone.inStock,
      addedAt: item.createdAt.toISOString(),
      stock,
      ccy: currency,
    };
    return { ...line, ...priceLine(line, currency, rates) };
  });
}

async function stone(db: Db, id: number) {
  return (await db.select().from(diamonds).where(eq(diamonds.id, id)).limit(1))[0];
}

async function bagRow(db: Db, userId: number, diamondId: number) {
  return (
    await db
      .select()
      .from(bagItems)
      .where(and(eq(bagItems.userId, userId), eq(bagItems.diamondId, diamondId)))
      .limit(1)
  )[0];
}

/** Adds a stone (a second add of the same stone changes nothing). 404 unknown, 409 out of stock. */
export async function addToBag(db: Db, userId: number, input: BagAddInput): Promise<void> {
  const d = await stone(db, input.diamondId);
  if (!d) throw new HttpError(404, 'unknown_stone', { diamondId: input.diamondId });
  if (!d.inStock) throw new HttpError(409, 'stone_unavailable', { diamondId: d.id });
  if (await bagRow(db, userId, d.id)) return;
  const kind = kindOf({ StkCatType: d.catType });
  const unit = kind === 'parcel' ? (input.selectedUnit ?? 'weight') : 'weight';
  const quantity = kind === 'parcel' ? (input.quantity ?? initialQuantity(kind, unit)) : 1;
  const error = quantityError(kind, unit, quantity, limitsOfStone(d));
  if (error) throw new HttpError(400, [{ param: 'quantity', msg: error }]);
  await db
    .insert(bagItems)
    .values({
      userId,
      diamondId: d.id,
      selectedUnit: unit,
      quantity,
      acceptsAlternatives: input.acceptsAlternatives ?? false,
    })
    .onConflictDoNothing();
}

/** Changes a line. A unit switch without a quantity resets it (weight 0.01, items 1). 404 when not in the bag. */
export async function updateBagLine(db: Db, userId: number, diamondId: number, patch: BagPatchInput): Promise<void> {
  const row = await bagRow(db, userId, diamondId);
  const d = row && (await stone(db, diamondId));
  if (!row || !d) throw new HttpError(404, 'not_in_bag', { diamondId });
  const kind = kindOf({ StkCatType: d.catType });
  let unit = row.selectedUnit;
  let quantity = row.quantity;
  if (patch.selectedUnit && kind === 'parcel' && patch.selectedUnit !== unit) {
    unit = patch.selectedUnit;
    quantity = quantityForUnit(unit);
  }
  if (patch.quantity !== undefined && kind === 'parcel') quantity = patch.quantity;
  if (kind === 'parcel' || patch.quantity !== undefined) {
    const error = quantityError(kind, unit, patch.quantity ?? quantity, limitsOfStone(d));
    if (error) throw new HttpError(400, [{ param: 'quantity', msg: error }]);
  }
  await db
    .update(bagItems)
    .set({ selectedUnit: unit, quantity, acceptsAlternatives: patch.acceptsAlternatives ?? row.acceptsAlternatives })
    .where(eq(bagItems.id, row.id));
}

/** Removes a line (removing one that is not there is not an error). */
export async function removeFromBag(db: Db, userId: number, diamondId: number): Promise<void> {
  await db.delete(bagItems).where(and(eq(bagItems.userId, userId), eq(bagItems.diamondId, diamondId)));
}
