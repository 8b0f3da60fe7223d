/** One test of a stone's kind (single or parcel) for the browser and the server, and the bag's units. */
import { describe, expect, it } from 'vitest';
import { BAG_UNITS } from '../../src/domain/bag/pricing.ts';
import { CAT_TYPES, isParcel, PARCEL, SINGLE } from '../../src/domain/diamond.ts';
import { kindOf } from '../../src/domain/bag/lines.ts';
import { tabCatType, PARCELS_TAB } from '../../src/domain/catalogue/tabs.ts';

describe('stone kind', () => {
  it('a parcel is a Multiple Items stone, nothing else', () => {
    expect(isParcel('Multiple Items')).toBe(true);
    expect(isParcel('Single Item')).toBe(false);
    expect(isParcel('multiple items')).toBe(false);
    expect(isParcel(undefined)).toBe(false);
    expect(isParcel(null)).toBe(false);
  });
  it('the two kinds are the ones the database accepts', () => {
    expect(CAT_TYPES).toEqual([SINGLE, PARCEL]);
    expect(kindOf({ StkCatType: PARCEL })).toBe('parcel');
    expect(kindOf({ StkCatType: SINGLE })).toBe('single');
    expect(tabCatType(PARCELS_TAB)).toBe(PARCEL);
  });
  it('a parcel is bought by weight or by items', () => {
    expect(BAG_UNITS).toEqual(['weight', 'items']);
  });
});
