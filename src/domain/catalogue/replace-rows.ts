/**
 * A few rows of a loaded index replaced by the stones as they are now (a live price change, an
 * import's updates), without building the index again from every stone (row-copier.ts).
 *
 * The index given is left as it was: an array is copied the first time a different value is
 * written to it, and every other array is shared with the answer. So a price change copies the
 * price columns only, and every cached sort order whose key and tie-break did not move for any of
 * the rows is kept (the rest are made again when first asked for).
 *
 *   const next = replaceRows(ix, new Map([[row, doc]]));   // null: the index must be rebuilt
 *
 * It answers null when a doc has a field no stone of the index has (the index has no column for
 * it), so the caller builds the whole index instead.
 */
import type { ListDoc } from '../diamond.ts';
import { carriedHistograms } from './histograms.ts';
import { boundsOf, codeLine, tabRowsOf, type CatalogueIndex, type SortOrder } from './prepare.ts';
import { rowCopier, type Column } from './row-copier.ts';
import { sortSource, type SortColumn } from './sort.ts';

/** Arrays copied the first time a different value is written to them. */
class CopyOnWrite {
  private readonly copies = new Map<Column, Column>();
  readonly write = (a: Column, r: number, v: number): void => {
    let c = this.copies.get(a);
    if (Object.is((c ?? a)[r], v)) return;
    if (!c) this.copies.set(a, (c = a.slice()));
    c[r] = v;
  };
  readonly of = <T extends Column>(a: T): T => (this.copies.get(a) as T | undefined) ?? a;
  changed(a: ArrayLike<number> | undefined): boolean {
    return a != null && this.copies.has(a as Column);
  }
}

/** The index with rows `docs` (row -> the stone now) replaced, or null when it has to be rebuilt. */
export function replaceRows(ix: CatalogueIndex, docs: ReadonlyMap<number, ListDoc>): CatalogueIndex | null {
  if (docs.size === 0) return ix;
  const rows = [...docs.keys()];
  if (rows.some((r) => !Number.isInteger(r) || r < 0 || r >= ix.size)) return null;
  const copier = rowCopier(ix, [...docs.values()]);
  if (!copier) return null;
  const cow = new CopyOnWrite();
  rows.forEach((r, k) => copier.copy(k, r, cow.write));

  const cols = copier.cols(cow.of);
  const out = { ...ix, cols, ...copier.arrays(cow.of) } as CatalogueIndex;
  const made = ix.made.slice();
  for (const [r, doc] of docs) made[r] = doc;
  const moved = ['tab', 'weight', 'weightLo', 'weightHi', 'length', 'width', 'height'] as const;
  const tabRows = cow.changed(ix.tab) ? tabRowsOf(out.tab) : ix.tabRows;
  const orders = new Map<string, SortOrder>();
  for (const [column, order] of ix.orders)
    if (!cow.changed(sortSource(ix, column as SortColumn)) && !cow.changed(ix.createdAt)) orders.set(column, order);
  const codes = ix.codes?.slice() ?? null;
  if (codes) for (const r of rows) codes[r] = codeLine(cols, r);
  return Object.assign(out, {
    made,
    tabRows,
    bounds: moved.some((key) => cow.changed(ix[key])) ? boundsOf({ ...out, tabRows }) : ix.bounds,
    orders,
    histograms: carriedHistograms(ix, out, rows, rows),
    codes,
  });
}
