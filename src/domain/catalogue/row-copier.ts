/**
 * Writing stones into rows of a loaded index without building it again (replace-rows.ts,
 * settle-rows.ts): their values are worked out by the index's own rules, as a small index of just
 * their docs (prepareCatalogue, priced as the loaded index is), and each of its rows is copied
 * into a row of the loaded index's arrays. Dictionary codes, string prefixes and labs are the
 * small index's own, so each value is looked up in the loaded index's lists (and added to a copy
 * of a list that lacks it).
 *
 *   const copier = rowCopier(ix, docs);            // null: a doc has a field the index has no column for
 *   copier.copy(k, r, put);                        // doc k into row r: put(ix's array, r, value)
 *   const cols = copier.cols((a) => outputOf(a));  // the columns, with the lists grown as needed
 */
import type { ListDoc } from '../diamond.ts';
import { dictKey } from './doc-columns.ts';
import { prepareCatalogue, type CatalogueIndex } from './prepare.ts';
import type { Kind, WireField } from './wire.ts';
import type { CodedStrings, DictValues, SetColumns } from './wire-decode.ts';

export type Column = Float64Array | Int32Array | Int8Array | Uint8Array;
/** Writes `v` at row `r` of the output array that stands for the index's array `a`. */
export type Put = (a: Column, r: number, v: number) => void;
/** The output array that stands for the index's array `a`. */
export type OutputOf = <T extends Column>(a: T) => T;

/** The per-row values prepareColumns works out from the columns (its other arrays are columns). */
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

export function rowCopier(ix: CatalogueIndex, docs: readonly ListDoc[]) {
  const small = prepareCatalogue(docs, ix.pricing);
  const c = ix.cols;
  const m = small.cols;
  if (m.fields.some((f) => !c.fields.includes(f))) return null;
  const dictGrown: Partial<Record<WireField, unknown[]>> = {};
  const prefixesGrown: Partial<Record<WireField, string[]>> = {};
  let labs: string[] | undefined;

  /** Doc `k` into row `r`. */
  function copy(k: number, r: number, put: Put): void {
    c.fields.forEach((f, j) => {
      const kind = c.kinds[j]!;
      const num = c.num[f];
      const str = c.str[f];
      const dict = c.dict[f];
      if (num) put(num, r, m.num[f]?.[k] ?? NaN);
      else if (str) {
        const s = m.str[f];
        const found = entryOf(str.p, prefixesGrown[f], s ? s.p[s.i[k]!]! : '', kind);
        prefixesGrown[f] = found.grown as string[] | undefined;
        put(str.i, r, found.at);
        put(str.num, r, s ? s.num[k]! : 0);
        put(str.w, r, s ? s.w[k]! : 0);
      } else if (dict) {
        const d = m.dict[f];
        const code = d ? d.i[k]! : -1;
        if (code < 0) return put(dict.i, r, -1);
        const found = entryOf(dict.d, dictGrown[f], d!.d[code], kind);
        dictGrown[f] = found.grown;
        put(dict.i, r, found.at);
      }
    });
    put(c.has360, r, m.has360[k]!);
    for (const key of DERIVED) put(ix[key], r, small[key][k]!);
    // past 255 distinct labs, the rest share the last slot (prepare.ts)
    const name = small.labs[small.lab[k]!] ?? '';
    let at = (labs ?? ix.labs).indexOf(name);
    if (at < 0) {
      const all = (labs ??= ix.labs.slice());
      at = all.length < 255 ? all.push(name) - 1 : 255;
    }
    put(ix.lab, r, at);
  }

  /** The columns written to (`of`), with every list grown as the copied rows needed. */
  function cols(of: OutputOf, n = c.n): SetColumns {
    return {
      ...c,
      n,
      num: Object.fromEntries(Object.entries(c.num).map(([f, a]) => [f, of(a)])),
      str: Object.fromEntries(
        Object.entries(c.str).map(([f, s]): [string, CodedStrings] => [
          f,
          { p: prefixesGrown[f as WireField] ?? s.p, i: of(s.i), num: of(s.num), w: of(s.w) },
        ]),
      ),
      dict: Object.fromEntries(
        Object.entries(c.dict).map(([f, d]): [string, DictValues] => [
          f,
          { d: dictGrown[f as WireField] ?? d.d, i: of(d.i) },
        ]),
      ),
      has360: of(c.has360),
    };
  }

  /** The index's own arrays (columns and per-row values, not its scratch mask) as written to (`of`). */
  function arrays(of: OutputOf): Partial<CatalogueIndex> {
    const out: Record<string, unknown> = { labs: labs ?? ix.labs };
    for (const [key, v] of Object.entries(ix)) if (ArrayBuffer.isView(v) && key !== 'mask') out[key] = of(v as Column);
    return out as Partial<CatalogueIndex>;
  }

  return { copy, cols, arrays };
}
