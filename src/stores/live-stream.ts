/**
 * One connection to the live stream (GET /api/v1/live, server-sent events), with what a
 * browser page needs around it: it keeps the newest sequence it heard, and when the network
 * drops or a node restarts it closes the EventSource and opens a fresh one after a backoff with
 * jitter (reconnect.ts), resuming with `?since=<seq>`; a tab hidden for more than
 * LIVE_HIDDEN_PAUSE_MS closes it, and showing the tab again resumes from the same sequence.
 * `resumeFrom(seq)` goes back to an earlier sequence (a kept copy of the set, current from
 * there, is shown): the stream opens again from it and its events are heard again.
 * The clock and the EventSource are given, so tests drive it with a fake clock.
 */
import {
  LIVE_HIDDEN_PAUSE_MS,
  type LiveMineEvent,
  type LiveReady,
  type LiveResync,
  type LiveStoneEvent,
} from '../domain/live/events.ts';
import { retryDelay } from '../domain/live/reconnect.ts';

/** What the stream needs of an EventSource. */
export type EventSourceLike = {
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void;
  onerror: ((e: Event) => void) | null;
  close(): void;
};

export type LiveStreamStatus = 'off' | 'connecting' | 'open' | 'retrying' | 'paused';

export type LiveStreamDeps = {
  /** the stream's address without the cursor */
  url: string;
  open: (url: string) => EventSourceLike;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (t: unknown) => void;
  random?: () => number;
  onStone: (ev: LiveStoneEvent) => void;
  onMine: (ev: LiveMineEvent) => void;
  onResync: (r: LiveResync) => void;
  onStatus?: (s: LiveStreamStatus) => void;
};

export type LiveStream = {
  start(): void;
  stop(): void;
  /** the page was hidden (the stream pauses after LIVE_HIDDEN_PAUSE_MS) or shown again */
  visibility(hidden: boolean): void;
  /** hears again every event after `seq` (from a reconnection), if the stream is ahead of it or has no cursor yet */
  resumeFrom(seq: number): void;
  readonly seq: number;
  readonly status: LiveStreamStatus;
};

const parse = <T>(e: MessageEvent<string>): T | null => {
  try {
    return JSON.parse(e.data) as T;
  } catch {
    return null;
  }
};

export function liveStream(deps: LiveStreamDeps): LiveStream {
  let source: EventSourceLike | null = null;
  let seq = 0;
  let attempt = 0;
  let retryTimer: unknown = null;
  let hideTimer: unknown = null;
  let status: LiveStreamStatus = 'off';
  /** the next connection resumes from `seq` even at 0 (a set current from before any change) */
  let resumeAtSeq = false;

  const setStatus = (s: LiveStreamStatus) => {
    status = s;
    deps.onStatus?.(s);
  };
  const heard = (n: number | null | undefined) => {
    if (typeof n === 'number' && n > seq) seq = n;
  };
  const close = () => {
    source?.close();
    source = null;
  };
  const clearRetry = () => {
    if (retryTimer != null) deps.clearTimer(retryTimer);
    retryTimer = null;
  };

  function connect() {
    clearRetry();
    close();
    setStatus('connecting');
    const fromNow = seq === 0 && !resumeAtSeq;
    const es = deps.open(fromNow ? deps.url : `${deps.url}?since=${seq}`);
    resumeAtSeq = false;
    source = es;
    const mine = (fn: (e: MessageEvent<string>) => void) => (e: MessageEvent<string>) => {
      if (source === es) fn(e);
    };
    es.addEventListener(
      'ready',
      mine((e) => {
        attempt = 0;
        const r = parse<LiveReady>(e);
        if (fromNow && r) heard(r.seq); // a first connection starts from now
        setStatus('open');
      }),
    );
    es.addEventListener(
      'stone',
      mine((e) => {
        const ev = parse<LiveStoneEvent>(e);
        if (!ev || !(ev.seq > seq)) return; // already heard (a resumed connection may repeat)
        heard(ev.seq);
        deps.onStone(ev);
      }),
    );
    es.addEventListener(
      'mine',
      mine((e) => {
        const ev = parse<LiveMineEvent>(e);
        // its sequence is its change's, whose `stone` event may follow: the cursor is left alone
        if (ev) deps.onMine(ev);
      }),
    );
    es.addEventListener(
      'resync',
      mine((e) => {
        const r = parse<LiveResync>(e) ?? { reason: 'gap' };
        seq = 0; // the reloaded set is the new starting point; the next `ready` gives the cursor
        deps.onResync(r);
      }),
    );
    es.onerror = () => {
      if (source !== es) return;
      // our own backoff, not the EventSource's fixed retry: close it and try again later
      close();
      setStatus('retrying');
      retryTimer = deps.setTimer(connect, retryDelay(attempt++, deps.random));
    };
  }

  return {
    start() {
      if (status === 'off') connect();
    },
    stop() {
      clearRetry();
      if (hideTimer != null) deps.clearTimer(hideTimer);
      hideTimer = null;
      close();
      setStatus('off');
    },
    visibility(hidden) {
      if (status === 'off') return;
      if (hidden) {
        if (hideTimer == null && status !== 'paused')
          hideTimer = deps.setTimer(() => {
            hideTimer = null;
            clearRetry();
            close();
            setStatus('paused');
          }, LIVE_HIDDEN_PAUSE_MS);
        return;
      }
      if (hideTimer != null) deps.clearTimer(hideTimer);
      hideTimer = null;
      if (status === 'paused') {
        attempt = 0;
        connect();
      }
    },
    resumeFrom(from) {
      if (status === 'off' || (seq > 0 && from >= seq)) return;
      seq = from;
      resumeAtSeq = true;
      if (status === 'paused') return; // it opens from there when the page is shown again
      attempt = 0;
      connect();
    },
    get seq() {
      return seq;
    },
    get status() {
      return status;
    },
  };
}
