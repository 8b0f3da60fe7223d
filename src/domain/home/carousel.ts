/**
 * Carousel maths: desktop shows 4.2 columns, the selected index starts at 0, the left arrow is
 * hidden at the first item and the right arrow at the last; a drag past 10 px is a swipe; the
 * slider shows a 2-digit position and the total.
 */
export const DESKTOP_COLUMNS = 4.2;
export const SWIPE_THRESHOLD_PX = 10;
export const PHONE_CARD = { width: 185, height: 330, margin: 24 } as const;
export const MAX_ITEMS = 100;

export const clampIndex = (index: number, count: number): number =>
  count <= 0 ? 0 : Math.min(Math.max(0, Math.round(index)), count - 1);

export function arrows(index: number, count: number): { prev: boolean; next: boolean } {
  return { prev: count > 0 && index > 0, next: count > 0 && index < count - 1 };
}

/** '01', '09', '12', '100' */
export const twoDigits = (n: number): string => String(Math.max(0, Math.trunc(n))).padStart(2, '0');

/** The counter of the slider: position (1-based) and total, both 2-digit. */
export function counter(index: number, count: number): { position: string; total: string } {
  return { position: twoDigits(count === 0 ? 0 : clampIndex(index, count) + 1), total: twoDigits(count) };
}

/** A drag of dx px from `index`: past the threshold it moves one item the other way. */
export function swipe(index: number, count: number, dx: number): number {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return clampIndex(index, count);
  return clampIndex(index + (dx < 0 ? 1 : -1), count);
}

/**
 * Track offset (px, as a positive scroll) that centres item `index` in a viewport `width`
 * wide showing `columns` columns, kept within the track's ends.
 */
export function trackOffset(index: number, count: number, width: number, columns = DESKTOP_COLUMNS): number {
  if (count === 0 || width <= 0) return 0;
  const item = width / columns;
  const max = Math.max(0, count * item - width);
  const centred = (clampIndex(index, count) + 0.5) * item - width / 2;
  return Math.min(Math.max(0, centred), max);
}
