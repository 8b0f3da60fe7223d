/**
 * Where a live stream's bytes go (stream.ts writes, this file carries them):
 *
 * - `socketSink`: straight to the node's HTTP answer (@hono/node-server's `outgoing`), head
 *   written here, the route answering `RESPONSE_ALREADY_SENT`. Nothing of the request stays
 *   alive but the socket and the stream's own state: the memory of one open screen
 *   (docs/decisions/018-live-streams-on-the-socket.md).
 * - `bodySink`: a Response body (one ReadableStream), where there is no socket to write to
 *   (the app called in-process, as the API tests do) or where a middleware reads the body on
 *   its way out (API Link's usage counting).
 *
 * Either drops nothing: `write` answers false once the reader is MAX_BACKLOG bytes behind, and
 * the stream then ends (the client reconnects with its Last-Event-ID).
 */
import type { ServerResponse } from 'node:http';

/** how far behind a reader may fall before its stream ends */
export const MAX_BACKLOG = 1024 * 1024;

export type SseSink = {
  /** queues `chunk`; false (and nothing queued) once the reader is MAX_BACKLOG bytes behind */
  write(chunk: Uint8Array): boolean;
  /** resolves once what was written has left (or the reader has gone) */
  drained(): Promise<void>;
  /** ends the answer */
  end(): void;
  /** `fn` runs once when the reader goes away */
  onClose(fn: () => void): void;
};

/**
 * The headers of every live stream. The security headers the app adds to an answer on its
 * way out never reach a stream written to the socket: the one that matters for a stream of
 * data is here.
 */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

/** Writes to the node's answer, with `headers` (names and values in turn: SSE_HEADERS and those set before the route). */
export function socketSink(out: ServerResponse, headers: readonly string[]): SseSink {
  out.writeHead(200, headers as string[]);
  out.flushHeaders();
  out.socket?.setNoDelay(true);
  return {
    write(chunk) {
      if (out.destroyed || out.writableEnded) return true;
      if (out.writableLength > MAX_BACKLOG) return false;
      out.write(chunk);
      return true;
    },
    drained: () =>
      !out.writableNeedDrain || out.destroyed
        ? Promise.resolve()
        : new Promise((resolve) => {
            const done = () => {
              out.off('drain', done);
              out.off('close', done);
              resolve();
            };
            out.on('drain', done);
            out.on('close', done);
          }),
    end: () => {
      if (!out.writableEnded) out.end();
    },
    onClose: (fn) => void out.once('close', fn),
  };
}

/** A Response body that the stream writes into. */
export function bodySink(): { body: ReadableStream<Uint8Array>; sink: SseSink } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  let closed: (() => void) | null = null;
  const waiters: (() => void)[] = [];
  const release = () => {
    for (const w of waiters.splice(0)) w();
  };
  const gone = () => {
    if (!open) return;
    open = false;
    release();
    closed?.();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      pull: release, // the queue is empty and the reader asks for more
      cancel: gone,
    },
    // nothing is held ahead of the reader: `desiredSize` is minus the bytes queued
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  const behind = () => -(controller.desiredSize ?? 0);
  return {
    body,
    sink: {
      write(chunk) {
        if (!open) return true;
        if (behind() > MAX_BACKLOG) return false;
        controller.enqueue(chunk);
        return true;
      },
      drained: () => (!open || behind() <= 0 ? Promise.resolve() : new Promise((r) => waiters.push(r))),
      end() {
        if (!open) return;
        open = false;
        release();
        controller.close();
      },
      onClose: (fn) => void (closed = fn),
    },
  };
}
