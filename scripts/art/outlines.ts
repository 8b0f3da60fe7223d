/**
 * Girdle outlines of the shapes with artwork, in the stone's plane: u across (width 1),
 * v along the length (top view: v grows downwards). Each outline also says how to facet it:
 * `brilliant` (table, stars, kites, halves) with `m` mains starting at angle `start`, or
 * `step` (concentric steps, emerald style).
 */
export type P2 = [number, number];
export type Outline = {
  /** closed polygon, dense along curves, exact at corners */
  pts: P2[];
  centre: P2;
  /** v is divided by this before taking angles, so elongated shapes are sampled evenly */
  angleRatio: number;
  style: 'brilliant' | 'step';
  m: number;
  /** degrees; the first main (a table corner and a kite) points this way (-90 = up) */
  start: number;
  /** step cuts: length of the pavilion's keel line */
  keel: number;
};

const rad = (deg: number) => (deg * Math.PI) / 180;
const arc = (cx: number, cy: number, r: number, from: number, to: number, n: number): P2[] =>
  Array.from({ length: n + 1 }, (_, i) => {
    const a = rad(from + ((to - from) * i) / n);
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as P2;
  });

function ellipse(a: number, b: number, n = 96): P2[] {
  return Array.from({ length: n }, (_, i) => {
    const t = (2 * Math.PI * i) / n;
    return [a * Math.cos(t), b * Math.sin(t)] as P2;
  });
}

/** Rectangle w x l with 45° corner cuts of size c (c = 0: plain rectangle). */
function cutRect(w: number, l: number, c: number): P2[] {
  const x = w / 2;
  const y = l / 2;
  if (c <= 0)
    return [
      [-x, -y],
      [x, -y],
      [x, y],
      [-x, y],
    ];
  return [
    [-x + c, -y],
    [x - c, -y],
    [x, -y + c],
    [x, y - c],
    [x - c, y],
    [-x + c, y],
    [-x, y - c],
    [-x, -y + c],
  ];
}

/** Superellipse |u/a|^n + |v/b|^n = 1: a cushion's pillow outline. */
function superellipse(a: number, b: number, n: number, count = 96): P2[] {
  return Array.from({ length: count }, (_, i) => {
    const t = (2 * Math.PI * i) / count;
    const c = Math.cos(t);
    const s = Math.sin(t);
    return [a * Math.sign(c) * Math.abs(c) ** (2 / n), b * Math.sign(s) * Math.abs(s) ** (2 / n)] as P2;
  });
}

function marquise(l: number): P2[] {
  // two circular arcs through the tips (0, ±l/2) and the sides (±0.5, 0)
  const d = (l * l) / 4 - 0.25;
  const r = 0.5 + d;
  const phi = (Math.asin(l / 2 / r) * 180) / Math.PI;
  return [...arc(-d, 0, r, -phi, phi, 40).slice(0, -1), ...arc(d, 0, r, 180 - phi, 180 + phi, 40).slice(0, -1)];
}

function pear(l: number): P2[] {
  // round end at the bottom, point at the top; sides are cubic curves into the point
  const cb = l / 2 - 0.5;
  const bottom = arc(0, cb, 0.5, 0, 180, 40);
  const side = (sign: number): P2[] =>
    Array.from({ length: 31 }, (_, i) => {
      const t = i / 30;
      const p0: P2 = [sign * 0.5, cb];
      const p1: P2 = [sign * 0.5, cb - 0.45 * l];
      const p2: P2 = [sign * 0.16, -l / 2 + 0.12];
      const p3: P2 = [0, -l / 2];
      const k = (a: number, b: number, c: number, e: number) =>
        (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t * t * c + t ** 3 * e;
      return [k(p0[0], p1[0], p2[0], p3[0]), k(p0[1], p1[1], p2[1], p3[1])];
    });
  // from the right side up to the point, then down the left side, round the bottom
  const right = side(1);
  const left = side(-1).reverse();
  return [
    ...right.slice(0, -1),
    ...left.slice(0, -1),
    ...bottom
      .slice(0, -1)
      .reverse()
      .map(([u, v]) => [-u, v] as P2),
  ];
}

function heart(): P2[] {
  const raw: P2[] = Array.from({ length: 120 }, (_, i) => {
    const t = (2 * Math.PI * i) / 120;
    const x = 16 * Math.sin(t) ** 3;
    const y = 13 * Math.cos(t) - 4 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - 0.6 * Math.cos(4 * t);
    return [x, -y];
  });
  const xs = raw.map((p) => p[0]);
  const w = Math.max(...xs) - Math.min(...xs);
  const ys = raw.map((p) => p[1]);
  const mid = (Math.max(...ys) + Math.min(...ys)) / 2;
  return raw.map(([x, y]) => [x / w, (y - mid) / w]);
}

function trilliant(): P2[] {
  // equilateral triangle, point up, slightly convex sides, centred on its centroid
  const h = Math.sqrt(3) / 2;
  const corners: P2[] = [
    [0, (-2 * h) / 3],
    [0.5, h / 3],
    [-0.5, h / 3],
  ];
  const out: P2[] = [];
  for (let i = 0; i < 3; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % 3]!;
    const nx = b[1] - a[1];
    const ny = -(b[0] - a[0]);
    for (let k = 0; k < 12; k++) {
      const t = k / 12;
      const bulge = 0.05 * 4 * t * (1 - t);
      out.push([a[0] + (b[0] - a[0]) * t + nx * bulge, a[1] + (b[1] - a[1]) * t + ny * bulge]);
    }
  }
  return out;
}

/** A kite: a long point down, a short one up, its widest line a third of the way down. */
function kite(): P2[] {
  const corners: P2[] = [
    [0, -0.45],
    [0.5, -0.1],
    [0, 0.75],
    [-0.5, -0.1],
  ];
  const mid = (Math.max(...corners.map((c) => c[1])) + Math.min(...corners.map((c) => c[1]))) / 2;
  const out: P2[] = [];
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % 4]!;
    for (let k = 0; k < 12; k++) out.push([a[0] + ((b[0] - a[0]) * k) / 12, a[1] + ((b[1] - a[1]) * k) / 12 - mid]);
  }
  return out;
}

const brilliant = (pts: P2[], extra: Partial<Outline> = {}): Outline => ({
  pts,
  centre: [0, 0],
  angleRatio: 1,
  style: 'brilliant',
  m: 8,
  start: -90,
  keel: 0,
  ...extra,
});

export const OUTLINES: Record<string, () => Outline> = {
  round: () => brilliant(ellipse(0.5, 0.5)),
  oval: () => brilliant(ellipse(0.5, 0.68), { angleRatio: 1.36 }),
  cushion: () => brilliant(superellipse(0.5, 0.53, 3.2), { angleRatio: 1.06 }),
  marquise: () => brilliant(marquise(1.95), { angleRatio: 1.95 }),
  pear: () => brilliant(pear(1.55), { angleRatio: 1.55, centre: [0, 0.12] }),
  heart: () => brilliant(heart(), { start: 90, centre: [0, 0.04] }),
  princess: () => brilliant(cutRect(1, 1, 0)),
  radiant: () => brilliant(cutRect(1, 1.22, 0.13), { angleRatio: 1.22 }),
  trilliant: () => brilliant(trilliant(), { m: 6 }),
  kite: () => brilliant(kite(), { angleRatio: 1.2, centre: [0, -0.1] }),
  emerald: () => ({ ...brilliant(cutRect(1, 1.38, 0.16)), style: 'step', keel: 0.38 }),
  asscher: () => ({ ...brilliant(cutRect(1, 1, 0.25)), style: 'step', keel: 0 }),
};

export function outlineFor(shape: string): Outline {
  const make = OUTLINES[shape] ?? OUTLINES.round!;
  return make();
}
