/**
 * A loaded index settled: the rows of stones that left the stock taken out, and new stones added
 * after the rest, in the order given, without building the index again from every stone
 * (row-copier.ts). Every array is copied once, without the rows that leave, and the new stones'
 * values written after; the sort orders are made again when first asked for. The index given is
 * left as it was.
 *
 *   const next = settleRows(ix, goneRows, freshDocs);   // null: the index must be rebuilt
 *
 * It answers null when a new stone has a field no stone of the index has.
 */
import type { ListDoc } from '../diamond.ts';
import { boundsOf, codeLine, tabRowsOf, type CatalogueIndex } from './prepare.ts';
import { rowCopier, type Column } from './row-copier.ts';

export function settleRows(
  ix: CatalogueIndex,
  gone: ReadonlySet<number>,
  fresh: readonly ListDoc[],
): CatalogueIndex | null {
  const copier = rowCopier(ix, fresh);
  if (!copier) return null;
  const kept = new Int32Array(ix.size - [...gone].filter((r) => r >= 0 && r < ix.size).length);
  for (let r = 0, j = 0; r < ix.size; r++) if (!gone.has(r)) kept[j++] = r;
  const n = kept.length + fresh.length;
  // the kept rows as runs of rows in a row: each run is one block copy
  const runs: [number, number][] = [];
  for (let j = 0; j < kept.length; j++)
    if (j > 0 && kept[j] === kept[j - 1]! + 1) runs.at(-1)![1]++;
    else runs.push([kept[j]!, kept[j]! + 1]);
  const copies = new Map<Column, Column>();
  const of = <T extends Column>(a: T): T => {
    let c = copies.get(a) as T | undefined;
    if (c) return c;
    c = new (a.constructor as new (n: number) => T)(n);
    let at = 0;
    for (const [from, to] of runs) {
      c.set(a.subarray(from, to) as never, at);
      at += to - from;
    }
    copies.set(a, c);
    return c;
  };
  const put = (a: Column, r: number, v: number) => void (of(a)[r] = v);
  fresh.forEach((_, k) => copier.copy(k, kept.length + k, put));

  const cols = copier.cols(of, n);
  const out = { ...ix, cols, ...copier.arrays(of), size: n, mask: new Uint8Array(n) } as CatalogueIndex;
  const made = new Array<ListDoc>(n);
  kept.forEach((r, j) => {
    if (ix.made[r]) made[j] = ix.made[r]!;
  });
  fresh.forEach((doc, k) => (made[kept.length + k] = doc));
  const tabRows = tabRowsOf(out.tab);
  const codes = ix.codes ? Array.from(kept, (r) => ix.codes![r]!) : null;
  if (codes) fresh.forEach((_, k) => codes.push(codeLine(cols, kept.length + k)));
  return Object.assign(out, {
    made,
    tabRows,
    bounds: boundsOf({ ...out, tabRows }),
    orders: new Map(),
    histograms: new Map(),
    codes,
  });
}
