/** The shapes' artwork: a kite stone is drawn as a kite (not the round stand-in), and every shape has its small icon. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHAPE_ICON_PX, SHAPES_WITH_IMAGES, shapeIcon, shapeImage } from '../../src/domain/diamond.ts';
import { galleryShape } from '../../db/seed/media.ts';
import { galleryViews, ownIds, spinFrame } from '../../scripts/art/photos.ts';

const file = (path: string) => join(process.cwd(), 'public', path);

describe('shape artwork', () => {
  it('a Kite stone shows the kite drawings, which exist and are not the round ones', () => {
    expect(shapeImage('Kite', 'Single Item')).toBe('/images/shapes/kite.svg');
    expect(shapeImage(' kite ', 'Single Item', 'side')).toBe('/images/shapes/kite_side.svg');
    expect(shapeImage('Kite', 'Multiple Items')).toBe('/images/shapes/kite_parcel.svg');
    expect(galleryShape('Kite')).toBe('kite');
    for (const view of ['', '_side', '_parcel']) {
      const kite = readFileSync(file(`images/shapes/kite${view}.svg`), 'utf8');
      expect(kite).toMatch(/kite cut diamond/i);
      expect(kite).not.toBe(readFileSync(file(`images/shapes/round${view}.svg`), 'utf8'));
    }
    for (let n = 1; n <= 3; n++) expect(existsSync(file(`media/gallery/kite-${n}.svg`))).toBe(true);
  });

  it('a stone drawing writes the same file whatever was drawn before it, its ids its own', () => {
    const first = ownIds(spinFrame(0));
    galleryViews('oval');
    const again = ownIds(spinFrame(0));
    expect(again).toBe(first);
    const ids = [...first.matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toContain('s1t');
    const used = [...first.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const id of used) expect(ids).toContain(id);
    expect(readFileSync(file('media/360/round/frame-000.svg'), 'utf8')).toBe(first);
  });

  it('a shape without artwork is still drawn as round', () => {
    expect(shapeImage('Shield', 'Single Item')).toBe('/images/shapes/round.svg');
  });

  it('every shape has its small icon, single and parcel: a PNG of the stated size', () => {
    for (const shape of [...SHAPES_WITH_IMAGES, 'Shield'])
      for (const kind of ['Single Item', 'Multiple Items'] as const) {
        const png = readFileSync(file(shapeIcon(shape, kind)));
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([SHAPE_ICON_PX, SHAPE_ICON_PX]);
      }
    expect(shapeIcon('Kite', 'Multiple Items')).toBe('/images/shapes/icons/kite_parcel.png');
  });
});
