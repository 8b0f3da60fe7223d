/**
 * The stock changes an alert pass looks at, read once per pass: the change-log rows after a
 * sequence number, the changed stones as they are now (in stock only), whether each is on
 * hold, and a catalogue index of them for the saved searches' matcher.
 *
 * What a change means for a search that had seen the log up to `seen` (`candidates`), one
 * event per stone, the strongest first:
 *   added          a stone new to the stock
 *   back_in_stock  a stone that had left the stock added again, or a hold on it ended (it is
 *                  in stock and nobody holds it now)
 *   price_changed  its listed price now against the listed price before its first price
 *                  change after `seen` (the drop in percent; a rise is a negative drop)
 * A stone no longer in stock gives nothing.
 */
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamonds, holds, stockChanges, type Diamond } from '../../../db/tables.ts';
import type { CatalogueIndex } from '../../../src/domain/catalogue/index.ts';
import { convert, listedPrice, STONE_BASE_CCY, type FxRate, type Money } from '../../../src/domain/money.ts';
import { pricedStone } from '../catalogue/priced-stone.ts';
import { loadRates } from '../trade/bag.ts';
import { claimsOn } from '../trade/request-claims.ts';
import { stoneIndex } from './stone-index.ts';

export type AlertKind = 'added' | 'back_in_stock' | 'price_changed';
export type Candidate = { kind: AlertKind; seq: number; prevPrice: Money | null; dropPct: number | null };

type Change = Pick<
  typeof stockChanges.$inferSelect,
  'seq' | 'stockCode' | 'kind' | 'fields' | 'at' | 'prevPriceCents' | 'prevPriceCcy'
>;

export type AlertWindow = {
  /** the changes read: seq in (from, to] */
  from: number;
  to: number;
  changes: Change[];
  /** the changed stones in stock, by stock code */
  stones: Map<string, Diamond>;
  /** ids of the changed stones not available now: on hold, or kept by an open request */
  held: Set<number>;
  rates: FxRate[];
  /** the changed stones in stock, and as a catalogue index (row i is rows[i]) */
  rows: Diamond[];
  index: CatalogueIndex;
};

const STRENGTH: Record<AlertKind, number> = { added: 3, back_in_stock: 2, price_changed: 1 };
const IN_BATCH = 500;

async function inBatches<T, R>(items: T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += IN_BATCH) out.push(...(await read(items.slice(i, i + IN_BATCH))));
  return out;
}

/** Reads the changes after `from` (at most `limit`) and the stones they name. */
export async function loadWindow(db: Db, from: number, limit: number): Promise<AlertWindow> {
  const changes = await db
    .select({
      seq: stockChanges.seq,
      stockCode: stockChanges.stockCode,
      kind: stockChanges.kind,
      fields: stockChanges.fields,
      at: stockChanges.at,
      prevPriceCents: stockChanges.prevPriceCents,
      prevPriceCcy: stockChanges.prevPriceCcy,
    })
    .from(stockChanges)
    .where(gt(stockChanges.seq, from))
    .orderBy(asc(stockChanges.seq))
    .limit(limit);
  const to = changes.length ? Number(changes.at(-1)!.seq) : from;
  const codes = [
    ...new Set(changes.filter((c) => c.kind !== 'removed' && c.kind !== 'updated').map((c) => c.stockCode)),
  ];
  const rows = await inBatches(codes, (part) =>
    db
      .select()
      .from(diamonds)
      .where(and(inArray(diamonds.stockCode, part), eq(diamonds.inStock, true))),
  );
  const ids = rows.map((r) => r.id);
  const held = new Set(
    (
      await inBatches(ids, (part) =>
        db
          .select({ id: holds.diamondId })
          .from(holds)
          .where(and(inArray(holds.diamondId, part), isNull(holds.endedAt))),
      )
    ).map((h) => h.id),
  );
  // a stone kept by a buyer's open request is not available either
  for (const claim of await inBatches(ids, (part) => claimsOn(db, part))) held.add(claim.diamondId);
  const rates = await loadRates(db);
  const index = stoneIndex(rows);
  return {
    from,
    to,
    changes: changes.map((c) => ({ ...c, seq: Number(c.seq) })),
    stones: new Map(rows.map((r) => [r.stockCode, r])),
    held,
    rates,
    rows,
    index,
  };
}

/** The price drop in percent from `before` to `now` (compared in one currency); null when either is missing. */
export function dropPct(before: Money | null, now: Money | null, rates: readonly FxRate[]): number | null {
  if (!before || !now || !(before.amount > 0)) return null;
  const same = before.ccy === now.ccy;
  const a = same ? before.amount : convert(before.amount, before.ccy, STONE_BASE_CCY, rates);
  const b = same ? now.amount : convert(now.amount, now.ccy, STONE_BASE_CCY, rates);
  return ((a - b) / a) * 100;
}

/** A hold or a request's reservation changed: the stone may be available again. */
const freed = (fields: readonly string[]) => fields.includes('on_hold') || fields.includes('reserved');

/** What the changes after `seen` mean per stock code (see the top of this file). */
export function candidates(w: AlertWindow, seen: number): Map<string, Candidate> {
  const out = new Map<string, Candidate>();
  const firstPrice = new Map<string, Money | null>();
  for (const c of w.changes) {
    if (c.seq <= seen) continue;
    const stone = w.stones.get(c.stockCode);
    if (!stone) continue;
    let kind: AlertKind | null = null;
    if (c.kind === 'added') kind = stone.createdAt.getTime() < c.at.getTime() ? 'back_in_stock' : 'added';
    else if (c.kind === 'availability_changed' && freed(c.fields) && !w.held.has(stone.id)) kind = 'back_in_stock';
    else if (c.kind === 'price_changed') {
      kind = 'price_changed';
      if (!firstPrice.has(c.stockCode))
        firstPrice.set(
          c.stockCode,
          c.prevPriceCents == null || !c.prevPriceCcy ? null : { amount: c.prevPriceCents / 100, ccy: c.prevPriceCcy },
        );
    }
    if (!kind) continue;
    const had = out.get(c.stockCode);
    if (!had || STRENGTH[kind] > STRENGTH[had.kind])
      out.set(c.stockCode, { kind, seq: c.seq, prevPrice: null, dropPct: null });
  }
  for (const [code, cand] of out) {
    if (cand.kind !== 'price_changed') continue;
    cand.prevPrice = firstPrice.get(code) ?? null;
    cand.dropPct = dropPct(cand.prevPrice, listedPrice(pricedStone(w.stones.get(code)!)), w.rates);
  }
  return out;
}
