/**
 * One open live stream (the site's /api/v1/live or API Link's /changes/stream), on the node's
 * hub (hub.ts):
 *
 * 1. subscribes first, holding what the hub delivers meanwhile;
 * 2. decides where to start: the newest sequence, or the client's `Last-Event-ID` / `?since=`
 *    (the site's `startingPoint`: below the pruned mark or too far behind is a gap, beyond the
 *    newest a cursor ahead, answered with one `resync` event; API Link refuses those with
 *    410 / 409 before the stream, as /changes does);
 * 3. sends the opening frames, then the events after `since` read from the log (this stream's
 *    own catch-up), then what the hub held, then lives on the hub's batches. An event is sent
 *    at most once, in sequence order: everything at or below the stream's cursor is skipped.
 *
 * A reader that falls MAX_BACKLOG bytes behind is dropped (sse-sink.ts; it reconnects with its
 * Last-Event-ID), so a stalled client never holds the node's memory.
 */
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { ServerResponse } from 'node:http';
import type { Db } from '../../../db/client.ts';
import type { Clock, Deps } from '../../types.ts';
import { changeRowsAfter, latestSeq, prunedSeq } from '../link/change-log.ts';
import { encodeFrame, prepareEvents, sseFrame, type PreparedEvent } from './events.ts';
import { liveHub, type LiveHub } from './hub.ts';
import { HttpError } from '../../middleware/errors.ts';
import { logger } from '../platform/logger.ts';
import type { LiveResync } from '../../../src/domain/live/events.ts';
import { bodySink, socketSink, SSE_HEADERS, type SseSink } from './sse-sink.ts';

/** the most events a reconnecting stream catches up on; further behind, it reloads */
export const MAX_CATCH_UP = 2000;
const PAGE = 500;
const PING = encodeFrame(': ping\n\n');

const SEQ = /^\d{1,15}$/;

/**
 * The sequence a stream resumes after: the `Last-Event-ID` header (what a browser's
 * EventSource sends when it reconnects) wins over `?since=` (what a fresh EventSource opened
 * after the browser's own backoff carries); neither: null (from the newest). 400 naming the
 * one that is not a sequence number.
 */
export function resumePoint(lastEventId: string | undefined, since: string | undefined): number | null {
  for (const [param, value] of [
    ['Last-Event-ID', lastEventId?.trim()],
    ['since', since],
  ] as const) {
    if (value === undefined || value === '') continue;
    if (!SEQ.test(value)) throw new HttpError(400, [{ param, msg: `${param} must be a change sequence number` }]);
    return Number(value);
  }
  return null;
}

export type Start = { from: number; catchUp: boolean; gap: 'gap' | 'cursor_ahead' | null };

/** Where a stream asking for events after `since` starts, the newest sequence being `latest`. */
export async function startingPoint(db: Db, since: number | null, latest: number): Promise<Start> {
  if (since == null || since === latest) return { from: latest, catchUp: false, gap: null };
  if (since > latest) {
    // this node's hub may not have read what the browser heard from another node yet
    if (since > (await latestSeq(db))) return { from: latest, catchUp: false, gap: 'cursor_ahead' };
    return { from: since, catchUp: false, gap: null };
  }
  if (since < (await prunedSeq(db)) || latest - since > MAX_CATCH_UP)
    return { from: latest, catchUp: false, gap: 'gap' };
  return { from: since, catchUp: true, gap: null };
}

export type StreamPlan = {
  hub: LiveHub;
  db: Db;
  clock: Clock;
  /** where to start, the newest sequence delivered being `latest` (the site: `startingPoint`) */
  start(latest: number): Promise<Start>;
  /** this stream's frames of an event */
  pick(ev: PreparedEvent): Uint8Array[];
  /** the signed-in account whose own request notices this stream carries (the site's traders) */
  account?: number;
  /** the session (its id hash) that signed the trader in: the stream ends with it */
  session?: string;
  /** the opening frames, once the start is known (may throw an HttpError-like refusal before any byte) */
  opening(latest: number, start: Start): string;
};

const concat = (parts: Uint8Array[]): Uint8Array => {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};

/** Runs the stream until the client leaves or the node stops. */
export async function runLiveStream(sink: SseSink, plan: StreamPlan): Promise<void> {
  await plan.hub.ready();
  let cursor = 0;
  let live = false;
  let closed = false;
  const held: (readonly PreparedEvent[])[] = [];
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const close = () => {
    if (closed) return;
    closed = true;
    finish();
  };
  const write = (chunk: Uint8Array) => {
    if (!closed && !sink.write(chunk)) close();
  };
  const send = (events: readonly PreparedEvent[]) => {
    const parts: Uint8Array[] = [];
    for (const ev of events) {
      if (ev.seq <= cursor) continue;
      cursor = ev.seq;
      for (const f of plan.pick(ev)) parts.push(f);
    }
    if (parts.length) write(concat(parts));
  };
  const sub = plan.hub.subscribe({
    deliver: (events) => (live ? send(events) : held.push(events)),
    beat: () => write(PING),
    mine: (userId, frame) => {
      if (live && plan.account !== undefined && userId === plan.account) write(frame);
    },
    end: (retryMs) => {
      write(encodeFrame(`retry: ${retryMs}\n\n`));
      close();
    },
    session: plan.session,
  });
  sink.onClose(close);
  try {
    const latest = sub.seq;
    const start = await plan.start(latest);
    write(encodeFrame(plan.opening(latest, start)));
    cursor = start.from;
    while (start.catchUp && cursor < latest && !closed) {
      // this stream's own catch-up, as many pages as it is behind (the site caps it: MAX_CATCH_UP)
      const rows = (await changeRowsAfter(plan.db, cursor, PAGE)).filter((r) => Number(r.seq) <= latest);
      if (rows.length === 0) break;
      send(await prepareEvents(plan.db, rows, plan.clock.now()));
      await Promise.race([sink.drained(), done]); // a long catch-up goes at the reader's pace
    }
    cursor = Math.max(cursor, latest);
    live = true;
    for (const events of held.splice(0)) send(events);
    await done;
  } finally {
    closed = true;
    sub.unsubscribe();
  }
}

/**
 * The answer of a live stream route: waits for the hub (a database out of reach answers 503
 * here, before any byte), then streams `plan` with `Cache-Control: no-store` and
 * `X-Accel-Buffering: no`: on the node's socket itself when there is one and `onSocket`
 * (sse-sink.ts), else as the Response's body. A stream that fails is logged and ends with a
 * `resync` (never the error's text).
 */
export async function liveAnswer(
  c: Context,
  deps: Deps,
  plan: Pick<StreamPlan, 'start' | 'pick' | 'opening' | 'account' | 'session'>,
  { onSocket = true }: { onSocket?: boolean } = {},
): Promise<Response> {
  const hub = liveHub(deps);
  await hub.ready();
  const run = { ...plan, hub, db: deps.db, clock: deps.clock };
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (onSocket && outgoing && !outgoing.headersSent) {
    // the headers set before this route (c.res stays untouched: Hono would rebuild the answer)
    const headers: string[] = [];
    for (const [name, value] of c.newResponse(null, 200, SSE_HEADERS).headers) headers.push(name, value);
    void streamTo(socketSink(outgoing, headers), run);
    return RESPONSE_ALREADY_SENT;
  }
  const { body, sink } = bodySink();
  void streamTo(sink, run);
  return c.newResponse(body, 200, SSE_HEADERS);
}

async function streamTo(sink: SseSink, plan: StreamPlan): Promise<void> {
  try {
    await runLiveStream(sink, plan);
  } catch (err) {
    logger.error({ err }, 'live stream failed');
    const resync: LiveResync = { reason: 'restart' };
    sink.write(encodeFrame(sseFrame('resync', resync)));
  } finally {
    sink.end();
  }
}
