/** A kite stone is drawn as a kite (face, profile, parcel), not as the round stand-in. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shapeImage } from '../../src/domain/diamond.ts';
import { galleryShape } from '../../db/seed/media.ts';

const file = (path: string) => join(process.cwd(), 'public', path);

describe('kite artwork', () => {
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

  it('a shape without artwork is still drawn as round', () => {
    expect(shapeImage('Shield', 'Single Item')).toBe('/images/shapes/round.svg');
  });
});
