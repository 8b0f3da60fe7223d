/**
 * Where each stone is in an index: its id's row. One pass over the id column fills a table of
 * rows (open addressing: a slot holds row + 1, 0 is empty; an id's first slot is a multiplicative
 * hash of it, then the next ones), about 2 MB and a few milliseconds at 200,000 stones, where a
 * `Map` of the same takes tens of milliseconds to fill on the page's main thread.
 *
 *   const rows = idRows(ix);            // made once per index, then kept
 *   rows.get(4711);                      // its row, or undefined
 */
import type { CatalogueIndex } from './prepare.ts';

export type IdRows = {
  get: (id: number) => number | undefined;
  has: (id: number) => boolean;
};

const NONE: IdRows = { get: () => undefined, has: () => false };

/** The table over `ids` (the rows' ids, in row order). */
export function idRowsOf(ids: ArrayLike<number>, size: number): IdRows {
  if (size === 0) return NONE;
  const bits = Math.max(4, Math.ceil(Math.log2(size * 2)));
  const shift = 32 - bits;
  const mask = (1 << bits) - 1;
  const slots = new Int32Array(1 << bits);
  const first = (id: number) => Math.imul(id | 0, 0x9e3779b1) >>> shift;
  for (let r = 0; r < size; r++) {
    let h = first(ids[r]!);
    while (slots[h] !== 0) h = (h + 1) & mask;
    slots[h] = r + 1;
  }
  const get = (id: number): number | undefined => {
    for (let h = first(id); slots[h] !== 0; h = (h + 1) & mask) if (ids[slots[h]! - 1] === id) return slots[h]! - 1;
    return undefined;
  };
  return { get, has: (id) => get(id) !== undefined };
}

const made = new WeakMap<CatalogueIndex, IdRows>();

/** The rows of the index's stones by id, made the first time it is asked for. */
export function idRows(ix: CatalogueIndex): IdRows {
  let rows = made.get(ix);
  if (!rows) {
    const ids = ix.cols.num._id;
    rows = ids ? idRowsOf(ids, ix.size) : NONE;
    made.set(ix, rows);
  }
  return rows;
}

/** `to` has the rows of `from`, each where it was (rows replaced in place): its table is the same. */
export function sameIdRows(from: CatalogueIndex, to: CatalogueIndex): void {
  made.set(to, idRows(from));
}
