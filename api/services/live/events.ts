/**
 * Change-log rows -> live stock events, prepared once per batch for every audience
 * (src/domain/live/events.ts is the contract):
 *
 * - `visitor`: stones entering and leaving the stock, `updated` with the public list doc, and
 *   `price_changed` only for a special offer (whose price a visitor sees); never hold or
 *   reservation state, never a price but a special offer's;
 * - `trade`: every change with the priced list doc (the doc the trade catalogue set carries),
 *   `hold` ('none' | 'other') and `reserved` (by another buyer); the holder and the buyer whose
 *   request keeps the stone get their own variant (`hold: 'mine'`, `reserved: false`) and a
 *   `mine` event for their hold or request;
 * - API Link: the /changes event (trade and retail forms).
 *
 * Each frame is encoded once here; a stream only picks its bytes (`framesFor`). The docs are
 * the stones' rows when the batch is read: a later change has a later event anyway.
 */
import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bagRequests, diamondMedia, diamonds, holds, requestLines, type Diamond } from '../../../db/tables.ts';
import type { LiveChange, LiveMineEvent, LiveStoneEvent } from '../../../src/domain/live/events.ts';
import { toDiamondDoc } from '../catalogue/diamond-docs.ts';
import { slimDoc } from '../catalogue/list-docs.ts';
import { changeEventOf, retailChange, type ChangeRow } from '../link/change-log.ts';
import { claimsOn } from '../trade/request-claims.ts';

/** Who a stream is for: a visitor, or a signed-in trader (their id marks what is theirs). */
export type Viewer = { audience: 'visitor' } | { audience: 'trade'; userId: number };

export type PreparedEvent = {
  seq: number;
  visitor: Uint8Array | null;
  trade: Uint8Array | null;
  /** the trade frame as a trader concerned sees it (their own hold or request), by user id */
  tradeFor: Map<number, Uint8Array>;
  /** `mine` frames by user id */
  mine: Map<number, Uint8Array>;
  /** API Link's /changes event, for trade and test keys and for retail keys */
  link: { trade: Uint8Array; retail: Uint8Array };
};

const encoder = new TextEncoder();

/** One SSE frame: `id` (when given), the event name and its JSON. */
export const sseFrame = (event: string, data: unknown, id?: number | null): string =>
  `${id != null ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const encodeFrame = (frame: string): Uint8Array => encoder.encode(frame);

/** The frames of `ev` a viewer of the site may see, in order. */
export function framesFor(ev: PreparedEvent, viewer: Viewer): Uint8Array[] {
  if (viewer.audience === 'visitor') return ev.visitor ? [ev.visitor] : [];
  const out: Uint8Array[] = [];
  const stone = ev.tradeFor.get(viewer.userId) ?? ev.trade;
  if (stone) out.push(stone);
  const mine = ev.mine.get(viewer.userId);
  if (mine) out.push(mine);
  return out;
}

type Kind = { change: LiveChange; doc: boolean; visitor: boolean };

/** What a row means to a screen, or null when it says nothing a screen shows now. */
function kindOf(row: ChangeRow, stone: Diamond): Kind | null {
  const inStock = stone.inStock;
  switch (row.kind) {
    case 'added':
      if (!inStock) return null; // it left again: that row follows
      return {
        change: stone.createdAt.getTime() < row.at.getTime() ? 'back_in_stock' : 'added',
        doc: true,
        visitor: true,
      };
    case 'removed':
      return { change: 'left_stock', doc: false, visitor: true };
    case 'price_changed':
      return inStock ? { change: 'price_changed', doc: true, visitor: stone.webSpecialCents > 0 } : null;
    case 'updated':
      return inStock ? { change: 'updated', doc: true, visitor: true } : null;
    case 'availability_changed':
      if (row.fields.includes('on_hold')) return { change: 'hold', doc: false, visitor: false };
      if (row.fields.includes('reserved')) return { change: 'reserved', doc: false, visitor: false };
      // the shop's availability column: a trade field
      return inStock ? { change: 'updated', doc: true, visitor: false } : null;
  }
}

type Facts = {
  byCode: Map<string, Diamond>;
  with360: Set<number>;
  heldBy: Map<number, number>;
  claimedBy: Map<number, number>;
  /** holds placed or ended since the batch's first row, by stone */
  movedHolds: Map<number, { id: number; userId: number; state: string }[]>;
  /** requests that keep a stone, or moved since the batch's first row, by stone */
  movedRequests: Map<number, { id: number; userId: number; state: string }[]>;
};

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

const REQUEST_STONES = [requestLines.diamondId, requestLines.altDiamondId, requestLines.reservedDiamondId];
const HOLD_TIMES = { createdAt: holds.createdAt, expiresAt: holds.expiresAt, endedAt: holds.endedAt };

async function factsOf(db: Db, rows: readonly ChangeRow[], now: number): Promise<Facts> {
  const codes = [...new Set(rows.map((r) => r.stockCode))];
  const stones = await db.select().from(diamonds).where(inArray(diamonds.stockCode, codes));
  const byCode = new Map(stones.map((s) => [s.stockCode, s]));
  const ids = stones.map((s) => s.id);
  const facts: Facts = {
    byCode,
    with360: new Set(),
    heldBy: new Map(),
    claimedBy: new Map(),
    movedHolds: new Map(),
    movedRequests: new Map(),
  };
  if (ids.length === 0) return facts;
  const since = new Date(Math.min(...rows.map((r) => r.at.getTime())));
  const media = await db
    .selectDistinct({ id: diamondMedia.diamondId })
    .from(diamondMedia)
    .where(and(inArray(diamondMedia.diamondId, ids), eq(diamondMedia.type, '360')));
  for (const m of media) facts.with360.add(m.id);
  const holdRows = await db
    .select({ id: holds.id, diamondId: holds.diamondId, userId: holds.userId, ...HOLD_TIMES })
    .from(holds)
    .where(
      and(
        inArray(holds.diamondId, ids),
        or(isNull(holds.endedAt), gte(holds.createdAt, since), gte(holds.endedAt, since)),
      ),
    );
  for (const h of holdRows) {
    const runs = h.endedAt == null && h.expiresAt.getTime() > now;
    if (runs) facts.heldBy.set(h.diamondId, h.userId);
    if (h.createdAt >= since || (h.endedAt && h.endedAt >= since))
      push(facts.movedHolds, h.diamondId, { id: h.id, userId: h.userId, state: runs ? 'active' : 'ended' });
  }
  const claims = await claimsOn(db, ids);
  for (const c of claims) facts.claimedBy.set(c.diamondId, c.userId);
  const claimed = new Set(claims.map((c) => c.requestId));
  const lines = await db
    .select({
      diamondId: requestLines.diamondId,
      altDiamondId: requestLines.altDiamondId,
      reservedDiamondId: requestLines.reservedDiamondId,
      id: bagRequests.id,
      userId: bagRequests.userId,
      state: bagRequests.status,
      updatedAt: bagRequests.updatedAt,
    })
    .from(requestLines)
    .innerJoin(bagRequests, eq(bagRequests.id, requestLines.requestId))
    // the stone asked for, offered instead, or kept
    .where(or(...REQUEST_STONES.map((column) => inArray(column, ids))));
  for (const l of lines) {
    if (!claimed.has(l.id) && l.updatedAt < since) continue;
    const request = { id: l.id, userId: l.userId, state: l.state };
    for (const stoneId of new Set([l.diamondId, l.altDiamondId, l.reservedDiamondId])) {
      if (stoneId == null || !ids.includes(stoneId)) continue;
      if (!facts.movedRequests.get(stoneId)?.some((r) => r.id === l.id)) push(facts.movedRequests, stoneId, request);
    }
  }
  return facts;
}

/** The events of `rows` (oldest first), every audience's frames encoded once. */
export async function prepareEvents(db: Db, rows: readonly ChangeRow[], now: number): Promise<PreparedEvent[]> {
  if (rows.length === 0) return [];
  const facts = await factsOf(db, rows, now);
  // a hold that moved is told once, with the last row about its stone in the batch; a request
  // once, with the last row about any of its stones (a move freeing several stones is one event)
  const lastHoldRow = new Map<string, number>();
  const lastRequestRow = new Map<number, number>();
  for (const r of rows) {
    if (r.fields.includes('on_hold')) lastHoldRow.set(r.stockCode, Number(r.seq));
    else if (r.fields.includes('reserved')) {
      const stone = facts.byCode.get(r.stockCode);
      for (const request of (stone && facts.movedRequests.get(stone.id)) ?? [])
        lastRequestRow.set(request.id, Number(r.seq));
    }
  }
  return rows.map((row) => {
    const seq = Number(row.seq);
    const change = changeEventOf(row);
    const ev: PreparedEvent = {
      seq,
      visitor: null,
      trade: null,
      tradeFor: new Map(),
      mine: new Map(),
      link: {
        trade: encodeFrame(sseFrame('change', change, seq)),
        retail: encodeFrame(sseFrame('change', retailChange(change), seq)),
      },
    };
    const stone = facts.byCode.get(row.stockCode);
    const kind = stone ? kindOf(row, stone) : null;
    if (!stone || !kind) return ev;
    const base = { seq, id: stone.id, code: stone.stockCode, change: kind.change };
    const has360 = facts.with360.has(stone.id);
    if (kind.visitor) {
      const visitor: LiveStoneEvent = kind.doc ? { ...base, doc: slimDoc(toDiamondDoc(stone, false), has360) } : base;
      ev.visitor = encodeFrame(sseFrame('stone', visitor, seq));
    }
    const tradeDoc = kind.doc ? { doc: slimDoc(toDiamondDoc(stone, true), has360) } : {};
    const holder = facts.heldBy.get(stone.id);
    const claimant = facts.claimedBy.get(stone.id);
    const tradeView = (userId: number | null): LiveStoneEvent => ({
      ...base,
      ...tradeDoc,
      hold: holder == null ? 'none' : holder === userId ? 'mine' : 'other',
      reserved: claimant != null && claimant !== userId,
    });
    ev.trade = encodeFrame(sseFrame('stone', tradeView(null), seq));
    for (const userId of new Set([holder, claimant]))
      if (userId != null) ev.tradeFor.set(userId, encodeFrame(sseFrame('stone', tradeView(userId), seq)));
    const mine = new Map<number, string>();
    const tell = (userId: number, m: LiveMineEvent) => mine.set(userId, (mine.get(userId) ?? '') + sseFrame('mine', m));
    if (kind.change === 'hold' && lastHoldRow.get(row.stockCode) === seq)
      for (const h of facts.movedHolds.get(stone.id) ?? [])
        tell(h.userId, { seq, what: 'hold', id: h.id, stoneId: stone.id, state: h.state });
    if (kind.change === 'reserved')
      for (const r of facts.movedRequests.get(stone.id) ?? [])
        if (lastRequestRow.get(r.id) === seq) tell(r.userId, { seq, what: 'request', id: r.id, state: r.state });
    for (const [userId, frames] of mine) ev.mine.set(userId, encodeFrame(frames));
    return ev;
  });
}
