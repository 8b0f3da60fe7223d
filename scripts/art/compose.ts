/**
 * Building blocks for the site's illustrations: documents, grounds, line stones (dark ink
 * on paper or light ink on black), text, a technical profile diagram, a street map.
 */
import { mulberry32 } from '../../db/seed/random.ts';
import { CROWN, GIRDLE, PAVILION, TABLE } from './mesh.ts';
import { fit, num, project, type Camera } from './render.ts';
import { meshFor, occludingStone } from './shapes.ts';

export const INK = '#111';
export const PAPER = '#f6f5f2';
export const BLACK = '#0c0c0c';
export const SERIF = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
export const SANS = "Inter, 'Helvetica Neue', Arial, sans-serif";
export const MONO = "'SFMono-Regular', Menlo, Consolas, monospace";

export type Box = { x: number; y: number; w: number; h: number };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const doc = (w: number, h: number, title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(title)}">` +
  `<title>${esc(title)}</title>${body}</svg>\n`;

export const rect = (w: number, h: number, fill: string) => `<rect width="${w}" height="${h}" fill="${fill}"/>`;

/** A soft light pool on a dark ground (or a soft shade on paper). */
export function glow(cx: number, cy: number, r: number, colour: string, opacity: number, id: string) {
  return (
    `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/>` +
    `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id})"/>`
  );
}

export type Tone = 'light' | 'dark';
const inkOf = (tone: Tone) => (tone === 'dark' ? '#ededed' : INK);
const groundOf = (tone: Tone) => (tone === 'dark' ? BLACK : PAPER);

export function lineStone(shape: string, cam: Camera, box: Box, tone: Tone = 'light', width = 1.4): string {
  const faces = project(meshFor(shape), cam);
  return occludingStone(faces, fit(faces, box), groundOf(tone), inkOf(tone), width);
}

type TextOpts = {
  size: number;
  fill?: string;
  font?: string;
  spacing?: number;
  anchor?: 'start' | 'middle' | 'end';
  weight?: number;
};
export function text(x: number, y: number, s: string, o: TextOpts): string {
  return (
    `<text x="${num(x)}" y="${num(y)}" font-family="${esc(o.font ?? SANS)}" font-size="${o.size}"` +
    (o.weight ? ` font-weight="${o.weight}"` : '') +
    (o.spacing ? ` letter-spacing="${o.spacing}"` : '') +
    ` text-anchor="${o.anchor ?? 'start'}" fill="${o.fill ?? INK}">${esc(s)}</text>`
  );
}

export const rule = (x1: number, y1: number, x2: number, y2: number, stroke = INK, width = 1, opacity = 1) =>
  `<path d="M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}" stroke="${stroke}" stroke-width="${width}"` +
  (opacity < 1 ? ` stroke-opacity="${opacity}"` : '') +
  ' fill="none"/>';

/** Loose stones strewn over a box, none overlapping much (deterministic). */
export function scatter(
  shapes: string[],
  count: number,
  box: Box,
  size: [number, number],
  seed: number,
  tone: Tone = 'light',
) {
  const rng = mulberry32(seed);
  const placed: { x: number; y: number; r: number }[] = [];
  let out = '';
  for (let tries = 0; placed.length < count && tries < count * 60; tries++) {
    const r = (size[0] + (size[1] - size[0]) * rng()) / 2;
    const x = box.x + r + (box.w - 2 * r) * rng();
    const y = box.y + r + (box.h - 2 * r) * rng();
    if (placed.some((p) => Math.hypot(p.x - x, p.y - y) < (p.r + r) * 0.92)) continue;
    placed.push({ x, y, r });
  }
  placed.sort((a, b) => a.y - b.y);
  placed.forEach((p, i) => {
    const shape = shapes[i % shapes.length]!;
    const cam = { yaw: Math.round(rng() * 360), pitch: 45 + Math.round(rng() * 45) };
    out += lineStone(shape, cam, { x: p.x - p.r, y: p.y - p.r, w: 2 * p.r, h: 2 * p.r }, tone, p.r > 40 ? 1.2 : 0.9);
  });
  return out;
}

/** A round brilliant in profile with its proportions dimensioned, like a report's diagram. */
export function proportionDiagram(box: Box, tone: Tone = 'light'): string {
  const ink = inkOf(tone);
  const faces = project(meshFor('round'), { yaw: 90, pitch: 0 });
  const at = fit(faces, box);
  const X = (x: number) => at.x + x * at.scale;
  const Y = (h: number) => at.y - h * at.scale;
  const top = GIRDLE + CROWN;
  const culet = -GIRDLE - PAVILION;
  const right = X(0.5) + 40;
  const label = (x: number, y: number, s: string, anchor: 'start' | 'middle' = 'start') =>
    text(x, y, s, { size: 15, fill: ink, spacing: 1.5, anchor });
  const dim = (y1: number, y2: number, x: number, s: string) =>
    rule(x, y1, x, y2, ink, 0.8) +
    rule(x - 6, y1, x + 6, y1, ink, 0.8) +
    rule(x - 6, y2, x + 6, y2, ink, 0.8) +
    label(x + 14, (y1 + y2) / 2 + 5, s);
  return (
    occludingStone(faces, at, groundOf(tone), ink, 1.4) +
    rule(X(-TABLE / 2), Y(top) - 34, X(TABLE / 2), Y(top) - 34, ink, 0.8) +
    rule(X(-TABLE / 2), Y(top) - 40, X(-TABLE / 2), Y(top) - 28, ink, 0.8) +
    rule(X(TABLE / 2), Y(top) - 40, X(TABLE / 2), Y(top) - 28, ink, 0.8) +
    label(X(0), Y(top) - 46, `TABLE ${Math.round(TABLE * 100)}%`, 'middle') +
    dim(Y(top), Y(GIRDLE), right, `CROWN ${(CROWN * 100).toFixed(1)}%`) +
    dim(Y(GIRDLE), Y(-GIRDLE), right + 150, `GIRDLE ${(GIRDLE * 200).toFixed(1)}%`) +
    dim(Y(-GIRDLE), Y(culet), right, `PAVILION ${(PAVILION * 100).toFixed(1)}%`) +
    dim(Y(top), Y(culet), X(-0.5) - 40, '') +
    label(X(-0.5) - 60, (Y(top) + Y(culet)) / 2 + 5, `DEPTH ${((top - culet) * 100).toFixed(1)}%`).replace(
      'text-anchor="start"',
      'text-anchor="end"',
    ) +
    rule(X(-0.5), Y(culet) + 34, X(0.5), Y(culet) + 34, ink, 0.8) +
    label(X(0), Y(culet) + 60, 'DIAMETER 100%', 'middle')
  );
}

/** A quiet street plan of Hatton Garden with the office marked. */
export function hattonGardenMap(w: number, h: number): string {
  const sx = w / 1200;
  const sy = h / 800;
  const P = (x: number, y: number) => `${num(x * sx)} ${num(y * sy)}`;
  const streets: [string, [number, number][], [number, number, number]][] = [
    [
      'CLERKENWELL ROAD',
      [
        [0, 120],
        [1200, 95],
      ],
      [230, 100, -1.2],
    ],
    [
      'HOLBORN',
      [
        [0, 715],
        [560, 700],
        [1200, 690],
      ],
      [140, 690, -0.8],
    ],
    [
      'HATTON GARDEN',
      [
        [620, 705],
        [628, 110],
      ],
      [610, 600, -89.2],
    ],
    [
      'LEATHER LANE',
      [
        [455, 710],
        [445, 115],
      ],
      [435, 620, -91],
    ],
    [
      'SAFFRON HILL',
      [
        [790, 700],
        [805, 420],
        [840, 105],
      ],
      [782, 600, -87],
    ],
    [
      'GREVILLE STREET',
      [
        [300, 430],
        [1000, 420],
      ],
      [330, 415, -0.8],
    ],
    [
      'HATTON WALL',
      [
        [420, 250],
        [840, 240],
      ],
      [660, 232, -1.4],
    ],
    [
      "GRAY'S INN ROAD",
      [
        [140, 800],
        [170, 0],
      ],
      [128, 360, -87.8],
    ],
    [
      'FARRINGDON ROAD',
      [
        [1010, 800],
        [1040, 0],
      ],
      [1012, 420, -87.8],
    ],
    [
      'CHARTERHOUSE STREET',
      [
        [840, 700],
        [1200, 470],
      ],
      [880, 652, -32.6],
    ],
  ];
  let lines = '';
  let labels = '';
  for (const [name, pts, [lx, ly, rot]] of streets) {
    const d = `M${pts.map(([x, y]) => P(x, y)).join('L')}`;
    lines += `<path d="${d}" fill="none" stroke="#cfcfcb" stroke-width="${num(30 * sx)}" stroke-linecap="square"/>`;
    lines += `<path d="${d}" fill="none" stroke="#fff" stroke-width="${num(27 * sx)}" stroke-linecap="square"/>`;
    labels += `<g transform="translate(${P(lx, ly)}) rotate(${rot})">${text(0, 0, name, { size: Math.round(110 * sx) / 10, fill: '#8a8a86', spacing: 2 })}</g>`;
  }
  const mx = 627 * sx;
  const my = 330 * sy;
  const marker =
    `<circle cx="${num(mx)}" cy="${num(my)}" r="${num(26 * sx)}" fill="${INK}"/>` +
    lineStone(
      'round',
      { yaw: 0, pitch: 90 },
      { x: mx - 15 * sx, y: my - 15 * sx, w: 30 * sx, h: 30 * sx },
      'dark',
      0.8,
    ) +
    text(mx + 40 * sx, my - 4 * sy, 'FACET TRADE', { size: Math.round(16 * sx), spacing: 3, weight: 600 }) +
    text(mx + 40 * sx, my + 18 * sy, '88 HATTON GARDEN, EC1N 8PN', {
      size: Math.round(12 * sx),
      spacing: 2,
      fill: '#555',
    });
  return rect(w, h, '#efeeea') + lines + labels + marker;
}
