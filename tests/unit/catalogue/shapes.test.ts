import { describe, expect, it } from 'vitest';
import { cleanShapeSelection, matchesShapes, shapeKey, shapeListFor } from '../../../src/domain/catalogue/index.ts';
import { PARCEL_SHAPES, SINGLE_SHAPES } from '../../../src/domain/grades.ts';

describe('shape lists', () => {
  it('singles and lab-grown use the singles list, parcels the parcel list', () => {
    expect(shapeListFor('Single Item')).toBe(SINGLE_SHAPES);
    expect(shapeListFor('Multiple Items')).toBe(PARCEL_SHAPES);
  });
  it('a listed shape matches itself, lowercased and trimmed', () => {
    expect(shapeKey(' Round ', SINGLE_SHAPES)).toBe('round');
    expect(shapeKey('ASSCHER', SINGLE_SHAPES)).toBe('asscher');
  });
  it('any shape not in the list counts as other', () => {
    expect(shapeKey('Cushion Modified', SINGLE_SHAPES)).toBe('other');
    expect(shapeKey('Baguette', SINGLE_SHAPES)).toBe('other'); // listed for parcels only
    expect(shapeKey('Baguette', PARCEL_SHAPES)).toBe('baguette');
    expect(shapeKey('', SINGLE_SHAPES)).toBe('other');
    expect(shapeKey(null, PARCEL_SHAPES)).toBe('other');
  });
  it('old cut and European cut spellings fall under the parcel entry old cut/european cut', () => {
    expect(shapeKey('Old Cut/European Cut', PARCEL_SHAPES)).toBe('old cut/european cut');
    expect(shapeKey('European Cut', PARCEL_SHAPES)).toBe('old cut/european cut');
    expect(shapeKey('old  cut', PARCEL_SHAPES)).toBe('old cut/european cut');
  });
  it('an empty selection passes every shape', () => {
    expect(matchesShapes('Briolette', [], SINGLE_SHAPES)).toBe(true);
    expect(matchesShapes('Briolette', ['other'], SINGLE_SHAPES)).toBe(true);
    expect(matchesShapes('Round', ['other'], SINGLE_SHAPES)).toBe(false);
  });
  it('a selection is cleaned to known entries in list order', () => {
    expect(cleanShapeSelection(['PEAR', 'nonsense', 'round', 'pear'], SINGLE_SHAPES)).toEqual(['round', 'pear']);
  });
});
