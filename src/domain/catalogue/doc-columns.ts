/**
 * Columns (wire-decode.ts's SetColumns) from stones already held as docs: how the index is
 * built where the list arrives as docs (tests, tools) instead of a wire body. Same kinds and
 * field order as a decoded body; a field no stone has is left out.
 */
import type { ListDoc, Range } from '../diamond.ts';
import type { Kind, WireField } from './wire.ts';
import { assembleColumns, codedStrings, type DictValues, type SetColumns } from './wire-decode.ts';

const absent = (v: unknown) => v == null || v === '';

function numbers(docs: readonly ListDoc[], field: WireField, kind: Kind): Float64Array {
  const out = new Float64Array(docs.length);
  for (let r = 0; r < docs.length; r++) {
    const v = docs[r]![field] as unknown;
    const x = absent(v) ? NaN : kind === 'time' ? Date.parse(String(v)) : Number(v);
    out[r] = Number.isFinite(x) ? x : NaN;
  }
  return out;
}

/** What makes two values of a dictionary-coded field the same entry (a graded range by its ends and ranks). */
export function dictKey(v: unknown, kind: Kind): unknown {
  if (kind !== 'range') return v;
  const x = v as Range;
  return `${x.From}\u0001${x.To}\u0001${x.rank?.[0]}\u0001${x.rank?.[1]}`;
}

function dictionary(docs: readonly ListDoc[], field: WireField, kind: Kind): DictValues {
  const d: unknown[] = [];
  const at = new Map<unknown, number>();
  const i = new Int32Array(docs.length);
  for (let r = 0; r < docs.length; r++) {
    const v = docs[r]![field] as unknown;
    if (absent(v)) {
      i[r] = -1;
      continue;
    }
    const key = dictKey(v, kind);
    let k = at.get(key);
    if (k == null) at.set(key, (k = d.push(v) - 1));
    i[r] = k;
  }
  return { d, i };
}

export function columnsOfDocs(docs: readonly ListDoc[]): SetColumns {
  return assembleColumns({
    n: docs.length,
    has: (field) => docs.some((d) => !absent(d[field])),
    num: (field, kind) => numbers(docs, field, kind),
    str: (field) =>
      codedStrings(
        docs.map((d) => String(d[field] ?? '')),
        docs.length,
      ),
    dict: (field, kind) => dictionary(docs, field, kind),
    has360: Uint8Array.from(docs, (d) => (d.has360 ? 1 : 0)),
  });
}
