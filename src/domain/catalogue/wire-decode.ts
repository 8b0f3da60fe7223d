/**
 * Reading the catalogue's wire format (wire.ts) back (docs/decisions/004).
 *
 * - `columnsOf(body)`: the full set as decoded columns, one typed array or list per field. This
 *   is what the browser's index keeps instead of one object per stone: quick to build, moved
 *   between threads without copying (the typed arrays travel in the transfer list) and small to
 *   hold (a number costs 8 bytes, a graded range a 4-byte index into the shared ranges).
 * - `docAt(columns, row)`: one stone as the list's doc, made when it is shown.
 * - `decodeCatalogue(body)`: every stone as a doc (tools, tests), equal to what was encoded.
 */
import type { ListDoc, Range } from '../diamond.ts';
import {
  codeColumn,
  hundredths,
  WIRE_FIELDS,
  WIRE_FORMAT,
  type CatalogueWire,
  type CodeColumn,
  type DictColumn,
  type FixedColumn,
  type Kind,
  type RangeEntry,
  type WireColumn,
  type WireDoc,
  type WireField,
} from './wire.ts';

/** The distinct values of a field and each row's index into them (-1 = absent). */
export type DictValues = { readonly d: readonly unknown[]; readonly i: Int32Array };
/**
 * Strings as a prefix (an index into the distinct prefixes) and a trailing number of `w` digits
 * (w = 0: none), so that 200,000 stock codes cross to the page as three typed arrays.
 */
export type CodedStrings = {
  readonly p: readonly string[];
  readonly i: Int32Array;
  readonly num: Float64Array;
  readonly w: Uint8Array;
};

export type SetColumns = {
  readonly n: number;
  /** the fields the body has, in the list doc's field order, and each one's kind */
  readonly fields: readonly WireField[];
  readonly kinds: readonly Kind[];
  /** ids, times (ms since the epoch) and numbers: one per row, NaN = absent */
  readonly num: Partial<Record<WireField, Float64Array>>;
  /** dictionary-coded fields; graded ranges as shared Range objects */
  readonly dict: Partial<Record<WireField, DictValues>>;
  /** stock codes and certificate numbers: one per row, '' = absent */
  readonly str: Partial<Record<WireField, CodedStrings>>;
  /** 1 where the stone has a 360 frame set */
  readonly has360: Uint8Array;
};

/** Where a kind of field is held in SetColumns. */
const groupOf = (kind: Kind): 'num' | 'str' | 'dict' =>
  kind === 'id' || kind === 'time' || kind === 'num' ? 'num' : kind === 'str' || kind === 'code' ? 'str' : 'dict';

/** How one source (a wire body, a list of docs) gives each field's column. */
export type ColumnSource = {
  n: number;
  has(field: WireField): boolean;
  num(field: WireField, kind: Kind): Float64Array;
  str(field: WireField): CodedStrings;
  dict(field: WireField, kind: Kind): DictValues;
  has360: Uint8Array;
};

/** The columns of every field the source has, in the list doc's field order. */
export function assembleColumns(src: ColumnSource): SetColumns {
  const fields: WireField[] = [];
  const kinds: Kind[] = [];
  const num: Partial<Record<WireField, Float64Array>> = {};
  const dict: Partial<Record<WireField, DictValues>> = {};
  const str: Partial<Record<WireField, CodedStrings>> = {};
  for (const [field, kind] of WIRE_FIELDS) {
    if (!src.has(field)) continue;
    fields.push(field);
    kinds.push(kind);
    const group = groupOf(kind);
    if (group === 'num') num[field] = src.num(field, kind);
    else if (group === 'str') str[field] = src.str(field);
    else dict[field] = src.dict(field, kind);
  }
  return { n: src.n, fields, kinds, num, dict, str, has360: src.has360 };
}

/** A code column (or plain strings, split the same way) as CodedStrings. */
export function codedStrings(col: WireColumn | readonly string[], n: number): CodedStrings {
  const c = Array.isArray(col) ? codeColumn(col as string[]) : (col as CodeColumn);
  const num = new Float64Array(n);
  const last = new Float64Array(c.p.length);
  for (let r = 0; r < n; r++) num[r] = last[c.i[r]!]! += c.d[r]!;
  return { p: c.p, i: Int32Array.from(c.i), num, w: Uint8Array.from(c.w) };
}

/** Row `r`'s string ('' = absent). */
export function stringAt(c: CodedStrings, r: number): string {
  const w = c.w[r]!;
  const prefix = c.p[c.i[r]!]!;
  return w === 0 ? prefix : prefix + String(c.num[r]).padStart(w, '0');
}

/** A number column as one number per row (NaN = absent). */
function readNumbers(col: WireColumn, cols: CatalogueWire['cols'], n: number): Float64Array {
  const out = new Float64Array(n);
  if (Array.isArray(col)) {
    for (let r = 0; r < n; r++) out[r] = (col[r] as number | null) ?? NaN;
    return out;
  }
  const f = col as FixedColumn;
  const base = f.base ? readNumbers(cols[f.base]!, cols, n) : null;
  for (let r = 0; r < n; r++) {
    const x = f.v[r];
    const b = base ? base[r]! : NaN;
    out[r] = x == null ? NaN : (Number.isNaN(b) ? x : hundredths(b) + x) / f.x;
  }
  return out;
}

/** Running sums of a delta-coded column. */
function readDeltas(col: number[], n: number): Float64Array {
  const out = new Float64Array(n);
  let acc = 0;
  for (let r = 0; r < n; r++) out[r] = acc += col[r]!;
  return out;
}

const isWire = (w: unknown): w is CatalogueWire =>
  typeof w === 'object' &&
  w != null &&
  (w as CatalogueWire).format === WIRE_FORMAT &&
  Number.isInteger((w as CatalogueWire).n);

const rangeOf = ([From, To, a, b]: RangeEntry): Range => ({ From, To, rank: [a, b] });

/** The columns of a wire body. Throws on a body of another format. */
export function columnsOf(wire: unknown): SetColumns {
  if (!isWire(wire)) throw new Error('Not a catalogue body of format ' + WIRE_FORMAT);
  const { n, cols } = wire;
  const has360 = new Uint8Array(n);
  for (const r of wire.has360) if (r >= 0 && r < n) has360[r] = 1;
  return assembleColumns({
    n,
    has: (field) => cols[field] != null,
    num: (field, kind) =>
      kind === 'num' ? readNumbers(cols[field]!, cols, n) : readDeltas(cols[field] as number[], n),
    str: (field) => codedStrings(cols[field]!, n),
    dict: (field, kind) => {
      const { d, i } = cols[field] as DictColumn<unknown>;
      return { d: kind === 'range' ? (d as RangeEntry[]).map(rangeOf) : d, i: Int32Array.from(i) };
    },
    has360,
  });
}

/**
 * Row `r` as the list's doc: every column's field in one order (undefined where the stone has
 * no value), so all docs share one shape.
 */
export function docAt(c: SetColumns, r: number): WireDoc {
  const d: Record<string, unknown> = {};
  for (let k = 0; k < c.fields.length; k++) {
    const f = c.fields[k]!;
    const kind = c.kinds[k]!;
    const group = groupOf(kind);
    if (group === 'num') {
      const v = c.num[f]![r]!;
      d[f] = Number.isNaN(v) ? undefined : kind === 'time' ? new Date(v).toISOString() : v;
    } else if (group === 'str') {
      d[f] = stringAt(c.str[f]!, r) || undefined;
    } else {
      const col = c.dict[f]!;
      const at = col.i[r]!;
      d[f] = at >= 0 ? col.d[at] : undefined;
    }
  }
  d.has360 = c.has360[r] ? true : undefined;
  return d as ListDoc;
}

/** The stones of a wire body, in its order. Throws on a body of another format. */
export function decodeCatalogue(wire: unknown): WireDoc[] {
  const c = columnsOf(wire);
  const docs = new Array<WireDoc>(c.n);
  for (let r = 0; r < c.n; r++) docs[r] = docAt(c, r);
  return docs;
}
