/**
 * A request made by stock code (API Link POST /requests): the same request as one sent from
 * the bag, checked and priced by the same code (request-pricing.ts), refused by the same rules
 * (another buyer's hold: 409 stone_on_hold; a stone in an open request: 409 stone_reserved;
 * out of stock: 409 stone_unavailable, each naming the stone), stored by insertRequest (claims,
 * change log, timeline, request.updated) in one transaction. The bag is left as it is.
 *
 *   createCodedRequest(db, userId, via, input, now)
 *   requestPageOf(db, userId, { limit, cursor, state })   the buyer's requests, newest first,
 *                                                          keyset-paged by id
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { bagRequests, diamonds } from '../../../db/tables.ts';
import { defaultCurrency } from '../../../src/domain/money.ts';
import type { RequestState } from '../../../src/domain/trade/request-lifecycle.ts';
import type { LinkRequestInput } from '../../../src/domain/trade/request-payloads.ts';
import { HttpError } from '../../middleware/errors.ts';
import { loadRates } from './bag.ts';
import { assertMayRequest } from './holds.ts';
import { priceRequestLines, type LineAsk } from './request-pricing.ts';
import { insertRequest, type RequestVia, type StoredRequest } from './request-records.ts';

const cents = (n: number | null): number | null => (n == null ? null : Math.round(n * 100));

export function createCodedRequest(
  db: Db,
  userId: number,
  via: RequestVia,
  input: LinkRequestInput,
  now: number,
): Promise<StoredRequest> {
  return writeTx(db, async () => {
    const rates = await loadRates(db);
    const ccy = input.currency ?? defaultCurrency(rates);
    const rate = rates.find((r) => r.currency === ccy);
    if (!rate) throw new HttpError(400, [{ param: 'currency', msg: 'Unknown currency' }]);
    const codes = input.lines.map((l) => l.stock_code);
    const twice = codes.findIndex((c, i) => codes.indexOf(c) !== i);
    if (twice >= 0) throw new HttpError(400, [{ param: `lines.${twice}.stock_code`, msg: 'A stone is listed twice' }]);
    const stones = new Map(
      (await db.select().from(diamonds).where(inArray(diamonds.stockCode, codes))).map((s) => [s.stockCode, s]),
    );
    const missing = codes.find((c) => !stones.has(c));
    if (missing !== undefined)
      throw new HttpError(404, 'stone_not_found', { stockCode: missing, message: `No stone ${missing} is known.` });
    // another buyer's hold refuses the request, naming the stone (the stones' row locks order it)
    await assertMayRequest(
      db,
      userId,
      [...stones.values()].map((s) => s.id),
      now,
    );
    const asks: LineAsk[] = input.lines.map((l, i) => ({
      stone: stones.get(l.stock_code)!,
      unit: l.unit ?? 'weight',
      quantity: l.quantity,
      acceptsAlternatives: input.accepts_alternatives,
      param: `lines.${i}`,
    }));
    const { lines, total } = priceRequestLines(asks, ccy, rates);
    return insertRequest(
      db,
      {
        userId,
        via,
        terms: input.terms,
        orderNotes: input.notes,
        acceptsAnyAlternatives: input.accepts_alternatives,
        ccy,
        exRate: rate.ExRate,
        totalCents: cents(total),
        lines,
      },
      now,
    );
  });
}

export type RequestPageQuery = { limit: number; before?: number; state?: RequestState };

/** One page of the buyer's requests, newest first; `next` is the id to continue before. */
export async function requestPageOf(db: Db, userId: number, q: RequestPageQuery) {
  const rows = await db
    .select()
    .from(bagRequests)
    .where(
      and(
        eq(bagRequests.userId, userId),
        q.before === undefined ? undefined : lt(bagRequests.id, q.before),
        q.state === undefined ? undefined : eq(bagRequests.status, q.state),
      ),
    )
    .orderBy(desc(bagRequests.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return { rows: page, next: rows.length > q.limit ? page[page.length - 1]!.id : null };
}
