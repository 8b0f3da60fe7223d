/**
 * Where the price chart draws: prices per carat to horizontal positions in percent of the
 * strip (so the SVG stretches with its box and its dots stay round), and which way a label
 * anchors so it stays inside the strip.
 */

/** The strip keeps this much of each side (percent) free, so the end ticks and labels fit. */
const INSET = 4;

export type Scale = (price: number) => number;

/** A scale over the lowest and highest of `prices` (this stone's included); one price sits in the middle. */
export function stripScale(prices: readonly number[]): Scale {
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  if (!(hi > lo)) return () => 50;
  return (p) => INSET + ((p - lo) / (hi - lo)) * (100 - 2 * INSET);
}

/** A label near the left edge starts at its mark, near the right edge ends there, else is centred on it. */
export function labelAnchor(x: number): 'start' | 'middle' | 'end' {
  return x < 15 ? 'start' : x > 85 ? 'end' : 'middle';
}

/** '37.5%' for an SVG attribute. */
export const pct = (x: number) => `${Math.round(x * 100) / 100}%`;
