/**
 * Live stock: the stream's reconnect schedule (backoff with jitter, capped), resuming with
 * ?since=<seq>, duplicates after a resume, and the pause of a hidden tab, on a fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_HIDDEN_PAUSE_MS, type LiveStoneEvent } from '../../src/domain/live/events.ts';
import { LIVE_RETRY, retryDelay } from '../../src/domain/live/reconnect.ts';
import { liveStream, type EventSourceLike } from '../../src/stores/live-stream.ts';

class FakeSource implements EventSourceLike {
  listeners = new Map<string, (e: MessageEvent<string>) => void>();
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

let sources: FakeSource[];
let stones: LiveStoneEvent[];
const last = () => sources[sources.length - 1]!;
const stone = (seq: number): LiveStoneEvent => ({ seq, id: seq, code: `FT${seq}`, change: 'left_stock' });

function make(random = () => 0) {
  return liveStream({
    url: '/api/v1/live',
    open: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
    random,
    onStone: (ev) => stones.push(ev),
    onMine: () => {},
    onResync: () => {},
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  stones = [];
});
afterEach(() => vi.useRealTimers());

describe('the reconnect schedule', () => {
  it('doubles from one second, is capped at 30 s, and jitters within half a step', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => retryDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(retryDelay(3, () => 0.999)).toBe(Math.round(8000 * (1 - LIVE_RETRY.jitter * 0.999)));
    for (let k = 0; k < 50; k++) {
      const d = retryDelay(10);
      expect(d).toBeGreaterThanOrEqual(LIVE_RETRY.maxMs / 2);
      expect(d).toBeLessThanOrEqual(LIVE_RETRY.maxMs);
    }
  });

  it('after a drop, opens a fresh stream on schedule resuming from the last sequence', () => {
    const s = make();
    s.start();
    expect(last().url).toBe('/api/v1/live');
    last().send('ready', { seq: 40 });
    last().send('stone', stone(41));
    last().fail();
    expect(s.status).toBe('retrying');
    expect(sources[0]!.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().url).toBe('/api/v1/live?since=41');
    last().fail(); // still down: the next wait is longer
    vi.advanceTimersByTime(1999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    // back: the server repeats what it had; each stone is heard once
    last().send('ready', { seq: 42 });
    last().send('stone', stone(41));
    last().send('stone', stone(42));
    expect(stones.map((e) => e.seq)).toEqual([41, 42]);
    expect(s.status).toBe('open');
    last().fail(); // a ready resets the schedule
    vi.advanceTimersByTime(1000);
    expect(last().url).toBe('/api/v1/live?since=42');
  });

  it('pauses a tab hidden for longer than the limit and resumes from its sequence when shown', () => {
    const s = make();
    s.start();
    last().send('ready', { seq: 7 });
    s.visibility(true);
    vi.advanceTimersByTime(LIVE_HIDDEN_PAUSE_MS - 1);
    s.visibility(false); // shown again in time: nothing happens
    vi.advanceTimersByTime(LIVE_HIDDEN_PAUSE_MS);
    expect(s.status).toBe('open');
    s.visibility(true);
    vi.advanceTimersByTime(LIVE_HIDDEN_PAUSE_MS);
    expect(s.status).toBe('paused');
    expect(last().closed).toBe(true);
    s.visibility(false);
    expect(sources).toHaveLength(2);
    expect(last().url).toBe('/api/v1/live?since=7');
  });
});

describe("the viewer's own events", () => {
  it('a `mine` event does not move the cursor past the stone event of the same change', () => {
    const s = make();
    s.start();
    last().send('ready', { seq: 5 });
    last().send('mine', { seq: 6, what: 'hold', id: 1, stoneId: 6, state: 'active' });
    last().send('stone', stone(6));
    expect(stones.map((e) => e.seq)).toEqual([6]);
    expect(s.seq).toBe(6);
  });
});

describe('going back to a set kept from an earlier visit', () => {
  it('opens again from the set’s sequence and hears its changes again; a set at or past the cursor changes nothing', () => {
    const s = make();
    s.start();
    last().send('ready', { seq: 50 });
    last().send('stone', stone(51));
    s.resumeFrom(60); // current from later than the stream: nothing to hear again
    expect(sources).toHaveLength(1);
    s.resumeFrom(30);
    expect(sources[0]!.closed).toBe(true);
    expect(last().url).toBe('/api/v1/live?since=30');
    last().send('ready', { seq: 51 });
    for (const n of [31, 45, 51, 52]) last().send('stone', stone(n));
    expect(stones.map((e) => e.seq)).toEqual([51, 31, 45, 51, 52]);
    expect(s.seq).toBe(52);
  });

  it('before its first `ready`, and from a set current from before any change (0), resumes from there', () => {
    const s = make();
    s.start();
    s.resumeFrom(0);
    expect(last().url).toBe('/api/v1/live?since=0');
    last().send('ready', { seq: 9 });
    expect(s.seq).toBe(0); // the cursor stays at the set's, so its changes 1..9 come again
  });

  it('does nothing when the stream is off, and waits for a paused one to be shown again', () => {
    const s = make();
    s.resumeFrom(3);
    expect(sources).toHaveLength(0);
    s.start();
    last().send('ready', { seq: 20 });
    s.visibility(true);
    vi.advanceTimersByTime(LIVE_HIDDEN_PAUSE_MS);
    expect(s.status).toBe('paused');
    s.resumeFrom(12);
    expect(sources).toHaveLength(1);
    s.visibility(false);
    expect(last().url).toBe('/api/v1/live?since=12');
  });
});
