/**
 * Faceted stone meshes built from a girdle outline (outlines.ts). Coordinates: x across,
 * y up (crown positive, pavilion negative), z along the length. Proportions are those of
 * a well-cut stone in widths: crown 15 %, girdle 3 %, pavilion 43 %, table 56 %.
 */
import type { Outline, P2 } from './outlines.ts';

export type V3 = [number, number, number];
export type Part = 'table' | 'crown' | 'girdle' | 'pavilion';
export type Face = { idx: number[]; part: Part };
export type Mesh = { v: V3[]; faces: Face[] };

export const GIRDLE = 0.015; // half thickness
export const CROWN = 0.15;
export const PAVILION = 0.43;
export const TABLE = 0.56;

function rayHit(o: Outline, deg: number): P2 {
  const a = (deg * Math.PI) / 180;
  const [cx, cz] = o.centre;
  const dx = Math.cos(a);
  const dz = Math.sin(a) * o.angleRatio;
  let best = 0;
  const n = o.pts.length;
  for (let i = 0; i < n; i++) {
    const [ax, az] = o.pts[i]!;
    const [bx, bz] = o.pts[(i + 1) % n]!;
    const ex = bx - ax;
    const ez = bz - az;
    const den = dx * ez - dz * ex;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((ax - cx) * ez - (az - cz) * ex) / den;
    const s = ((ax - cx) * dz - (az - cz) * dx) / den;
    if (t > 0 && s >= -1e-9 && s <= 1 + 1e-9) best = Math.max(best, t);
  }
  return [cx + dx * best, cz + dz * best];
}

/** The girdle ring: outline points plus the key points, ordered by angle; keys[j] = index. */
function girdleRing(o: Outline): { ring: P2[]; keys: number[] } {
  const [cx, cz] = o.centre;
  const k = 2 * o.m;
  const norm = (deg: number) => (((deg - o.start) % 360) + 360) % 360;
  const angle = ([x, z]: P2) => norm((Math.atan2((z - cz) / o.angleRatio, x - cx) * 180) / Math.PI);
  type Item = { p: P2; a: number; key: number };
  const items: Item[] = [];
  for (let j = 0; j < k; j++) items.push({ p: rayHit(o, o.start + (360 * j) / k), a: (360 * j) / k, key: j });
  const step = 360 / k;
  for (const p of o.pts) {
    const a = angle(p);
    const nearest = Math.round(a / step) * step;
    if (Math.abs(a - nearest) > 0.4) items.push({ p, a, key: -1 }); // skip points next to a key
  }
  items.sort((x, y) => x.a - y.a || y.key - x.key);
  const keys: number[] = new Array(k).fill(0);
  items.forEach((it, i) => {
    if (it.key >= 0) keys[it.key] = i;
  });
  return { ring: items.map((it) => it.p), keys };
}

class Builder {
  v: V3[] = [];
  faces: Face[] = [];
  add(p: V3): number {
    this.v.push(p);
    return this.v.length - 1;
  }
  face(idx: number[], part: Part) {
    const clean = idx.filter((x, i) => x !== idx[(i + 1) % idx.length]);
    if (new Set(clean).size >= 3) this.faces.push({ idx: clean, part });
  }
}

/** Ring indices from key a to key b inclusive (wrapping). */
function slice(ring: number[], from: number, to: number): number[] {
  const out: number[] = [];
  const n = ring.length;
  for (let i = from; ; i = (i + 1) % n) {
    out.push(ring[i]!);
    if (i === to) break;
  }
  return out;
}

function brilliantMesh(o: Outline): Mesh {
  const b = new Builder();
  const { ring, keys } = girdleRing(o);
  const [cx, cz] = o.centre;
  const m = o.m;
  const up = ring.map(([x, z]) => b.add([x, GIRDLE, z]));
  const down = ring.map(([x, z]) => b.add([x, -GIRDLE, z]));
  const key = (j: number) => ring[keys[((j % (2 * m)) + 2 * m) % (2 * m)]!]!;
  const toward = ([x, z]: P2, s: number, y: number): V3 => [cx + (x - cx) * s, y, cz + (z - cz) * s];
  const table = TABLE;
  const star = 0.77;
  const lower = 0.23;
  const top = GIRDLE + CROWN;
  const T = Array.from({ length: m }, (_, k) => b.add(toward(key(2 * k), table, top)));
  const S = Array.from({ length: m }, (_, k) =>
    b.add(toward(key(2 * k + 1), star, GIRDLE + (CROWN * (1 - star)) / (1 - table))),
  );
  const C = b.add([cx, -GIRDLE - PAVILION, cz]);
  const V = Array.from({ length: m }, (_, k) => b.add(toward(key(2 * k + 1), lower, -GIRDLE - PAVILION * (1 - lower))));
  const kidx = (j: number) => keys[((j % (2 * m)) + 2 * m) % (2 * m)]!;
  const at = (k: number) => ((k % m) + m) % m;

  b.face(T, 'table');
  for (let k = 0; k < m; k++) {
    b.face([T[k]!, T[at(k + 1)]!, S[k]!], 'crown');
    b.face([T[k]!, S[k]!, up[kidx(2 * k)]!, S[at(k - 1)]!], 'crown');
    b.face([S[k]!, ...slice(up, kidx(2 * k), kidx(2 * k + 1))], 'crown');
    b.face([S[k]!, ...slice(up, kidx(2 * k + 1), kidx(2 * k + 2))], 'crown');
    b.face([C, V[at(k - 1)]!, down[kidx(2 * k)]!, V[k]!], 'pavilion');
    b.face([V[k]!, ...slice(down, kidx(2 * k), kidx(2 * k + 1))], 'pavilion');
    b.face([V[k]!, ...slice(down, kidx(2 * k + 1), kidx(2 * k + 2))], 'pavilion');
  }
  for (let j = 0; j < 2 * m; j++) {
    const upper = slice(up, kidx(j), kidx(j + 1));
    const lowerEdge = slice(down, kidx(j), kidx(j + 1)).reverse();
    b.face([...upper, ...lowerEdge], 'girdle');
  }
  return { v: b.v, faces: b.faces };
}

/** Inset of a convex polygon by distance d (each edge moved inwards, neighbours intersected). */
function inset(pts: P2[], d: number): P2[] {
  if (d === 0) return pts;
  const n = pts.length;
  let area = 0;
  for (let i = 0; i < n; i++) {
    const [ax, az] = pts[i]!;
    const [bx, bz] = pts[(i + 1) % n]!;
    area += ax * bz - bx * az;
  }
  const sign = area > 0 ? 1 : -1;
  const lines = pts.map((a, i) => {
    const bp = pts[(i + 1) % n]!;
    const ex = bp[0] - a[0];
    const ez = bp[1] - a[1];
    const len = Math.hypot(ex, ez);
    const nx = (-ez / len) * sign;
    const nz = (ex / len) * sign;
    return { p: [a[0] + nx * d, a[1] + nz * d] as P2, e: [ex, ez] as P2 };
  });
  return pts.map((_, i) => {
    const l1 = lines[(i - 1 + n) % n]!;
    const l2 = lines[i]!;
    const den = l1.e[0] * l2.e[1] - l1.e[1] * l2.e[0];
    const t = ((l2.p[0] - l1.p[0]) * l2.e[1] - (l2.p[1] - l1.p[1]) * l2.e[0]) / den;
    return [l1.p[0] + l1.e[0] * t, l1.p[1] + l1.e[1] * t] as P2;
  });
}

function stepMesh(o: Outline): Mesh {
  const b = new Builder();
  const [cx, cz] = o.centre;
  const ringAt = (pts: P2[], y: number) => pts.map(([x, z]) => b.add([x, y, z]));
  const crown = [
    ringAt(o.pts, GIRDLE),
    ringAt(inset(o.pts, 0.06), GIRDLE + CROWN * 0.45),
    ringAt(inset(o.pts, 0.12), GIRDLE + CROWN * 0.8),
    ringAt(inset(o.pts, 0.17), GIRDLE + CROWN),
  ];
  const pav = [0, 0.09, 0.18, 0.26].map((d) => ringAt(inset(o.pts, d), -GIRDLE - PAVILION * (d / 0.36)));
  const half = o.keel / 2;
  pav.push(
    ringAt(
      o.pts.map(([, z]) => [cx, Math.min(cz + half, Math.max(cz - half, z))] as P2),
      -GIRDLE - PAVILION,
    ),
  );
  const n = o.pts.length;
  const band = (r1: number[], r2: number[], part: 'crown' | 'pavilion' | 'girdle') => {
    for (let i = 0; i < n; i++) b.face([r1[i]!, r1[(i + 1) % n]!, r2[(i + 1) % n]!, r2[i]!], part);
  };
  for (let r = 0; r < crown.length - 1; r++) band(crown[r]!, crown[r + 1]!, 'crown');
  b.face(crown[crown.length - 1]!, 'table');
  band(crown[0]!, pav[0]!, 'girdle');
  for (let r = 0; r < pav.length - 1; r++) band(pav[r]!, pav[r + 1]!, 'pavilion');
  return { v: b.v, faces: b.faces };
}

export function buildMesh(o: Outline): Mesh {
  return o.style === 'step' ? stepMesh(o) : brilliantMesh(o);
}
