/**
 * A loaded index settled: the rows of stones that left the stock taken out, and new stones added
 * after the rest, in the order given, without building the index again from every stone
 * (row-copier.ts). Every array is copied once, without the rows that leave, and the new stones'
 * values written after. The load order every sort starts from (by createdAt) is carried over,
 * the new stones merged into it; the other sort orders are made again when first asked for. The
 * index given is left as it was.
 *
 *   const next = settleRows(ix, goneRows, freshDocs);   // null: the index must be rebuilt
 *   const steps = settleSteps(ix, goneRows, freshDocs); // the same work in short steps
 *
 * It answers null when a new stone has a field no stone of the index has. `settleSteps` does the
 * work a step at a time (an array copied, a pass over the rows): a caller can spread it over
 * short tasks, while the page stays responsive, and drop it half-way (nothing given is changed).
 */
import type { ListDoc } from '../diamond.ts';
import { carriedHistograms } from './histograms.ts';
import { boundsOf, codeLine, tabRowsOf, type CatalogueIndex, type SortOrder } from './prepare.ts';
import { rowCopier, type Column } from './row-copier.ts';

/**
 * The settled rows by createdAt (ties in load order, missing last) from the order before: the
 * kept rows renumbered (`newRow`: old row -> new, -1 gone), then each new row (from `from` on,
 * last in load order) merged in after the kept rows of its time.
 */
function settledByCreated(was: SortOrder, newRow: Int32Array, key: Float64Array, from: number): SortOrder {
  const kept = new Int32Array(from);
  let keptPresent = 0;
  for (let k = 0, j = 0; k < was.order.length; k++) {
    const r = newRow[was.order[k]!]!;
    if (r < 0) continue;
    kept[j++] = r;
    if (k < was.present) keptPresent++;
  }
  const missing = (r: number) => Number.isNaN(key[r]!);
  const added = Array.from({ length: key.length - from }, (_, k) => from + k).sort(
    (a, b) => Number(missing(a)) - Number(missing(b)) || key[a]! - key[b]! || a - b,
  );
  const addedPresent = added.filter((r) => !missing(r)).length;
  const order = new Int32Array(key.length);
  let a = 0;
  let b = 0;
  let o = 0;
  while (a < keptPresent || b < addedPresent)
    order[o++] = b >= addedPresent || (a < keptPresent && key[kept[a]!]! <= key[added[b]!]!) ? kept[a++]! : added[b++]!;
  while (a < from) order[o++] = kept[a++]!;
  while (b < added.length) order[o++] = added[b++]!;
  return { order, present: keptPresent + addedPresent, key };
}

/** Runs steps to their end at once. */
function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export const settleRows = (ix: CatalogueIndex, gone: ReadonlySet<number>, fresh: readonly ListDoc[]) =>
  drain(settleSteps(ix, gone, fresh));

export function* settleSteps(
  ix: CatalogueIndex,
  gone: ReadonlySet<number>,
  fresh: readonly ListDoc[],
): Generator<void, CatalogueIndex | null> {
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
  yield;
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
  // every array copied, one a step
  const arrays: Column[] = [];
  const listed = <T extends Column>(a: T): T => (arrays.push(a), a);
  copier.cols(listed, n);
  copier.arrays(listed);
  for (const a of arrays) {
    of(a);
    yield;
  }
  const put = (a: Column, r: number, v: number) => void (of(a)[r] = v);
  fresh.forEach((_, k) => copier.copy(k, kept.length + k, put));

  const cols = copier.cols(of, n);
  const out = { ...ix, cols, ...copier.arrays(of), size: n, mask: new Uint8Array(n) } as CatalogueIndex;
  const made = new Array<ListDoc>(n);
  kept.forEach((r, j) => {
    if (ix.made[r]) made[j] = ix.made[r]!;
  });
  fresh.forEach((doc, k) => (made[kept.length + k] = doc));
  yield;
  const tabRows = tabRowsOf(out.tab);
  const was = ix.orders.get('createdAt');
  const newRow = new Int32Array(ix.size).fill(-1);
  kept.forEach((r, j) => (newRow[r] = j));
  yield;
  const byCreated = was && settledByCreated(was, newRow, out.createdAt, kept.length);
  yield;
  const codes = ix.codes ? Array.from(kept, (r) => ix.codes![r]!) : null;
  if (codes) fresh.forEach((_, k) => codes.push(codeLine(cols, kept.length + k)));
  yield;
  const bounds = boundsOf({ ...out, tabRows });
  yield;
  return Object.assign(out, {
    made,
    tabRows,
    bounds,
    orders: new Map(byCreated ? [['createdAt', byCreated]] : []),
    histograms: carriedHistograms(
      ix,
      out,
      [...gone],
      fresh.map((_, k) => kept.length + k),
    ),
    codes,
  });
}
