/**
 * The stock change log (table stock_changes) behind API Link's /changes (and webhooks).
 *
 * - Writers (the stock import; any future admin edit of a stone or its media) compute what
 *   really changed with `stoneChanges` and call `recordStockChanges(tx, ...)` inside their own
 *   write transaction, so a change and its event commit together or not at all.
 * - Only real changes: an unchanged row gives no event; no event means no stock version bump.
 * - Order: `recordStockChanges` bumps the stock version (an upsert of the `app_state` row)
 *   before inserting its events. On PostgreSQL that row lock makes every change-log writer
 *   wait for the one before it to commit, so sequence numbers become visible in order and a
 *   reader polling `since` never steps over an event committed late. SQLite has one writer.
 * - Retention: events older than API_CHANGES_RETENTION_DAYS are pruned by the writers; the
 *   highest pruned sequence is kept (app_state `stock_changes_pruned`), and a reader whose
 *   `since` is below it gets 410 (resync from /feed).
 * - A `since` beyond the newest event (a database restored to an older backup) gets 409
 *   `cursor_ahead`: resync from /feed rather than silently wait for sequence numbers that
 *   will name other changes.
 * - Live stock: every writer announces its rows (api/services/live/notify.ts), so open screens
 *   hear of them within a second of the commit.
 */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { appState, stockChanges, type STOCK_CHANGE_KINDS, type Diamond, type NewDiamond } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { ChangeEvent } from '../../link/schemas.ts';
import { enqueueChangeEvents } from '../webhooks/enqueue.ts';
import { bumpVersion } from '../site/versions.ts';
import { listedPrice, type Money } from '../../../src/domain/money.ts';
import { pricedStone } from '../catalogue/priced-stone.ts';
import { announceStockChange } from '../live/notify.ts';

export type ChangeKind = (typeof STOCK_CHANGE_KINDS)[number];
/** `prevPrice` (price_changed): the listed price before the change, kept for price-drop alerts. */
export type StockChange = { stockCode: string; kind: ChangeKind; fields: string[]; prevPrice?: Money | null };

const PRUNED_KEY = 'stock_changes_pruned';
const DAY_MS = 86_400_000;

/** API Link field per stock column (columns not listed are bookkeeping: id, times, in_stock). */
export const API_FIELD: Partial<Record<keyof Diamond, string>> = {
  shape: 'shape',
  catType: 'category',
  catName: 'category_name',
  source: 'origin',
  description: 'description',
  weight: 'carat',
  sieve: 'sieve',
  colourFrom: 'colour',
  colourTo: 'colour',
  clarityFrom: 'clarity',
  clarityTo: 'clarity',
  cutFrom: 'cut',
  cutTo: 'cut',
  polishFrom: 'polish',
  polishTo: 'polish',
  symmetryFrom: 'symmetry',
  symmetryTo: 'symmetry',
  fluorescenceFrom: 'fluorescence',
  fluorescenceTo: 'fluorescence',
  sizeFrom: 'size_from',
  sizeTo: 'size_to',
  certLab: 'lab',
  certNumber: 'certificate_number',
  priceCents: 'price',
  ppcCents: 'price',
  exWebTotalCents: 'price',
  webSpecialCents: 'price',
  rap: 'rap_pct',
  depthTotal: 'depth_pct',
  tablePct: 'table_pct',
  culet: 'culet',
  depthCrown: 'crown_pct',
  depthGirdle: 'girdle_pct',
  depthPavilion: 'pavilion_pct',
  mes1: 'measurements',
  mes2: 'measurements',
  mes3: 'measurements',
  availability: 'availability',
  comments: 'comments',
};

function same(a: unknown, b: unknown): boolean {
  if (a == null || b == null) return a == null && b == null;
  if (a instanceof Date || b instanceof Date) return new Date(a as Date).getTime() === new Date(b as Date).getTime();
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}

/**
 * What writing `next` (the columns in `keys`) over `before` changes, as events: `added` for a
 * new stone or one back in stock; else price_changed (with the listed price before),
 * availability_changed and updated (the other fields), each only when one of its fields really
 * changed. Empty: nothing to write.
 */
export function stoneChanges(
  before: Diamond | undefined,
  next: Partial<NewDiamond> & { stockCode: string },
  keys: readonly (keyof Diamond)[],
): StockChange[] {
  const code = next.stockCode;
  if (!before || !before.inStock) return [{ stockCode: code, kind: 'added', fields: [] }];
  const fields = new Set<string>();
  for (const k of keys) {
    const field = API_FIELD[k];
    if (field && !same(before[k], next[k as keyof NewDiamond])) fields.add(field);
  }
  const out: StockChange[] = [];
  if (fields.delete('price'))
    out.push({
      stockCode: code,
      kind: 'price_changed',
      fields: ['price'],
      prevPrice: listedPrice(pricedStone(before)),
    });
  if (fields.delete('availability'))
    out.push({ stockCode: code, kind: 'availability_changed', fields: ['availability'] });
  if (fields.size) out.push({ stockCode: code, kind: 'updated', fields: [...fields].sort() });
  return out;
}

/**
 * Takes the stock version's row lock without changing it: called first in a writer's
 * transaction, so that on PostgreSQL its reads of the rows it compares (stoneChanges) come
 * after any other stock writer has committed. SQLite's writer is serial already.
 */
export async function lockStock(tx: Db): Promise<void> {
  // an absent row reads as version 0, so creating it with 0 changes nothing either
  await tx
    .insert(appState)
    .values({ key: 'stock', version: 0 })
    .onConflictDoUpdate({ target: appState.key, set: { version: sql`${appState.version}` } });
}

/** Writes the events in the caller's transaction (bumping the stock version first) and prunes. */
export async function recordStockChanges(
  tx: Db,
  changes: readonly StockChange[],
  opts: { now: number; retentionDays: number },
): Promise<void> {
  if (changes.length === 0) return;
  await bumpVersion(tx, 'stock');
  const at = new Date(opts.now);
  const BATCH = 500;
  for (let i = 0; i < changes.length; i += BATCH) {
    const rows = await tx
      .insert(stockChanges)
      .values(
        changes
          .slice(i, i + BATCH)
          .map((c) => ({ ...priorPrice(c), stockCode: c.stockCode, kind: c.kind, fields: c.fields, at })),
      )
      .returning();
    // every subscribed webhook endpoint gets its deliveries in this same transaction
    await enqueueChangeEvents(tx, rows, at);
  }
  await announceStockChange(tx);
  await pruneChanges(tx, opts.now - opts.retentionDays * DAY_MS);
}

const priorPrice = (c: StockChange) =>
  c.prevPrice ? { prevPriceCents: Math.round(c.prevPrice.amount * 100), prevPriceCcy: c.prevPrice.ccy } : {};

async function pruneChanges(tx: Db, cutoff: number): Promise<void> {
  const top = (
    await tx
      .select({ seq: sql<number | null>`max(${stockChanges.seq})` })
      .from(stockChanges)
      .where(lt(stockChanges.at, new Date(cutoff)))
  )[0]?.seq;
  if (top == null) return;
  const seq = Number(top);
  await tx.delete(stockChanges).where(sql`${stockChanges.seq} <= ${seq}`);
  await tx
    .insert(appState)
    .values({ key: PRUNED_KEY, version: seq, updatedAt: new Date(cutoff) })
    .onConflictDoUpdate({ target: appState.key, set: { version: seq } });
}

/** The newest sequence number (0 when the log is empty). */
export async function latestSeq(db: Db): Promise<number> {
  const row = (await db.select({ seq: sql<number | null>`max(${stockChanges.seq})` }).from(stockChanges))[0];
  const pruned = await prunedSeq(db);
  return Math.max(Number(row?.seq ?? 0), pruned);
}

/** The highest pruned sequence: a reader below it missed events. */
export async function prunedSeq(db: Db): Promise<number> {
  const row = (await db.select({ v: appState.version }).from(appState).where(eq(appState.key, PRUNED_KEY)).limit(1))[0];
  return row?.v ?? 0;
}

/** Hold and reservation fields, which a retail key never sees, as the field it does see. */
const HIDDEN_FROM_RETAIL = new Set(['on_hold', 'reserved', 'held_by_you', 'hold_expires_at', 'reserved_for_you']);

/** An event as a retail key reads it: `on_hold` and `reserved` read `available`. */
export const retailChange = (e: ChangeEvent): ChangeEvent => ({
  ...e,
  fields: [...new Set(e.fields.map((f) => (HIDDEN_FROM_RETAIL.has(f) ? 'available' : f)))],
});

/** A change-log row as API Link shows it (/changes and its stream). */
export const changeEventOf = (r: ChangeRow): ChangeEvent => ({
  seq: Number(r.seq),
  type: r.kind,
  stock_code: r.stockCode,
  fields: r.fields,
  at: r.at.toISOString(),
});

/**
 * 410 `changes_expired` when events after `since` were pruned, 409 `cursor_ahead` when `since`
 * is beyond the newest event; else the newest sequence.
 */
export async function checkCursor(db: Db, since: number): Promise<number> {
  const pruned = await prunedSeq(db);
  if (since < pruned) {
    throw new HttpError(410, 'changes_expired', {
      since,
      oldest_available: pruned,
      resync:
        'Events after this cursor are past the retention: download /feed again and continue from its X-Change-Seq',
    });
  }
  const latest = await latestSeq(db);
  if (since > latest) {
    // the log was never this far: the database was restored to an older backup since this
    // cursor was handed out, so changes after `latest` are not the ones the client skipped to
    throw new HttpError(409, 'cursor_ahead', {
      since,
      latest,
      resync:
        'This cursor is ahead of the change log (the shop restored an older backup): download /feed again and continue from its X-Change-Seq',
    });
  }
  return latest;
}

/** Events after `since`, oldest first (410 or 409 from `checkCursor`). */
export async function readChanges(
  db: Db,
  since: number,
  limit: number,
): Promise<{ data: ChangeEvent[]; next_since: number; has_more: boolean }> {
  await checkCursor(db, since);
  const rows = await db
    .select()
    .from(stockChanges)
    .where(gt(stockChanges.seq, since))
    .orderBy(asc(stockChanges.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    data: page.map(changeEventOf),
    next_since: page.length ? Number(page.at(-1)!.seq) : since,
    has_more: rows.length > limit,
  };
}

/** When a stone left the stock: its newest `removed` event, else its row's updated_at. */
export async function goneAt(db: Db, stockCode: string, updatedAt: Date): Promise<Date> {
  const row = (
    await db
      .select({ at: stockChanges.at })
      .from(stockChanges)
      .where(and(eq(stockChanges.stockCode, stockCode), eq(stockChanges.kind, 'removed')))
      .orderBy(sql`${stockChanges.seq} desc`)
      .limit(1)
  )[0];
  return row?.at ?? updatedAt;
}

export type ChangeRow = typeof stockChanges.$inferSelect;

/** Up to `limit` change-log rows after `since`, oldest first (live stock reads these). */
export function changeRowsAfter(db: Db, since: number, limit: number): Promise<ChangeRow[]> {
  return db.select().from(stockChanges).where(gt(stockChanges.seq, since)).orderBy(asc(stockChanges.seq)).limit(limit);
}
