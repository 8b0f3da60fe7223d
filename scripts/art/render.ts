/**
 * Orthographic projection of stone meshes and their SVG: hidden faces culled (the stones
 * are convex, or nearly), faces painted back to front. Two looks: `line` (thin #111
 * strokes, the storefront's shape images) and `shaded` (greys from a studio environment
 * reflected in each facet, for gallery pictures and the 360 frames).
 */
import type { Mesh, Part, V3 } from './mesh.ts';

export type Camera = { yaw: number; pitch: number };
export type P = [number, number];
export type Projected = { pts: P[]; idx: number[]; depth: number; part: Part; normal: V3 };
export type Placement = { x: number; y: number; scale: number };

const rad = (d: number) => (d * Math.PI) / 180;

function newell(v: V3[], idx: number[]): V3 {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < idx.length; i++) {
    const a = v[idx[i]!]!;
    const b = v[idx[(i + 1) % idx.length]!]!;
    nx += (a[1] - b[1]) * (a[2] + b[2]);
    ny += (a[2] - b[2]) * (a[0] + b[0]);
    nz += (a[0] - b[0]) * (a[1] + b[1]);
  }
  const len = Math.hypot(nx, ny, nz) || 1;
  return [nx / len, ny / len, nz / len];
}

/**
 * Projects a mesh: screen x right, y down, in mesh units; only faces turned to the viewer
 * (`back`: only those turned away, e.g. the pavilion seen through the table).
 */
export function project(mesh: Mesh, cam: Camera, which: 'front' | 'back' = 'front'): Projected[] {
  const cy = Math.cos(rad(cam.yaw));
  const sy = Math.sin(rad(cam.yaw));
  const cp = Math.cos(rad(cam.pitch));
  const sp = Math.sin(rad(cam.pitch));
  const centroid = mesh.v
    .reduce<V3>((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]], [0, 0, 0])
    .map((c) => c / mesh.v.length) as V3;
  const rot = ([x, y, z]: V3): V3 => [x * cy + z * sy, y, -x * sy + z * cy];
  const screen = mesh.v.map((p) => {
    const [x, y, z] = rot(p);
    return { p: [x, -(y * cp - z * sp)] as P, depth: y * sp + z * cp };
  });
  const out: Projected[] = [];
  for (const f of mesh.faces) {
    let n = newell(mesh.v, f.idx);
    const c = f.idx.reduce<V3>((s, i) => [s[0] + mesh.v[i]![0], s[1] + mesh.v[i]![1], s[2] + mesh.v[i]![2]], [0, 0, 0]);
    const k = f.idx.length;
    const outward = (c[0] / k - centroid[0]) * n[0] + (c[1] / k - centroid[1]) * n[1] + (c[2] / k - centroid[2]) * n[2];
    if (outward < 0) n = [-n[0], -n[1], -n[2]];
    const r = rot(n);
    const facing = r[1] * sp + r[2] * cp;
    if (which === 'front' ? facing <= 1e-6 : facing >= -1e-6) continue;
    const depth = f.idx.reduce((s, i) => s + screen[i]!.depth, 0) / k;
    out.push({ pts: f.idx.map((i) => screen[i]!.p), idx: f.idx, depth, part: f.part, normal: n });
  }
  return out.sort((a, b) => a.depth - b.depth);
}

export const bounds = (pts: P[]) => {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of pts) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1, w: x1 - x0, h: y1 - y0 };
};

/** Placement that fits `faces` centred in a box (x, y, w, h). */
export function fit(faces: Projected[], box: { x: number; y: number; w: number; h: number }): Placement {
  const b = bounds(faces.flatMap((f) => f.pts));
  const scale = Math.min(box.w / b.w, box.h / b.h);
  return {
    scale,
    x: box.x + box.w / 2 - ((b.x0 + b.x1) / 2) * scale,
    y: box.y + box.h / 2 - ((b.y0 + b.y1) / 2) * scale,
  };
}

export const num = (n: number) => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};
const place = ([x, y]: P, at: Placement): string => `${num(x * at.scale + at.x)} ${num(y * at.scale + at.y)}`;

/** The visible edges of a stone, each drawn once, chained into as few strokes as possible. */
export function edgePath(faces: Projected[], at: Placement): string {
  const seen = new Set<string>();
  const adj = new Map<number, number[]>();
  const pos = new Map<number, P>();
  for (const f of faces) {
    f.idx.forEach((a, i) => {
      const b = f.idx[(i + 1) % f.idx.length]!;
      pos.set(a, f.pts[i]!);
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      if (seen.has(key)) return;
      seen.add(key);
      adj.set(a, [...(adj.get(a) ?? []), b]);
      adj.set(b, [...(adj.get(b) ?? []), a]);
    });
  }
  const used = new Set<string>();
  const parts: string[] = [];
  const take = (a: number, b: number) => used.add(a < b ? `${a}-${b}` : `${b}-${a}`);
  const free = (a: number, b: number) => !used.has(a < b ? `${a}-${b}` : `${b}-${a}`);
  // start chains at odd-degree vertices first so long outlines come out as one stroke
  const starts = [...adj.keys()].sort((a, b) => (adj.get(b)!.length % 2) - (adj.get(a)!.length % 2) || a - b);
  for (const s of starts) {
    for (;;) {
      const next = adj.get(s)!.find((b) => free(s, b));
      if (next === undefined) break;
      let cur = s;
      let nxt: number | undefined = next;
      let d = `M${place(pos.get(cur)!, at)}`;
      while (nxt !== undefined) {
        take(cur, nxt);
        d += `L${place(pos.get(nxt)!, at)}`;
        cur = nxt;
        nxt = adj.get(cur)!.find((b) => free(cur, b));
      }
      parts.push(d);
    }
  }
  return parts.join('');
}

export const facePath = (f: Projected, at: Placement) => `M${f.pts.map((p) => place(p, at)).join('L')}Z`;

/** Convex hull (monotone chain) of points. */
function hull(points: P[]): P[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: P, a: P, b: P) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: P[]) => {
    const h: P[] = [];
    for (const p of list) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, p) <= 0) h.pop();
      h.push(p);
    }
    h.pop();
    return h;
  };
  return [...half(pts), ...half([...pts].reverse())];
}

/** The stone's silhouette (its convex hull), to hide what lies behind it. */
export function silhouettePath(faces: Projected[], at: Placement): string {
  return `M${hull(faces.flatMap((f) => f.pts))
    .map((p) => place(p, at))
    .join('L')}Z`;
}

// ---------------------------------------------------------------- shading

type Light = { dir: V3; power: number; width: number };
const norm = (v: V3): V3 => {
  const l = Math.hypot(...v);
  return [v[0] / l, v[1] / l, v[2] / l];
};
/** A photographer's light tent: bright walls, strip lights, a dark lens opening. */
const LIGHTS: Light[] = [
  { dir: norm([0, 1, 0.1]), power: 0.2, width: 0.8 },
  { dir: norm([0.85, 0.45, 0.2]), power: 0.25, width: 0.9 },
  { dir: norm([-0.75, 0.5, 0.4]), power: 0.25, width: 0.9 },
];

/** Grey level 0..1 of a facet: the studio reflected about its normal, seen from `cam`. */
export function facetTone(n: V3, cam: Camera, part: Part): number {
  if (part === 'table') return 0.86;
  // viewer direction in world space (inverse of the camera rotation)
  const cp = Math.cos(rad(cam.pitch));
  const sp = Math.sin(rad(cam.pitch));
  const cy = Math.cos(rad(cam.yaw));
  const sy = Math.sin(rad(cam.yaw));
  const d: V3 = [-cp * sy, sp, cp * cy];
  const dn = d[0] * n[0] + d[1] * n[1] + d[2] * n[2];
  const r: V3 = [2 * dn * n[0] - d[0], 2 * dn * n[1] - d[1], 2 * dn * n[2] - d[2]];
  const toLens = r[0] * d[0] + r[1] * d[1] + r[2] * d[2];
  const azimuth = Math.atan2(n[2], n[0]) + rad(cam.yaw);
  let tone = 0.6 + 0.25 * r[1] + 0.14 * Math.sin(5 * azimuth + 0.7);
  if (toLens > 0.85) tone = 0.2; // the camera's own dark opening
  for (const l of LIGHTS) {
    const c = r[0] * l.dir[0] + r[1] * l.dir[1] + r[2] * l.dir[2];
    if (c > l.width) tone += l.power * Math.min(1, (c - l.width) / 0.05);
  }
  if (part === 'girdle') tone = 0.62 + tone * 0.2;
  return Math.max(0.1, Math.min(0.98, tone));
}

/**
 * The pavilion seen through the table: light returned by two reflections, which a real
 * stone shows as alternating bright and dark mains (and which twinkles as it turns).
 */
export function innerTone(n: V3, cam: Camera): number {
  const azimuth = Math.atan2(n[2], n[0]) + rad(cam.yaw) * 1.7;
  const s = Math.sin(3 * azimuth + 0.5) * 0.7 + Math.sin(7 * azimuth) * 0.3;
  if (s > 0.3) return 0.96;
  if (s < -0.45) return 0.14;
  return 0.62 + s * 0.3;
}

export const grey = (t: number) => {
  const v = Math.round(t * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${v}${v}${v}`;
};
