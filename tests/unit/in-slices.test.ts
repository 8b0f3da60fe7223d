/**
 * Work done while the page is idle (src/lib/in-slices.ts): steps run in short tasks of at most
 * SLICE_MS each, the answer handed over at the end; `finish` runs the rest at once; `stop` drops it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inSlices, SLICE_MS } from '../../src/lib/in-slices.ts';

/** Steps of 3 ms each (on the faked clock), answering how many ran. */
function* steps(count: number, ran: number[]): Generator<void, number> {
  for (let i = 0; i < count; i++) {
    now += 3;
    ran.push(i);
    yield;
  }
  return count;
}

let now = 0;

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('work in slices', () => {
  it('begins after the delay and runs a few steps a task, then hands the answer over', () => {
    const ran: number[] = [];
    const done = vi.fn();
    inSlices(steps(10, ran), done, 300);
    vi.advanceTimersByTime(299);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    // a task runs steps until SLICE_MS have passed (3 ms a step)
    const aTask = Math.ceil(SLICE_MS / 3);
    expect(ran).toHaveLength(aTask);
    expect(done).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(ran).toHaveLength(10);
    expect(done).toHaveBeenCalledExactlyOnceWith(10);
  });

  it('finish runs the rest at once and answers it; nothing is handed over after', () => {
    const ran: number[] = [];
    const done = vi.fn();
    const work = inSlices(steps(10, ran), done, 0);
    expect(ran.length).toBeLessThan(10);
    expect(work.finish()).toBe(10);
    expect(ran).toHaveLength(10);
    vi.runAllTimers();
    expect(done).not.toHaveBeenCalled();
    // asked again, the same answer without running anything
    expect(work.finish()).toBe(10);
  });

  it('stop drops the work', () => {
    const ran: number[] = [];
    const done = vi.fn();
    inSlices(steps(10, ran), done, 50).stop();
    vi.runAllTimers();
    expect(ran).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });
});
