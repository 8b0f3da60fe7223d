/**
 * A small seeded PRNG (mulberry32) and the sampling helpers the demo data is drawn with.
 * Every stone gets its own stream (`streamFor(i)`), so stone i is the same whatever the
 * total number of stones: `--stones 500` is a prefix of `--stones 50000`.
 */
export type Rng = () => number;

export const SEED = 0x46616365; // "Face"

/** mulberry32: 32-bit state, period 2^32, good enough for demo data and very fast. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An independent stream for item `i` of a named sequence. */
export function streamFor(i: number, salt = 0): Rng {
  // spread neighbouring indices apart (golden-ratio increment, then a murmur-style mix)
  let h = (SEED ^ Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return mulberry32((h ^ (h >>> 16)) >>> 0);
}

/** Uniform real in [min, max). */
export const between = (rng: Rng, min: number, max: number) => min + (max - min) * rng();

/** Uniform integer in [min, max]. */
export const intBetween = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

export const chance = (rng: Rng, p: number) => rng() < p;

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Picks a key by weight: `weighted(rng, [['a', 3], ['b', 1]])` gives 'a' 75% of the time. */
export function weighted<T>(rng: Rng, table: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, w] of table) total += w;
  let r = rng() * total;
  for (const [item, w] of table) {
    r -= w;
    if (r < 0) return item;
  }
  const last = table[table.length - 1];
  if (!last) throw new Error('weighted pick from an empty table');
  return last[0];
}

/** Roughly normal (sum of three uniforms), clamped to [min, max]. */
export function bell(rng: Rng, mean: number, spread: number, min = -Infinity, max = Infinity): number {
  const z = (rng() + rng() + rng() - 1.5) / 0.5; // about -3..3, sd 1
  return Math.min(max, Math.max(min, mean + z * spread));
}

/** Rounds to `dp` decimal places (for weights, percentages and millimetres). */
export const round = (x: number, dp: number) => {
  const f = 10 ** dp;
  return Math.round(x * f) / f;
};

/** A string of `n` random digits (certificate numbers). */
export function digits(rng: Rng, n: number): string {
  let s = String(intBetween(rng, 1, 9));
  while (s.length < n) s += String(intBetween(rng, 0, 9));
  return s;
}
