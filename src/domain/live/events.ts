/**
 * Live stock: what `GET /api/v1/live` (server-sent events) tells an open screen, shared by the
 * server that writes it and the browser that applies it.
 *
 * The stream is fed by the stock change log (table stock_changes): nothing is announced that
 * was not committed, and each `stone` event's SSE `id` is its change-log sequence, so
 * `Last-Event-ID` resumes exactly where the browser left off. Each viewer gets only what they
 * may see, filtered on the server:
 * - a visitor: stones entering and leaving the stock and what their public row shows (the
 *   public list doc: no price but a special offer's), never hold or reservation state;
 * - a trader: their priced row (the same doc their `/diamonds/catalogue` set carries), "on hold"
 *   and "reserved" without who, and their own holds as theirs.
 *
 * SSE event names:
 * - `stone` (data: LiveStoneEvent, id: the change-log sequence);
 * - `mine` (data: LiveMineEvent): the viewer's own hold or request changed state (traders
 *   only); carries the sequence of the change it came with when there is one;
 * - `resync` (data: LiveResync): the browser's last sequence is older than the log keeps, or
 *   the stream cannot say what happened in between: reload the set and the overlays;
 * - `ready` (data: LiveReady): sent first on every connection, with the newest sequence.
 * Heartbeats are SSE comments (`: ping`), every 25 s.
 */
import type { ListDoc } from '../diamond.ts';

/** What happened to a stone, as a screen needs to know it. */
export const LIVE_CHANGES = [
  'added', // a new stone entered the stock
  'left_stock', // the stone went out of stock (sold, removed by an import)
  'back_in_stock', // an out-of-stock stone is offered again
  'price_changed',
  'updated', // another shown field changed (grades, measurements, media)
  'hold', // went on hold or came off hold
  'reserved', // reserved by a request (memo or invoice) or freed
] as const;
export type LiveChange = (typeof LIVE_CHANGES)[number];

/** A stone's hold as the viewer may see it: `mine` only for the viewer's own hold. */
export type LiveHold = 'none' | 'other' | 'mine';

export type LiveStoneEvent = {
  /** the change-log sequence (also the SSE id) */
  seq: number;
  /** the stone's catalogue id (`_id`) */
  id: number;
  /** its stock code */
  code: string;
  change: LiveChange;
  /**
   * The stone's row as this viewer's set carries it (a visitor's public doc, a trader's priced
   * doc), for `added`, `back_in_stock`, `price_changed` (traders only: a visitor gets no price
   * event but for a special offer) and `updated`. Absent for `left_stock`, `hold`, `reserved`.
   */
  doc?: ListDoc;
  /** traders only, on `hold` (and on every event where it is known) */
  hold?: LiveHold;
  /** traders only, on `reserved` (and on every event where it is known) */
  reserved?: boolean;
};

/** The viewer's own hold or request moved: the screens showing it read it again. */
export type LiveMineEvent = {
  seq: number | null;
  what: 'hold' | 'request';
  /** the hold's or the request's id */
  id: number;
  /** the stone it concerns, for a hold */
  stoneId?: number;
  /** the new state, as the API names it (a hold: active, ended; a request: its status) */
  state: string;
};

export type LiveResync = { reason: 'gap' | 'cursor_ahead' | 'restart' };
export type LiveReady = { seq: number };

/** How long a hidden tab keeps its stream open before pausing it (ms). */
export const LIVE_HIDDEN_PAUSE_MS = 3 * 60_000;
/** The heartbeat comment's period (ms). */
export const LIVE_HEARTBEAT_MS = 25_000;
