/**
 * The map script loader's back-off: a failed load is retried up to 3 times, each after
 * `attempts * 2^attempts` ms (2, 8, 24 ms), then the failure is reported.
 */
export const MAP_RETRIES = 3;

export const retryDelay = (attempts: number): number => attempts * 2 ** attempts;

/** Delays before each retry, in order. */
export const retrySchedule = (retries = MAP_RETRIES): number[] =>
  Array.from({ length: retries }, (_, i) => retryDelay(i + 1));

export type MapLoaderState = 'initialised' | 'loading' | 'success' | 'failure';
