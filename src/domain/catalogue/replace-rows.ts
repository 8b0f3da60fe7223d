/**
 * A few rows of a loaded index replaced by the stones as they are now (a live price change, an
 * import's updates), without building the index again from every stone.
 *
 * The new rows' values are worked out by the index's own rules: a small index of just their docs
 * (prepareCatalogue, priced as the loaded index is), whose columns and per-row values are written
 * into the rows' places. The index given is left as it was: an array is copied the first time a
 * different value is written to it, and every other array is shared with the answer. So a price
 * change copies the price columns only, and every cached sort order whose key and tie-break did
 * not move for any of the rows is kept (the rest are made again when first asked for).
 *
 *   const next = replaceRows(ix, new Map([[row, doc]]));   // null: the index must be rebuilt
 *
 * It answers null when a doc has a field no stone of the index has (the index has no column for
 * it), so the caller builds the whole index instead.
 */
import type { ListDoc } from '../diamond.ts';
import { dictKey } from './doc-columns.ts';
import { boundsOf, codeLine, prepareCatalogue, tabRowsOf, type CatalogueIndex, type SortOrder } from './prepare.ts';
import { sortSource, type SortColumn } from './sort.ts';
import type { Kind, WireField } from './wire.ts';
import type { CodedStrings, DictValues, SetColumns } from './wire-decode.ts';

type Column = Float64Array | Int32Array | Int8Array | Uint8Array;

/** Arrays copied the first time a different value is written to them. */
class CopyOnWrite {
  private readonly copies = new Map<Column, Column>();
  write(a: Column, r: number, v: number): void {
    let c = this.copies.get(a);
    if (Object.is((c ?? a)[r], v)) return;
    if (!c) this.copies.set(a, (c = a.slice()));
    c[r] = v;
  }
  of<T extends Column>(a: T): T {
    return (this.copies.get(a) as T | undefined) ?? a;
  }
  changed(a: ArrayLike<number> | undefined): boolean {
    return a != null && this.copies.has(a as Column);
  }
}

/** The per-row values prepareColumns works out from the columns (the rest of its arrays are columns). */
const DERIVED = [
  'tab',
  'shape',
  'weightLo',
  'weightHi',
  'colourLo',
  'colourHi',
  'clarityLo',
  'clarityHi',
  'cutLo',
  'cutHi',
  'polishLo',
  'polishHi',
  'symmetryLo',
  'symmetryHi',
  'fluorescenceLo',
  'fluorescenceHi',
  'special',
  'availability',
  'price',
  'ppc',
] as const satisfies readonly (keyof CatalogueIndex)[];

/** The entry of `values` equal to `v` (by the field's own rule), added to `grown` when new. */
function entryOf(values: readonly unknown[], grown: unknown[] | undefined, v: unknown, kind: Kind) {
  const all = grown ?? values;
  const key = dictKey(v, kind);
  const at = all.findIndex((x) => dictKey(x, kind) === key);
  if (at >= 0) return { at, grown };
  const more = grown ?? values.slice();
  return { at: more.push(v) - 1, grown: more };
}

/** The index with rows `docs` (row -> the stone now) replaced, or null when it has to be rebuilt. */
export function replaceRows(ix: CatalogueIndex, docs: ReadonlyMap<number, ListDoc>): CatalogueIndex | null {
  if (docs.size === 0) return ix;
  const rows = [...docs.keys()];
  if (rows.some((r) => !Number.isInteger(r) || r < 0 || r >= ix.size)) return null;
  const small = prepareCatalogue([...docs.values()], ix.pricing);
  const c = ix.cols;
  const m = small.cols;
  if (m.fields.some((f) => !c.fields.includes(f))) return null;

  const cow = new CopyOnWrite();
  const dictGrown: Partial<Record<WireField, unknown[]>> = {};
  const prefixesGrown: Partial<Record<WireField, string[]>> = {};
  let labs: string[] | undefined;
  rows.forEach((r, k) => {
    c.fields.forEach((f, j) => {
      const kind = c.kinds[j]!;
      const num = c.num[f];
      const str = c.str[f];
      const dict = c.dict[f];
      if (num) cow.write(num, r, m.num[f]?.[k] ?? NaN);
      else if (str) {
        const s = m.str[f];
        const found = entryOf(str.p, prefixesGrown[f], s ? s.p[s.i[k]!]! : '', kind);
        prefixesGrown[f] = found.grown as string[] | undefined;
        cow.write(str.i, r, found.at);
        cow.write(str.num, r, s ? s.num[k]! : 0);
        cow.write(str.w, r, s ? s.w[k]! : 0);
      } else if (dict) {
        const d = m.dict[f];
        const code = d ? d.i[k]! : -1;
        if (code < 0) return cow.write(dict.i, r, -1);
        const found = entryOf(dict.d, dictGrown[f], d!.d[code], kind);
        dictGrown[f] = found.grown;
        cow.write(dict.i, r, found.at);
      }
    });
    cow.write(c.has360, r, m.has360[k]!);
    for (const key of DERIVED) cow.write(ix[key], r, small[key][k]!);
    // past 255 distinct labs, the rest share the last slot (prepare.ts)
    const name = small.labs[small.lab[k]!] ?? '';
    let at = (labs ?? ix.labs).indexOf(name);
    if (at < 0) {
      const all = (labs ??= ix.labs.slice());
      at = all.length < 255 ? all.push(name) - 1 : 255;
    }
    cow.write(ix.lab, r, at);
  });

  const cols: SetColumns = {
    ...c,
    num: Object.fromEntries(Object.entries(c.num).map(([f, a]) => [f, cow.of(a)])),
    str: Object.fromEntries(
      Object.entries(c.str).map(([f, s]): [string, CodedStrings] => [
        f,
        { p: prefixesGrown[f as WireField] ?? s.p, i: cow.of(s.i), num: cow.of(s.num), w: cow.of(s.w) },
      ]),
    ),
    dict: Object.fromEntries(
      Object.entries(c.dict).map(([f, d]): [string, DictValues] => [
        f,
        { d: dictGrown[f as WireField] ?? d.d, i: cow.of(d.i) },
      ]),
    ),
    has360: cow.of(c.has360),
  };
  const next = { ...ix, cols, labs: labs ?? ix.labs } as Record<string, unknown>;
  for (const [key, v] of Object.entries(ix))
    if (ArrayBuffer.isView(v) && key !== 'mask') next[key] = cow.of(v as Column);
  const out = next as CatalogueIndex;

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
    codes,
  });
}
