/** The bag snackbars come one after the other, each for its own 10 s. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $snacks, BAG_SNACKBAR_MS, dismissSnack, showSnack } from '../../src/islands/bag/snackbar.ts';

const shown = () => $snacks.get()[0]?.title;

describe('bag snackbars', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const s of $snacks.get()) dismissSnack(s.id);
    vi.useRealTimers();
  });

  it('show one at a time: the success waits until the warning is closed', () => {
    const warning = showSnack('warning', 'Sending', '…');
    showSnack('success', 'Success', '…');
    expect(shown()).toBe('Sending');
    dismissSnack(warning);
    expect(shown()).toBe('Success');
  });

  it('start the 10 s of a waiting snack only when it shows', () => {
    showSnack('warning', 'Sending', '…');
    showSnack('success', 'Success', '…');
    vi.advanceTimersByTime(BAG_SNACKBAR_MS - 1);
    expect(shown()).toBe('Sending');
    vi.advanceTimersByTime(1);
    expect(shown()).toBe('Success');
    vi.advanceTimersByTime(BAG_SNACKBAR_MS - 1);
    expect(shown()).toBe('Success');
    vi.advanceTimersByTime(1);
    expect($snacks.get()).toEqual([]);
  });
});
