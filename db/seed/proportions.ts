/**
 * Proportions and measurements consistent with shape and weight.
 *
 * Weight estimates use the trade formulas `ct = L x W x D x k` (round: `d² x D x 0.0061`),
 * solved for the width given a length/width ratio and a depth %, so a 1 ct round comes out
 * at about 6.4-6.5 mm and the diameter scales with the cube root of the weight.
 * Depth % = crown % + girdle % + pavilion % (all of the width); the culet field holds the
 * pavilion angle in degrees, atan(pavilion % / 50).
 */
import { between, bell, round, type Rng } from './random.ts';

type Span = readonly [number, number];
export type ShapeProfile = { ratio: Span; depth: Span; table: Span; crown: Span; k: number };

const PROFILES: Record<string, ShapeProfile> = {
  round: { ratio: [1.0, 1.012], depth: [59.2, 63.0], table: [53, 60], crown: [13.0, 16.0], k: 0.0061 },
  oval: { ratio: [1.3, 1.52], depth: [58, 65], table: [53, 63], crown: [10, 15], k: 0.0062 },
  cushion: { ratio: [1.0, 1.2], depth: [61, 71], table: [58, 68], crown: [9, 14], k: 0.0081 },
  emerald: { ratio: [1.3, 1.55], depth: [61, 69], table: [60, 70], crown: [9, 13], k: 0.0088 },
  princess: { ratio: [1.0, 1.05], depth: [68, 76], table: [66, 76], crown: [8, 12], k: 0.0083 },
  pear: { ratio: [1.45, 1.75], depth: [58, 64], table: [54, 62], crown: [10, 15], k: 0.0059 },
  radiant: { ratio: [1.0, 1.35], depth: [62, 70], table: [61, 70], crown: [9, 13], k: 0.0081 },
  marquise: { ratio: [1.8, 2.2], depth: [58, 63], table: [53, 63], crown: [10, 15], k: 0.0058 },
  asscher: { ratio: [1.0, 1.05], depth: [62, 70], table: [60, 68], crown: [10, 14], k: 0.008 },
  heart: { ratio: [0.9, 1.1], depth: [58, 63], table: [54, 62], crown: [10, 15], k: 0.0059 },
  trilliant: { ratio: [0.98, 1.05], depth: [38, 48], table: [56, 66], crown: [6, 10], k: 0.0057 },
  baguette: { ratio: [2.0, 3.0], depth: [60, 70], table: [62, 72], crown: [9, 13], k: 0.0092 },
  tapered: { ratio: [2.0, 3.0], depth: [60, 70], table: [62, 72], crown: [9, 13], k: 0.0085 },
  trapezoid: { ratio: [1.4, 1.9], depth: [55, 65], table: [60, 70], crown: [8, 12], k: 0.0075 },
  'old cut/european cut': { ratio: [1.0, 1.03], depth: [60, 68], table: [40, 52], crown: [15, 19], k: 0.0061 },
};
const OTHER: ShapeProfile = { ratio: [1.0, 1.3], depth: [58, 68], table: [55, 66], crown: [9, 14], k: 0.0068 };

export const profileFor = (shape: string): ShapeProfile => PROFILES[shape.toLowerCase()] ?? OTHER;

export type Proportions = {
  depthTotal: number;
  tablePct: number;
  culet: number;
  depthCrown: number;
  depthGirdle: number;
  depthPavilion: number;
  mes1: number;
  mes2: number;
  mes3: number;
};

/** Draws proportions for a single stone and its measurements (mm) from its weight. */
export function proportionsFor(rng: Rng, shape: string, weight: number): Proportions {
  const p = profileFor(shape);
  const isRound = shape.toLowerCase() === 'round';
  const depthMid = (p.depth[0] + p.depth[1]) / 2;
  const depth = bell(rng, depthMid, (p.depth[1] - p.depth[0]) / 6, p.depth[0], p.depth[1]);
  const crown = between(rng, p.crown[0], p.crown[1]);
  const girdle = between(rng, 2.5, isRound ? 4.2 : 5.0);
  const pavilion = Math.max(20, depth - crown - girdle);
  const depthCrown = round(crown, 1);
  const depthGirdle = round(girdle, 1);
  const depthPavilion = round(pavilion, 1);
  const depthTotal = round(depthCrown + depthGirdle + depthPavilion, 1);
  const tablePct = Math.round(between(rng, p.table[0], p.table[1]));
  const culet = round((Math.atan(depthPavilion / 50) * 180) / Math.PI, 1);

  const ratio = between(rng, p.ratio[0], p.ratio[1]);
  const width = Math.cbrt(weight / (ratio * (depthTotal / 100) * p.k));
  const length = width * ratio;
  // mes1 is the length (for rounds the maximum diameter), mes2 the width, mes3 the depth
  const mes1 = round(length, 2);
  const mes2 = round(isRound ? Math.min(width, mes1) : width, 2);
  const mes3 = round(width * (depthTotal / 100), 2);
  return { depthTotal, tablePct, culet, depthCrown, depthGirdle, depthPavilion, mes1, mes2, mes3 };
}

/** Typical dimensions (mm) of one stone in a parcel: `mm` is the size class's width. */
export function parcelMeasurements(rng: Rng, shape: string, mm: number): { mes1: number; mes2: number; mes3: number } {
  const p = profileFor(shape);
  const ratio = between(rng, p.ratio[0], p.ratio[1]);
  const depth = (p.depth[0] + p.depth[1]) / 2;
  const width = mm / Math.sqrt(ratio);
  return { mes1: round(width * ratio, 2), mes2: round(width, 2), mes3: round((width * depth) / 100, 2) };
}
