/**
 * A stone id's row in an index (src/domain/catalogue/id-rows.ts): every id finds its row, an id
 * not there finds none, whatever the ids (crowded into one slot, far apart, negative).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idRowsOf } from '../../../src/domain/catalogue/id-rows.ts';

describe('id rows', () => {
  it('finds the row of every id and none for an id not there', () => {
    const ids = fc.uniqueArray(
      fc.oneof(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.nat().map((n) => n * 1024),
      ),
      {
        maxLength: 300,
      },
    );
    fc.assert(
      fc.property(ids, fc.array(fc.integer({ min: -2e6, max: 2e9 }), { maxLength: 20 }), (list, others) => {
        const rows = idRowsOf(Float64Array.from(list), list.length);
        list.forEach((id, r) => expect(rows.get(id)).toBe(r));
        for (const id of others) expect(rows.get(id)).toBe(list.includes(id) ? list.indexOf(id) : undefined);
        for (const id of others) expect(rows.has(id)).toBe(list.includes(id));
      }),
    );
  });

  it('ids that all start at one slot still each find their own', () => {
    // multiples of 2^32 hash alike (the hash takes an id's low 32 bits)
    const list = Array.from({ length: 50 }, (_, k) => k * 2 ** 32 + 7);
    const rows = idRowsOf(list, list.length);
    list.forEach((id, r) => expect(rows.get(id)).toBe(r));
    expect(rows.get(50 * 2 ** 32 + 7)).toBeUndefined();
    expect(idRowsOf([], 0).get(0)).toBeUndefined();
  });
});
