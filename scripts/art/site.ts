/**
 * The site's illustrations (content blocks and news covers), keyed by their path under
 * public/. Black and white, thin lines, no text that a page would need to translate.
 */
import {
  BLACK,
  INK,
  MONO,
  PAPER,
  SERIF,
  doc,
  glow,
  hattonGardenMap,
  lineStone,
  proportionDiagram,
  rect,
  rule,
  scatter,
  text,
} from './compose.ts';
import { shadedStone } from './photos.ts';

const W = 1200;
const H = 800;

const frame = (w: number, h: number, inset: number, stroke: string) =>
  `<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" fill="none" stroke="${stroke}" stroke-width="1"/>`;

/** The hero's still: a turning brilliant's first frame, in white lines on black (wide or tall). */
function heroPoster(w: number, h: number): string {
  const cx = w / 2;
  const cy = h * (h > w ? 0.4 : 0.5);
  const unit = Math.min(w, h);
  const rings = [0.29, 0.37, 0.45, 0.53]
    .map(
      (k) =>
        `<circle cx="${cx}" cy="${cy}" r="${Math.round(unit * k)}" fill="none" stroke="#fff" stroke-opacity="0.07" stroke-width="1"/>`,
    )
    .join('');
  const size = unit * 0.64;
  return doc(
    w,
    h,
    'A round brilliant diamond drawn in fine white lines on black',
    rect(w, h, BLACK) +
      glow(cx, cy, unit * 0.58, '#fff', 0.12, 'hg') +
      rings +
      lineStone(
        'round',
        { yaw: 12, pitch: 32 },
        { x: cx - size / 2, y: cy - size * 0.42, w: size, h: size * 0.84 },
        'dark',
        1.6,
      ),
  );
}

function looseStones(title: string, seed: number, tone: 'light' | 'dark'): string {
  const shapes = ['round', 'oval', 'pear', 'emerald', 'cushion', 'marquise', 'princess', 'radiant', 'heart'];
  return doc(
    W,
    H,
    title,
    rect(W, H, tone === 'dark' ? BLACK : PAPER) +
      scatter(shapes, 13, { x: 90, y: 80, w: 1020, h: 640 }, [90, 190], seed, tone),
  );
}

function singleLarge(title: string, shape: string, tone: 'light' | 'dark', cam = { yaw: 0, pitch: 90 }): string {
  const ground = tone === 'dark' ? BLACK : PAPER;
  const ink = tone === 'dark' ? '#fff' : INK;
  return doc(
    W,
    H,
    title,
    rect(W, H, ground) +
      (tone === 'dark' ? glow(600, 400, 420, '#fff', 0.1, 'sg') : '') +
      frame(W, H, 40, ink) +
      lineStone(shape, cam, { x: 380, y: 150, w: 440, h: 500 }, tone, 1.5),
  );
}

function shapeRow(title: string, shapes: string[]): string {
  const gap = W / (shapes.length + 1);
  const stones = shapes.map((s, i) =>
    lineStone(s, { yaw: 0, pitch: 90 }, { x: gap * (i + 1) - 70, y: 300, w: 140, h: 200 }, 'light', 1.3),
  );
  return doc(W, H, title, rect(W, H, PAPER) + rule(120, 600, 1080, 600, INK, 1, 0.25) + stones.join(''));
}

function diagram(title: string, tone: 'light' | 'dark'): string {
  return doc(
    W,
    H,
    title,
    rect(W, H, tone === 'dark' ? BLACK : PAPER) + proportionDiagram({ x: 330, y: 200, w: 480, h: 420 }, tone),
  );
}

function apiArt(title: string): string {
  const lines = [
    'GET /api/v1/diamonds?limit=100',
    '{',
    '  "StkCodeCalcNS": "FT-S-000142",',
    '  "StkShape": "Round",',
    '  "STWeight": 1.02,',
    '  "Colour": { "From": "F", "To": "F" },',
    '  "Clarity": { "From": "VS1", "To": "VS1" },',
    '  "StkCertSup": "GIA",',
    '  "StkWebAvailable": 1',
    '}',
  ];
  const indent = (l: string) => l.length - l.trimStart().length;
  const code = lines
    .map((l, i) => text(110 + indent(l) * 12, 230 + i * 36, l.trim(), { size: 20, font: MONO, fill: '#d8d8d8' }))
    .join('');
  return doc(
    W,
    H,
    title,
    rect(W, H, BLACK) +
      glow(880, 400, 360, '#fff', 0.1, 'ag') +
      code +
      lineStone('round', { yaw: 20, pitch: 40 }, { x: 700, y: 200, w: 380, h: 400 }, 'dark', 1.4),
  );
}

function loupe(title: string): string {
  const ticks = Array.from({ length: 72 }, (_, i) => {
    const a = (i * 5 * Math.PI) / 180;
    const r1 = 300;
    const r2 = i % 6 === 0 ? 284 : 292;
    return rule(
      600 + r1 * Math.cos(a),
      400 + r1 * Math.sin(a),
      600 + r2 * Math.cos(a),
      400 + r2 * Math.sin(a),
      INK,
      1,
      0.7,
    );
  }).join('');
  return doc(
    W,
    H,
    title,
    rect(W, H, PAPER) +
      `<circle cx="600" cy="400" r="300" fill="#fff" stroke="${INK}" stroke-width="1.4"/>` +
      ticks +
      rule(600, 120, 600, 680, INK, 0.6, 0.25) +
      rule(320, 400, 880, 400, INK, 0.6, 0.25) +
      lineStone('round', { yaw: 0, pitch: 90 }, { x: 430, y: 230, w: 340, h: 340 }, 'light', 1.3),
  );
}

function diamondPaper(title: string): string {
  // a folded stone paper ("briefke") seen from above, opened, with a few stones on it
  const fold =
    `<path d="M250 160 L950 160 L950 640 L250 640 Z" fill="#fff" stroke="${INK}" stroke-width="1.2"/>` +
    rule(250, 320, 950, 320, INK, 0.8, 0.35) +
    rule(250, 480, 950, 480, INK, 0.8, 0.35) +
    rule(480, 160, 480, 640, INK, 0.8, 0.2) +
    rule(720, 160, 720, 640, INK, 0.8, 0.2);
  return doc(
    W,
    H,
    title,
    rect(W, H, PAPER) + fold + scatter(['round'], 9, { x: 330, y: 340, w: 540, h: 130 }, [44, 62], 7),
  );
}

function reportCover(title: string): string {
  const rows = [
    'SHAPE  ROUND BRILLIANT',
    'WEIGHT  1.01 CT',
    'COLOUR  G',
    'CLARITY  VS1',
    'CUT  EXCELLENT',
    'FLUORESCENCE  NONE',
  ];
  return doc(
    W,
    H,
    title,
    rect(W, H, '#e9e8e4') +
      `<rect x="200" y="90" width="800" height="620" fill="#fff" stroke="${INK}" stroke-width="1"/>` +
      text(250, 150, 'DIAMOND GRADING REPORT', { size: 22, font: SERIF, spacing: 4 }) +
      rule(250, 170, 950, 170) +
      rows.map((r, i) => text(250, 230 + i * 44, r, { size: 16, spacing: 2, fill: '#333' })).join('') +
      lineStone('round', { yaw: 0, pitch: 90 }, { x: 640, y: 200, w: 270, h: 230 }, 'light', 1.1) +
      lineStone('round', { yaw: 90, pitch: 0 }, { x: 620, y: 470, w: 310, h: 180 }, 'light', 1.1),
  );
}

function glowStone(title: string): string {
  return doc(
    W,
    H,
    title,
    rect(W, H, BLACK) +
      glow(600, 400, 330, '#dfe6ff', 0.22, 'fg') +
      lineStone('cushion', { yaw: 15, pitch: 55 }, { x: 400, y: 180, w: 400, h: 440 }, 'dark', 1.4),
  );
}

function shadedCover(title: string, shape: string): string {
  return doc(
    W,
    H,
    title,
    `<defs><radialGradient id="lg" cx="50%" cy="45%" r="70%"><stop offset="0" stop-color="#fbfbfb"/><stop offset="1" stop-color="#d9d9d9"/></radialGradient></defs>` +
      rect(W, H, 'url(#lg)') +
      glow(600, 690, 260, '#000', 0.2, 'ls') +
      shadedStone(shape, { yaw: 25, pitch: 38 }, { x: 360, y: 170, w: 480, h: 460 }),
  );
}

export function siteImages(): Record<string, string> {
  return {
    'images/home/hero-poster.svg': heroPoster(1600, 900),
    'images/home/hero-poster-mobile.svg': heroPoster(900, 1600),
    'images/home/about-us.svg': looseStones('Loose diamonds of many shapes, drawn in fine lines', 11, 'light'),
    'images/home/about-us-2.svg': singleLarge('An emerald cut diamond seen from above', 'emerald', 'dark'),
    'images/home/api.svg': apiArt('A stock record as the API returns it, beside a round diamond'),
    'images/home/register.svg': shapeRow('Six diamond shapes side by side', [
      'round',
      'oval',
      'cushion',
      'emerald',
      'pear',
      'princess',
    ]),
    'images/home/contact-us.svg': doc(
      W,
      H,
      'Street plan of Hatton Garden with our office marked',
      hattonGardenMap(W, H),
    ),
    'images/about/hero.svg': looseStones('Diamonds scattered on black, drawn in white lines', 23, 'dark'),
    'images/about/sourcing.svg': diagram('The proportions of a round brilliant, in profile', 'light'),
    'images/about/grading.svg': loupe('A round brilliant seen through a loupe'),
    'images/about/service.svg': diamondPaper('An opened diamond paper with stones on it'),
    'images/contact/office.svg': doc(
      W,
      H,
      'Street plan of Hatton Garden with our office marked',
      hattonGardenMap(W, H),
    ),
    'images/api/hero.svg': apiArt('Live stock data beside a round brilliant diamond'),
    'images/news/welcome-to-facet-trade.svg': singleLarge(
      'A round brilliant in white lines on black',
      'round',
      'dark',
      { yaw: 10, pitch: 35 },
    ),
    'images/news/reading-a-grading-report.svg': reportCover('A grading report with plotted diagrams'),
    'images/news/lab-grown-prices-2025.svg': shadedCover('A shaded oval diamond on a grey studio ground', 'oval'),
    'images/news/melee-parcels-sieve-sizes.svg': doc(
      W,
      H,
      'Many small round diamonds',
      rect(W, H, PAPER) + scatter(['round'], 30, { x: 60, y: 60, w: 1080, h: 680 }, [70, 120], 5),
    ),
    'images/news/fluorescence-explained.svg': glowStone('A cushion cut diamond glowing softly on black'),
    'images/news/api-live-stock.svg': apiArt('A stock record beside a round diamond'),
    'images/news/elongated-shapes.svg': shapeRow('Oval, pear, marquise, emerald, radiant and cushion shapes', [
      'oval',
      'pear',
      'marquise',
      'emerald',
      'radiant',
      'cushion',
    ]),
    'images/news/spring-viewing-days.svg': doc(W, H, 'Street plan of Hatton Garden', hattonGardenMap(W, H)),
  };
}
