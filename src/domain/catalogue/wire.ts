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
 * `decodeCatalogue(encodeCatalogue(docs))` (wire-decode.ts) gives back the same docs (fields with
 * no value left out, as in the JSON list form).
 */
import type { DiamondDoc, ListDoc, Range } from '../diamond.ts';

export const WIRE_FORMAT = 'facet-catalogue/1';

/** One stone of the list as the wire carries it: the list's own doc type. */
export type WireDoc = ListDoc;

export type Kind = 'id' | 'time' | 'num' | 'str' | 'code' | 'dict' | 'range';
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

export type RangeEntry = [string, string, number, number];
export type DictColumn<T> = { d: T[]; i: number[] };
/** whole hundredths, or hundredths more than the `base` column's (null = absent) */
export type FixedColumn = { x: 100; base?: WireField; v: (number | null)[] };
export type WireColumn =
  number[] | (number | null)[] | string[] | DictColumn<string> | DictColumn<RangeEntry> | FixedColumn | CodeColumn;

const SCALE = 100;
export const hundredths = (v: number) => Math.round(v * SCALE);
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

export function codeColumn(col: readonly string[]): CodeColumn {
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

/**
 * The set's answer header naming the live stream's sequence its body is current from: a copy
 * kept by the browser is brought up to date by the stream's events after it.
 */
export const SET_SEQ_HEADER = 'Facet-Live-Seq';

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
