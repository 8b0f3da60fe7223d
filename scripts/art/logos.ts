/**
 * Five footer wordmarks (trade schemes and affiliations a London wholesaler shows), drawn as
 * restrained type with fine rules: 320 x 120, #111 on transparent.
 */
import { INK, SANS, SERIF, doc, lineStone, rule, text } from './compose.ts';

const W = 320;
const H = 120;

export function logos(): Record<string, string> {
  return {
    'images/logos/hatton-garden.svg': doc(
      W,
      H,
      'Hatton Garden, London EC1',
      text(160, 62, 'HATTON GARDEN', { size: 24, font: SERIF, spacing: 3.5, anchor: 'middle' }) +
        rule(70, 78, 250, 78, INK, 0.8) +
        text(160, 98, 'LONDON  EC1', { size: 11, spacing: 5, anchor: 'middle' }),
    ),
    'images/logos/kimberley-process.svg': doc(
      W,
      H,
      'Kimberley Process compliant supply',
      `<circle cx="60" cy="60" r="38" fill="none" stroke="${INK}" stroke-width="1.2"/>` +
        text(60, 71, 'KP', { size: 30, font: SERIF, anchor: 'middle', spacing: 2 }) +
        text(114, 56, 'KIMBERLEY PROCESS', { size: 13, spacing: 2, font: SANS }) +
        text(114, 80, 'COMPLIANT SUPPLY', { size: 10, spacing: 3, fill: '#444' }),
    ),
    'images/logos/system-of-warranties.svg': doc(
      W,
      H,
      'System of Warranties',
      rule(30, 34, 290, 34, INK, 0.8) +
        text(160, 60, 'SYSTEM OF', { size: 13, spacing: 6, anchor: 'middle' }) +
        text(160, 88, 'WARRANTIES', { size: 26, font: SERIF, spacing: 5, anchor: 'middle' }) +
        rule(30, 100, 290, 100, INK, 0.8),
    ),
    'images/logos/responsible-sourcing.svg': doc(
      W,
      H,
      'Responsible sourcing member',
      lineStone('round', { yaw: 0, pitch: 90 }, { x: 22, y: 28, w: 64, h: 64 }, 'light', 0.9)
        .replace(/fill="#f6f5f2"/g, 'fill="none"')
        .replace(/stroke="#f6f5f2"/g, 'stroke="none"') +
        text(104, 58, 'RESPONSIBLE', { size: 20, font: SERIF, spacing: 2.5 }) +
        text(104, 84, 'SOURCING · MEMBER', { size: 10, spacing: 3, fill: '#444' }),
    ),
    'images/logos/trade-only.svg': doc(
      W,
      H,
      'Trade only wholesale',
      `<rect x="60" y="22" width="200" height="76" fill="none" stroke="${INK}" stroke-width="1.2"/>` +
        `<rect x="66" y="28" width="188" height="64" fill="none" stroke="${INK}" stroke-width="0.6"/>` +
        text(160, 64, 'TRADE ONLY', { size: 19, font: SERIF, spacing: 3.5, anchor: 'middle' }) +
        text(160, 82, 'WHOLESALE', { size: 8, spacing: 4, anchor: 'middle' }),
    ),
  };
}
