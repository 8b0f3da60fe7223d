/**
 * Sending the bag as a request (POST /profile/bagRequest) and listing a customer's requests.
 *
 * The server never trusts the client's prices: inside one BEGIN IMMEDIATE transaction it
 * reads the user's bag lines for the requested stones, checks each (known, in stock, in the
 * bag, of the stated type and unit, a valid quantity), prices them with the shared pricing
 * code and its own exchange rates, compares the client's ExRate, item prices and total
 * (within a cent, or N/A on both sides), stores the request with its priced snapshot and
 * removes the requested lines from the bag; the new request claims its single stones (a stone
 * in another buyer's request is refused, 409 stone_reserved). A second, concurrent request for the same lines
 * then finds them gone (409 not_in_bag): when it read them before the first committed, its
 * conditional removal takes fewer lines than it asked for and its transaction is undone.
 * A stone another buyer holds is refused (409 stone_on_hold); the stones' row locks order a
 * request against a concurrent hold, so exactly one of the two wins.
 * Any refusal throws before anything is written, or rolls back what was.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { bagItems, bagRequests, diamonds } from '../../../db/tables.ts';
import { amountsAgree, ratesAgree, type BagRequestParsed } from '../../../src/domain/bag/payload.ts';
import { HttpError } from '../../middleware/errors.ts';
import { loadRates } from './bag.ts';
import { isParcel } from '../../../src/domain/diamond.ts';
import { assertInStock, priceRequestLines, type LineAsk } from './request-pricing.ts';
import { insertRequest, type StoredRequest } from './request-records.ts';
import { assertMayRequest } from './holds.ts';

const cents = (n: number | null): number | null => (n == null ? null : Math.round(n * 100));
const major = (n: number | null): number | null => (n == null ? null : n / 100);

export function createBagRequest(
  db: Db,
  userId: number,
  input: BagRequestParsed,
  now: number = Date.now(),
): Promise<StoredRequest> {
  return writeTx(db, async () => {
    const rates = await loadRates(db);
    const rate = rates.find((r) => r.currency === input.ccy);
    if (!rate) throw new HttpError(400, [{ param: 'ccy', msg: 'Unknown currency' }]);
    if (!ratesAgree(input.ExRate, rate.ExRate)) throw new HttpError(409, 'rates_changed', { ExRate: rate.ExRate });

    const ids = input.bagItems.map((i) => i.stock);
    if (new Set(ids).size !== ids.length)
      throw new HttpError(400, [{ param: 'bagItems', msg: 'A stone is listed twice' }]);
    // another buyer's hold refuses the request (naming the stone); the bag keeps the line
    await assertMayRequest(db, userId, ids, now);
    const owned = await db.select({ id: bagItems.id }).from(bagItems).where(eq(bagItems.userId, userId));
    if (owned.length === 0) throw new HttpError(409, 'bag_empty');

    const rows = new Map(
      (
        await db
          .select({ item: bagItems, stone: diamonds })
          .from(diamonds)
          .leftJoin(bagItems, and(eq(bagItems.diamondId, diamonds.id), eq(bagItems.userId, userId)))
          .where(inArray(diamonds.id, ids))
      ).map((r) => [r.stone.id, r]),
    );

    const asks: LineAsk[] = input.bagItems.map((asked, i) => {
      const param = `bagItems.${i}`;
      const row = rows.get(asked.stock);
      if (!row) throw new HttpError(404, 'unknown_stone', { stock: asked.stock });
      const { item, stone } = row;
      assertInStock(stone);
      if (!item) throw new HttpError(409, 'not_in_bag', { stock: stone.id });
      const kind = isParcel(stone.catType) ? 'parcel' : 'single';
      if (asked.type !== kind) throw new HttpError(400, [{ param: `${param}.type`, msg: `This stone is a ${kind}` }]);
      const unit = kind === 'parcel' ? item.selectedUnit : 'weight';
      if (asked.selectedUnit && asked.selectedUnit !== unit)
        throw new HttpError(409, 'bag_changed', { stock: stone.id });
      if (asked.quantity !== undefined && Math.abs(asked.quantity - item.quantity) > 1e-9) {
        throw new HttpError(409, 'bag_changed', { stock: stone.id });
      }
      const alternatives = input.acceptsAnyAlternatives || item.acceptsAlternatives;
      return { stone, unit, quantity: item.quantity, acceptsAlternatives: alternatives, param };
    });
    const { lines, prices, total } = priceRequestLines(asks, input.ccy, rates);
    prices.forEach((price, i) => {
      const asked = input.bagItems[i]!;
      if (asked.itemPrice !== undefined && !amountsAgree(asked.itemPrice, price.itemPrice)) {
        throw new HttpError(409, 'price_mismatch', { stock: asked.stock, itemPrice: price.itemPrice });
      }
    });
    if (!amountsAgree(input.totalPrice, total))
      throw new HttpError(409, 'total_mismatch', { totalPrice: total ?? 'N/A' });

    const stored = await insertRequest(
      db,
      {
        userId,
        via: { channel: 'site' },
        terms: input.terms,
        orderNotes: input.orderNotes,
        acceptsAnyAlternatives: input.acceptsAnyAlternatives,
        ccy: input.ccy,
        exRate: rate.ExRate,
        totalCents: cents(total),
        lines,
      },
      now,
    );
    // the removal is the claim: a concurrent request for the same lines (on PostgreSQL it
    // waits for this one's row locks) removes nothing, and its whole transaction is undone
    const removed = await db
      .delete(bagItems)
      .where(and(eq(bagItems.userId, userId), inArray(bagItems.diamondId, ids)))
      .returning({ diamondId: bagItems.diamondId });
    if (removed.length !== ids.length) {
      const gone = ids.find((id) => !removed.some((r) => r.diamondId === id));
      throw new HttpError(409, 'not_in_bag', { stock: gone });
    }
    return stored;
  });
}

/** A request as the account area shows it; money in major units of its currency (null = N/A). */
export function toRequestView(r: StoredRequest) {
  return {
    _id: r.id,
    status: r.status,
    terms: r.terms,
    createdAt: r.createdAt.toISOString(),
    ccy: r.ccy,
    ExRate: r.exRate,
    totalPrice: major(r.totalCents),
    orderNotes: r.orderNotes,
    acceptsAnyAlternatives: r.acceptsAnyAlternatives,
    items: r.items.map((l) => ({ ...l, ppc: major(l.ppcCents), itemPrice: major(l.itemPriceCents) })),
  };
}
export type BagRequestView = ReturnType<typeof toRequestView>;

export async function listBagRequests(db: Db, userId: number): Promise<BagRequestView[]> {
  return (
    await db
      .select()
      .from(bagRequests)
      .where(eq(bagRequests.userId, userId))
      .orderBy(desc(bagRequests.createdAt), desc(bagRequests.id))
  ).map(toRequestView);
}
