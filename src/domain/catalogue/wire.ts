/**
 * The catalogue's wire format (docs/decisions/004-catalogue-wire-format.md): the full stock
 * list as columns instead of one object per stone.
 *
 *   { format, version, audience, n, cols: { <field>: column }, has360: rows[] }
 *
 * Columns by kind:
 * - `id`: integers, each the difference from the previous row's (rows are in createdAt order);
 * - `time`: ISO timestamps as ms since the epoch, each the difference from the previous row's;
 * - `num`: numbers as numbers, null = absent; when every value has at most two decimals, as
 *   `{ x: 100, v }` whole hundredths instead, and some columns as the difference from another
 *   column of the same row (`{ x: 100, base, v }`: ExWebTotal from price, width from length),
 *   which is 0 for most stones and so costs almost nothing once compressed;
 * - `str`: strings as they are ('' = absent);
 * - `code`: stock codes split into a dictionary-coded prefix and a trailing number, the number
 *   as the difference from the last one with the same prefix and its digit count (`{ p, i, d, w }`), so
 *   sequential codes cost next to nothing;
 * - `dict`: `{ d: values, i: index per row }`, -1 = absent; shapes, categories, labs and the
 *   graded ranges (a range is the pair `[From, To, fromRank, toRank]` of labels and ranks).
 *
 * A column only exists when some row has a value, so a visitor's body has no price column of
 * any kind (the docs it is built from have none) except WebSpecial for special offers.
 * `decodeCatalogue(encodeCatalogue(docs))` gives back the same docs (fields with no value left
 * out, as in the JSON list form).
 */
import type { DiamondDoc, ListDoc, Range } from '../diamond.ts';

export const WIRE_FORMAT = 'facet-catalogue/1';

/** One stone of the list as the wire carries it: the list's own doc type. */
export type WireDoc = ListDoc;

type Kind = 'id' | 'time' | 'num' | 'str' | 'code' | 'dict' | 'range';
/** Every field of the list form, with its column kind, in a fixed order. */
export const WIRE_FIELDS = [
  ['_id', 'id'],
  ['StkCodeCalcNS', 'code'],
  ['StkShape', 'dict'],
  ['StkCatType', 'dict'],
  ['StkCatName', 'dict'],
  ['Source', 'dict'],
  ['STWeight', 'num'],
  ['Size', 'range'],
  ['Colour', 'range'],
  ['Clarity', 'range'],
  ['Cut', 'range'],
  ['Polish', 'range'],
  ['Symmetry', 'range'],
  ['flourecence', 'range'],
  ['StkCertSup', 'dict'],
  ['StkCertNo', 'str'],
  ['WebSpecial', 'num'],
  ['price', 'num'],
  ['ppc', 'num'],
  ['ExWebTotal', 'num', 'price'],
  ['RAP', 'num'],
  ['StkWebAvailable', 'num'],
  ['StkDepth_Total', 'num'],
  ['StkTable', 'num'],
  ['StkMes1', 'num'],
  ['StkMes2', 'num', 'StkMes1'],
  ['StkMes3', 'num'],
  ['createdAt', 'time'],
] as const satisfies readonly (readonly [keyof DiamondDoc, Kind, (keyof DiamondDoc)?])[];
export type WireField = (typeof WIRE_FIELDS)[number][0];

type RangeEntry = [string, string, number, number];
export type DictColumn<T> = { d: T[]; i: number[] };
/** whole hundredths, or hundredths more than the `base` column's (null = absent) */
export type FixedColumn = { x: 100; base?: WireField; v: (number | null)[] };
export type WireColumn =
  number[] | (number | null)[] | string[] | DictColumn<string> | DictColumn<RangeEntry> | FixedColumn | CodeColumn;

const SCALE = 100;
const hundredths = (v: number) => Math.round(v * SCALE);
const isFixed = (v: number) => hundredths(v) / SCALE === v && Number.isSafeInteger(hundredths(v));

/** A plain number column as whole hundredths (relative to `base` where both are present), if exact. */
function fixedColumn(col: (number | null)[], base: (number | null)[] | undefined, baseName?: WireField): WireColumn {
  if (!col.every((v) => v == null || isFixed(v))) return col;
  const baseOk = base != null && base.every((b) => b == null || isFixed(b));
  const v = col.map((x, r) => {
    if (x == null) return null;
    const b = baseOk ? base[r] : null;
    return b == null ? hundredths(x) : hundredths(x) - hundredths(b);
  });
  return baseOk ? { x: SCALE, base: baseName, v } : { x: SCALE, v };
}

/** prefix (dictionary), trailing number (delta from the previous row's with that prefix) and its digit count */
export type CodeColumn = { p: string[]; i: number[]; d: number[]; w: number[] };
const CODE = /^(.*?)(\d{1,15})$/;

function codeColumn(col: string[]): CodeColumn {
  const p: string[] = [];
  const at = new Map<string, number>();
  const out: CodeColumn = { p, i: [], d: [], w: [] };
  const prev: number[] = [];
  for (const s of col) {
    const m = CODE.exec(s);
    const prefix = m ? m[1]! : s;
    let k = at.get(prefix);
    if (k == null) at.set(prefix, (k = p.push(prefix) - 1));
    out.i.push(k);
    const last = prev[k] ?? 0;
    const num = m ? Number(m[2]) : last;
    out.d.push(num - last);
    out.w.push(m ? m[2]!.length : 0);
    prev[k] = num;
  }
  return out;
}

function readCodes(col: WireColumn, n: number): string[] {
  if (Array.isArray(col)) return col as string[];
  const c = col as CodeColumn;
  const out = new Array<string>(n);
  const last = new Array<number>(c.p.length).fill(0);
  for (let r = 0; r < n; r++) {
    const k = c.i[r]!;
    const num = (last[k] = last[k]! + c.d[r]!);
    const w = c.w[r]!;
    out[r] = c.p[k]! + (w === 0 ? '' : String(num).padStart(w, '0'));
  }
  return out;
}

function readNumbers(col: WireColumn, cols: CatalogueWire['cols'], n: number): (number | null)[] {
  if (Array.isArray(col)) return col as (number | null)[];
  const f = col as FixedColumn;
  const base = f.base ? readNumbers(cols[f.base]!, cols, n) : null;
  const out = new Array<number | null>(n);
  for (let r = 0; r < n; r++) {
    const x = f.v[r];
    const b = base?.[r];
    out[r] = x == null ? null : (b == null ? x : hundredths(b) + x) / f.x;
  }
  return out;
}

export type CatalogueWire = {
  format: typeof WIRE_FORMAT;
  version: string;
  audience: 'visitor' | 'trade';
  n: number;
  cols: Partial<Record<WireField, WireColumn>>;
  /** rows with a 360 frame set */
  has360: number[];
};

type Encoder = { push(v: unknown): void; done(): WireColumn | null };

function dictEncoder(keyOf: (v: unknown) => string, entryOf: (v: unknown) => unknown): Encoder {
  const d: unknown[] = [];
  const seen = new Map<string, number>();
  const i: number[] = [];
  let any = false;
  return {
    push(v) {
      if (v == null || v === '') return void i.push(-1);
      any = true;
      const k = keyOf(v);
      let at = seen.get(k);
      if (at == null) {
        at = d.length;
        d.push(entryOf(v));
        seen.set(k, at);
      }
      i.push(at);
    },
    done: () => (any ? ({ d, i } as WireColumn) : null),
  };
}

function deltaEncoder(read: (v: unknown) => number): Encoder {
  const out: number[] = [];
  let prev = 0;
  return {
    push(v) {
      const x = read(v);
      out.push(x - prev);
      prev = x;
    },
    done: () => out,
  };
}

function plainEncoder(absent: null | ''): Encoder {
  const out: unknown[] = [];
  let any = false;
  return {
    push(v) {
      if (v == null || v === '') return void out.push(absent);
      any = true;
      out.push(v);
    },
    done: () => (any ? (out as WireColumn) : null),
  };
}

const rangeEntry = (r: unknown): RangeEntry => {
  const x = r as Range;
  return [x.From, x.To, x.rank[0], x.rank[1]];
};

function encoderFor(kind: Kind): Encoder {
  switch (kind) {
    case 'id':
      return deltaEncoder((v) => v as number);
    case 'time':
      return deltaEncoder((v) => Date.parse(v as string));
    case 'num':
      return plainEncoder(null);
    case 'str':
    case 'code':
      return plainEncoder('');
    case 'dict':
      return dictEncoder(
        (v) => v as string,
        (v) => v,
      );
    case 'range':
      return dictEncoder((v) => rangeEntry(v).join('\u0001'), rangeEntry);
  }
}

/** An encoder fed stone by stone (so a large stock can be encoded in slices), then finished once. */
export function catalogueEncoder(meta: { version: string; audience: 'visitor' | 'trade' }) {
  const encoders = WIRE_FIELDS.map(([, kind]) => encoderFor(kind));
  const has360: number[] = [];
  let n = 0;
  return {
    push(doc: WireDoc) {
      for (let f = 0; f < WIRE_FIELDS.length; f++) encoders[f]!.push(doc[WIRE_FIELDS[f]![0]]);
      if (doc.has360) has360.push(n);
      n++;
    },
    finish(): CatalogueWire {
      const cols: CatalogueWire['cols'] = {};
      const plain: Partial<Record<WireField, WireColumn>> = {};
      WIRE_FIELDS.forEach(([field], f) => {
        const col = encoders[f]!.done();
        if (col) plain[field] = col;
      });
      for (const [field, kind, base] of WIRE_FIELDS as readonly (readonly [WireField, Kind, WireField?])[]) {
        const col = plain[field];
        if (!col) continue;
        cols[field] =
          kind === 'num'
            ? fixedColumn(
                col as (number | null)[],
                base ? (plain[base] as (number | null)[] | undefined) : undefined,
                base,
              )
            : kind === 'code'
              ? codeColumn(col as string[])
              : col;
      }
      return { format: WIRE_FORMAT, version: meta.version, audience: meta.audience, n, cols, has360 };
    },
  };
}

export function encodeCatalogue(docs: readonly WireDoc[], meta: { version: string; audience: 'visitor' | 'trade' }) {
  const enc = catalogueEncoder(meta);
  for (const d of docs) enc.push(d);
  return enc.finish();
}

const isWire = (w: unknown): w is CatalogueWire =>
  typeof w === 'object' &&
  w != null &&
  (w as CatalogueWire).format === WIRE_FORMAT &&
  Number.isInteger((w as CatalogueWire).n);

/** One column as a value per row (undefined = absent). */
function columnValues(kind: Kind, col: WireColumn, cols: CatalogueWire['cols'], n: number): unknown[] {
  switch (kind) {
    case 'id':
    case 'time': {
      const a = col as number[];
      const out = new Array<unknown>(n);
      let acc = 0;
      for (let r = 0; r < n; r++) {
        acc += a[r]!;
        out[r] = kind === 'id' ? acc : new Date(acc).toISOString();
      }
      return out;
    }
    case 'num':
    case 'str':
    case 'code': {
      const a = kind === 'num' ? readNumbers(col, cols, n) : kind === 'code' ? readCodes(col, n) : (col as unknown[]);
      const out = new Array<unknown>(n);
      for (let r = 0; r < n; r++) {
        const v = a[r];
        out[r] = v == null || v === '' ? undefined : v;
      }
      return out;
    }
    case 'dict':
    case 'range': {
      const { d, i } = col as DictColumn<unknown>;
      // ranges are shared between stones: the list only reads them
      const values =
        kind === 'dict' ? d : (d as RangeEntry[]).map(([From, To, a, b]): Range => ({ From, To, rank: [a, b] }));
      const out = new Array<unknown>(n);
      for (let r = 0; r < n; r++) out[r] = i[r]! >= 0 ? values[i[r]!] : undefined;
      return out;
    }
  }
}

/**
 * The stones of a wire body, in its order. Throws on a body of another format. Every stone
 * gets the fields of every column the body has, in one order (undefined where it has no
 * value), so all share one shape: building 50,000 of them stays a fast loop.
 */
export function decodeCatalogue(wire: unknown): WireDoc[] {
  if (!isWire(wire)) throw new Error('Not a catalogue body of format ' + WIRE_FORMAT);
  const n = wire.n;
  const fields: string[] = [];
  const values: unknown[][] = [];
  for (const [field, kind] of WIRE_FIELDS) {
    const col = wire.cols[field];
    if (!col) continue;
    fields.push(field);
    values.push(columnValues(kind, col, wire.cols, n));
  }
  const with360 = new Uint8Array(n);
  for (const r of wire.has360) if (r >= 0 && r < n) with360[r] = 1;
  const docs = new Array<WireDoc>(n);
  const f = fields.length;
  for (let r = 0; r < n; r++) {
    const d: Record<string, unknown> = {};
    for (let k = 0; k < f; k++) d[fields[k]!] = values[k]![r];
    d.has360 = with360[r] ? true : undefined;
    docs[r] = d as WireDoc;
  }
  return docs;
}
