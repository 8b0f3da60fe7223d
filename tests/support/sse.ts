/**
 * Reading a server-sent event stream in a test: in-process (`app.request()` answers with a
 * streaming Response) or over HTTP (`fetch`).
 *
 *   const sse = sseReader(await t.request('/live'));
 *   const ready = await sse.next();                       // { event: 'ready', data, id }
 *   const hold = await sse.until((e) => e.event === 'stone');   // skips heartbeats and others
 *   await sse.close();                                     // cancels the body: the server sees the client leave
 *
 * Every wait has a timeout (ms) and fails naming what it waited for. The default, 10 s, only
 * bounds a failure: an event usually comes within milliseconds, but on a machine whose cores
 * are all busy a PostgreSQL notification can take seconds (how fast events arrive is the
 * benchmarks' to measure, `bench/live.ts`). Heartbeat comments
 * (`: ping`) come as events named `comment`; `next()` returns them, `until()` passes them by.
 */

export type SseEvent = {
  /** the event name (`message` when the frame names none; `comment` for a `:` line; `retry` for a lone retry hint) */
  event: string;
  data: string;
  id?: string;
  retry?: number;
};

export type SseReader = ReturnType<typeof sseReader>;

const WAIT_MS = 10_000;

function parseFrame(frame: string): SseEvent | null {
  const e: SseEvent = { event: 'message', data: '' };
  const data: string[] = [];
  let comment: string | null = null;
  let fields = 0;
  for (const line of frame.split(/\r\n|\r|\n/)) {
    if (line.startsWith(':')) {
      comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields++;
    if (name === 'event') e.event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id') e.id = value;
    else if (name === 'retry') e.retry = Number(value);
  }
  if (fields === 0) return comment === null ? null : { event: 'comment', data: comment };
  e.data = data.join('\n');
  if (data.length === 0 && e.retry !== undefined && e.event === 'message') e.event = 'retry';
  return e;
}

export function sseReader(res: Response) {
  if (!res.body) throw new Error(`no stream to read (status ${res.status})`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const queue: SseEvent[] = [];
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  const take = (): SseEvent | undefined => {
    for (;;) {
      if (queue.length) return queue.shift();
      const cut = buffer.search(/\r\n\r\n|\n\n|\r\r/);
      if (cut < 0) return undefined;
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^(\r\n\r\n|\n\n|\r\r)/, '');
      const e = parseFrame(frame);
      if (e) queue.push(e);
    }
  };

  /** The next frame, or null once the stream has ended. */
  const next = async (timeoutMs = WAIT_MS, what = 'the next event'): Promise<SseEvent | null> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const e = take();
      if (e) return e;
      if (ended) return null;
      reading ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), deadline - Date.now())));
      const got = await Promise.race([reading, timeout]);
      clearTimeout(timer);
      if (got === 'timeout') throw new Error(`SSE: no ${what} within ${timeoutMs} ms`);
      reading = null;
      if (got.done) ended = true;
      else buffer += decoder.decode(got.value, { stream: true });
    }
  };

  return {
    next,
    /** Reads until an event matches `pred` (heartbeats and other events pass by); returns what it read, the match last. */
    async until(pred: (e: SseEvent) => boolean, timeoutMs = WAIT_MS, what = 'matching event'): Promise<SseEvent[]> {
      const seen: SseEvent[] = [];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const e = await next(Math.max(1, deadline - Date.now()), what);
        if (!e) throw new Error(`SSE: the stream ended before a ${what}`);
        seen.push(e);
        if (pred(e)) return seen;
      }
    },
    /** Every event (heartbeats left out) that arrives within `ms`: for "nothing else came". */
    async drain(ms: number): Promise<SseEvent[]> {
      const seen: SseEvent[] = [];
      const deadline = Date.now() + ms;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) return seen;
        let e: SseEvent | null;
        try {
          e = await next(left);
        } catch {
          return seen;
        }
        if (!e) return seen;
        if (e.event !== 'comment') seen.push(e);
      }
    },
    get ended() {
      return ended;
    },
    /** Cancels the body (the client leaves). */
    async close(): Promise<void> {
      ended = true;
      await reader.cancel().catch(() => undefined);
    },
  };
}

/** The JSON of an event's data. */
export const dataOf = <T = Record<string, unknown>>(e: SseEvent): T => JSON.parse(e.data) as T;
