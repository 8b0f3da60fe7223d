/**
 * The columnar index the catalogue filters and sorts over (docs/decisions/002).
 *
 * Built once per load of the stock list: one typed array per filterable field, so
 * `applyFilters` is a tight loop over numbers and `sortRows` walks a permutation cached per
 * sort column. Missing numbers are NaN, missing grades -1. Rows are positions in the set.
 * It is built from the set's columns (wire-decode.ts), not from one object per stone, so it is
 * quick to build and to move from a Web Worker; a stone's doc is made only when it is shown.
 * Prices are held in the chosen currency exactly as displayed (money.ts rules); a currency
 * change calls `setCurrency`, which recomputes only the two price columns.
 */
import { isParcel, SINGLE, type CatType, type ListDoc, type Range } from '../diamond.ts';
import { displayPrice, pricePerCarat, roundTo, type FxRate, type PricedStone } from '../money.ts';
import { columnsOfDocs } from './doc-columns.ts';
import type { WireField } from './wire.ts';
import { docAt, stringAt, type DictValues, type SetColumns } from './wire-decode.ts';
import { EMPTY_BOUNDS, outwardRange, type FilterBounds } from './filter-state.ts';
import { shapeIndex, shapeListFor } from './shapes.ts';
import { mainTabOf, MAIN_TABS, PARCELS_TAB, type MainTab } from './tabs.ts';
import { codeKey } from './codes.ts';
import { idRows } from './id-rows.ts';

/**
 * The ListDoc fields the index reads (filters, sorts, tabs, prices). A slim list payload
 * needs only these; the rest (descriptions, proportions, images, comments) is detail-only.
 */
export const INDEX_FIELDS = [
  '_id',
  'StkCodeCalcNS',
  'StkShape',
  'StkCatType',
  'StkCatName',
  'Source',
  'STWeight',
  'Size',
  'Colour',
  'Clarity',
  'Cut',
  'Polish',
  'Symmetry',
  'flourecence',
  'StkCertSup',
  'WebSpecial',
  'price',
  'ppc',
  'ExWebTotal',
  'RAP',
  'StkWebAvailable',
  'StkDepth_Total',
  'StkTable',
  'StkMes1',
  'StkMes2',
  'StkMes3',
  'createdAt',
] as const satisfies readonly (keyof ListDoc)[];

/** The currency prices are shown in; null (a visitor, or rates not loaded yet) leaves every stone unpriced. */
export type PriceContext = { ccy: string; rates: readonly FxRate[] } | null;

export type SortOrder = {
  /** every row, ascending by key (ties by createdAt then load order), missing keys last */
  order: Int32Array;
  /** how many rows have a key (the rest, at the end, are missing) */
  present: number;
  key: Float64Array;
};

export type CatalogueIndex = {
  /** the stones as columns (wire-decode.ts); `docOf` makes a row's doc when it is shown */
  readonly cols: SetColumns;
  /** the docs made so far, by row (sparse; the docs themselves when built from docs) */
  readonly made: ListDoc[];
  readonly size: number;
  readonly tab: Uint8Array;
  /** rows of each main tab in load order; the Coloured tab is empty */
  readonly tabRows: Readonly<Record<MainTab, Int32Array>>;
  /** slider bounds per main tab, from the stones themselves */
  readonly bounds: Readonly<Record<MainTab, FilterBounds>>;
  /** index of the shape in the row's category shape list ('other' for unlisted shapes) */
  readonly shape: Uint8Array;
  /** STWeight */
  readonly weight: Float64Array;
  /** weight range tested for overlap: singles [STWeight, STWeight], parcels their Size range */
  readonly weightLo: Float64Array;
  readonly weightHi: Float64Array;
  /** grade ranks, low and high end of the stone's range (-1 = not graded) */
  readonly colourLo: Int8Array;
  readonly colourHi: Int8Array;
  readonly clarityLo: Int8Array;
  readonly clarityHi: Int8Array;
  readonly cutLo: Int8Array;
  readonly cutHi: Int8Array;
  readonly polishLo: Int8Array;
  readonly polishHi: Int8Array;
  readonly symmetryLo: Int8Array;
  readonly symmetryHi: Int8Array;
  readonly fluorescenceLo: Int8Array;
  readonly fluorescenceHi: Int8Array;
  /** index into `labs` (uppercased StkCertSup values, '' for none) */
  readonly lab: Uint8Array;
  readonly labs: readonly string[];
  /** 1 when WebSpecial is above 0 */
  readonly special: Uint8Array;
  /** StkWebAvailable (1, 2, 3), 0 when absent */
  readonly availability: Uint8Array;
  readonly depth: Float64Array;
  readonly table: Float64Array;
  readonly length: Float64Array;
  readonly width: Float64Array;
  readonly height: Float64Array;
  readonly rap: Float64Array;
  readonly createdAt: Float64Array;
  /** StkCodeCalcNS and StkCertNo lowercased, made on the first search (searchCodes) */
  codes: readonly string[] | null;
  /** displayed price and price per carat in `pricing.ccy` (NaN when unpriced) */
  price: Float64Array;
  ppc: Float64Array;
  pricing: PriceContext;
  /** per sort column permutations, built on first use */
  readonly orders: Map<string, SortOrder>;
  /** the sliders' histograms (bars) by slider, tab and weight limits, made on first use (histograms.ts) */
  readonly histograms: Map<string, number[]>;
  /** scratch space for sorting (all zero between calls) */
  readonly mask: Uint8Array;
};

const num = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? NaN : v);

/** Low and high rank of each distinct graded range (-1 = not graded). */
function rangeRanks(values: readonly unknown[]): [Int8Array, Int8Array] {
  const lo = new Int8Array(values.length);
  const hi = new Int8Array(values.length);
  values.forEach((v, k) => {
    const a = (v as Range | null)?.rank?.[0];
    const b = (v as Range | null)?.rank?.[1];
    if (a == null || !Number.isFinite(a)) {
      lo[k] = hi[k] = -1;
      return;
    }
    const bb = b == null || !Number.isFinite(b) ? a : b;
    lo[k] = Math.min(a, bb);
    hi[k] = Math.max(a, bb);
  });
  return [lo, hi];
}

/** Each row's low and high grade rank of a graded field (-1 = not graded). */
function fillRange(c: SetColumns, field: WireField, lo: Int8Array, hi: Int8Array) {
  const col = c.dict[field];
  if (!col) return void (lo.fill(-1), hi.fill(-1));
  const [rlo, rhi] = rangeRanks(col.d);
  for (let r = 0; r < c.n; r++) {
    const k = col.i[r]!;
    lo[r] = k < 0 ? -1 : rlo[k]!;
    hi[r] = k < 0 ? -1 : rhi[k]!;
  }
}

function minMax(rows: Int32Array, lo: Float64Array, hi: Float64Array) {
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k] as number;
    const a = lo[i] as number;
    const b = hi[i] as number;
    if (a < min) min = a; // NaN compares false, so missing values are skipped
    if (b > max) max = b;
  }
  return min <= max ? outwardRange(min, max) : ([0, 0] as const);
}

/** A row's value of a dictionary-coded field (undefined = absent). */
const dictValue = <T>(col: DictValues | undefined, r: number): T | undefined => {
  const k = col ? col.i[r]! : -1;
  return k < 0 ? undefined : (col!.d[k] as T);
};
/** A number column, or all NaN when the set has no such field. */
const numbers = (c: SetColumns, field: WireField) => c.num[field] ?? new Float64Array(c.n).fill(NaN);
const orUndefined = (v: number | undefined) => (v == null || Number.isNaN(v) ? undefined : v);

function fillPrices(ix: CatalogueIndex, pricing: PriceContext) {
  const { cols: c, price, ppc } = ix;
  ix.pricing = pricing;
  if (!pricing) {
    price.fill(NaN);
    ppc.fill(NaN);
    return;
  }
  const { STWeight: w, WebSpecial: special, price: base, ppc: basePpc, ExWebTotal: total } = c.num;
  const cat = c.dict.StkCatType;
  // one stone's price fields at a time, read by money.ts's rules
  const stone: PricedStone = { StkCatType: SINGLE, STWeight: NaN };
  for (let i = 0; i < c.n; i++) {
    stone.StkCatType = dictValue<CatType>(cat, i) ?? SINGLE;
    stone.STWeight = w ? w[i]! : NaN;
    stone.WebSpecial = orUndefined(special?.[i]);
    stone.price = orUndefined(base?.[i]);
    stone.ppc = orUndefined(basePpc?.[i]);
    stone.ExWebTotal = orUndefined(total?.[i]);
    try {
      const p = num(displayPrice(stone, pricing.ccy, pricing.rates)?.amount);
      price[i] = p;
      // singles: money.pricePerCarat's own rule (displayed price / weight, 2 decimals), without converting twice
      ppc[i] = isParcel(stone.StkCatType)
        ? num(pricePerCarat(stone, pricing.ccy, pricing.rates)?.amount)
        : Number.isNaN(p) || !(stone.STWeight > 0)
          ? NaN
          : roundTo(p / stone.STWeight, 2);
    } catch {
      price[i] = NaN; // no rate for the currency: treat as unpriced rather than fail the list
      ppc[i] = NaN;
    }
  }
}

/** Each row's main tab (tabs.ts's rule, read once per distinct category, name and source). */
function fillTabs(c: SetColumns, tab: Uint8Array) {
  const { StkCatType: cat, StkCatName: name, Source: source } = c.dict;
  const seen = new Map<number, MainTab>();
  const names = (name?.d.length ?? 0) + 1;
  const sources = (source?.d.length ?? 0) + 1;
  for (let r = 0; r < c.n; r++) {
    // one number per (category, name, source) codes, each shifted past -1 (absent)
    const key = (((cat?.i[r] ?? -1) + 1) * names + (name?.i[r] ?? -1) + 1) * sources + (source?.i[r] ?? -1) + 1;
    let t = seen.get(key);
    if (t == null) {
      t = mainTabOf({
        StkCatType: dictValue<CatType>(cat, r) ?? SINGLE,
        StkCatName: dictValue(name, r),
        Source: dictValue(source, r),
      });
      seen.set(key, t);
    }
    tab[r] = t;
  }
}

/** Each row's index in its category's shape list ('other' for unlisted shapes). */
function fillShapes(c: SetColumns, shape: Uint8Array) {
  const { StkCatType: cat, StkShape: shapes } = c.dict;
  const seen = new Map<number, number>();
  const width = (shapes?.d.length ?? 0) + 1;
  for (let r = 0; r < c.n; r++) {
    const key = ((cat?.i[r] ?? -1) + 1) * width + (shapes?.i[r] ?? -1) + 1;
    let sh = seen.get(key);
    if (sh == null) {
      sh = shapeIndex(dictValue<string>(shapes, r) ?? '', shapeListFor(dictValue<CatType>(cat, r) ?? SINGLE));
      seen.set(key, sh);
    }
    shape[r] = sh;
  }
}

/** Each row's lab (uppercased, '' for none) as an index into the labs, in order of first appearance. */
function fillLabs(c: SetColumns, lab: Uint8Array): string[] {
  const col = c.dict.StkCertSup;
  const labs: string[] = [];
  const labIndex = new Map<string, number>();
  const ofCode = new Int16Array((col?.d.length ?? 0) + 1).fill(-1); // by code + 1 (0: no lab)
  for (let r = 0; r < c.n; r++) {
    const code = (col?.i[r] ?? -1) + 1;
    let l = ofCode[code]!;
    if (l < 0) {
      const labName = (dictValue<string>(col, r) ?? '').trim().toUpperCase();
      l = labIndex.get(labName) ?? -1;
      if (l < 0) {
        l = labs.length < 255 ? labs.length : 255; // past 255 distinct labs, the rest share one slot
        if (l < 255) labs.push(labName);
        labIndex.set(labName, l);
      }
      ofCode[code] = l;
    }
    lab[r] = l;
  }
  return labs;
}

/** The rows of each main tab, in load order, from each row's tab. */
export function tabRowsOf(tab: Uint8Array): Record<MainTab, Int32Array> {
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < tab.length; i++) counts[tab[i]!]!++;
  const tabRows = {
    0: new Int32Array(counts[0]!),
    1: new Int32Array(counts[1]!),
    2: new Int32Array(counts[2]!),
    3: new Int32Array(counts[3]!),
  };
  const fill = [0, 0, 0, 0];
  for (let i = 0; i < tab.length; i++) {
    const t = tab[i] as MainTab;
    tabRows[t][fill[t]!++] = i;
  }
  return tabRows;
}

type BoundsColumns = Pick<
  CatalogueIndex,
  'tabRows' | 'weight' | 'weightLo' | 'weightHi' | 'length' | 'width' | 'height'
>;

/** The slider bounds of each main tab, from its stones (an empty tab keeps the empty bounds). */
export function boundsOf(ix: BoundsColumns): Record<MainTab, FilterBounds> {
  const bounds: Record<MainTab, FilterBounds> = { 0: EMPTY_BOUNDS, 1: EMPTY_BOUNDS, 2: EMPTY_BOUNDS, 3: EMPTY_BOUNDS };
  for (const t of MAIN_TABS) {
    const rows = ix.tabRows[t];
    if (rows.length === 0) continue;
    bounds[t] = {
      weight: t === PARCELS_TAB ? minMax(rows, ix.weightLo, ix.weightHi) : minMax(rows, ix.weight, ix.weight),
      measurementsLength: minMax(rows, ix.length, ix.length),
      measurementsWidth: minMax(rows, ix.width, ix.width),
      measurementsDepth: minMax(rows, ix.height, ix.height),
    };
  }
  return bounds;
}

/** Builds the index of a loaded stock list from its columns. */
export function prepareColumns(c: SetColumns, pricing: PriceContext = null, made: ListDoc[] = []): CatalogueIndex {
  const n = c.n;
  const f64 = () => new Float64Array(n);
  const i8 = () => new Int8Array(n);
  const weight = numbers(c, 'STWeight');
  const ix: CatalogueIndex = {
    cols: c,
    made,
    size: n,
    tab: new Uint8Array(n),
    tabRows: { 0: new Int32Array(0), 1: new Int32Array(0), 2: new Int32Array(0), 3: new Int32Array(0) },
    bounds: { 0: EMPTY_BOUNDS, 1: EMPTY_BOUNDS, 2: EMPTY_BOUNDS, 3: EMPTY_BOUNDS },
    shape: new Uint8Array(n),
    weight,
    weightLo: f64(),
    weightHi: f64(),
    colourLo: i8(),
    colourHi: i8(),
    clarityLo: i8(),
    clarityHi: i8(),
    cutLo: i8(),
    cutHi: i8(),
    polishLo: i8(),
    polishHi: i8(),
    symmetryLo: i8(),
    symmetryHi: i8(),
    fluorescenceLo: i8(),
    fluorescenceHi: i8(),
    lab: new Uint8Array(n),
    labs: [],
    special: new Uint8Array(n),
    availability: new Uint8Array(n),
    depth: numbers(c, 'StkDepth_Total'),
    table: numbers(c, 'StkTable'),
    length: numbers(c, 'StkMes1'),
    width: numbers(c, 'StkMes2'),
    height: numbers(c, 'StkMes3'),
    rap: numbers(c, 'RAP'),
    createdAt: numbers(c, 'createdAt'),
    codes: null,
    price: f64(),
    ppc: f64(),
    pricing: null,
    orders: new Map(),
    histograms: new Map(),
    mask: new Uint8Array(n),
  };
  fillTabs(c, ix.tab);
  fillShapes(c, ix.shape);
  (ix as { labs: readonly string[] }).labs = fillLabs(c, ix.lab);
  fillRange(c, 'Colour', ix.colourLo, ix.colourHi);
  fillRange(c, 'Clarity', ix.clarityLo, ix.clarityHi);
  fillRange(c, 'Cut', ix.cutLo, ix.cutHi);
  fillRange(c, 'Polish', ix.polishLo, ix.polishHi);
  fillRange(c, 'Symmetry', ix.symmetryLo, ix.symmetryHi);
  fillRange(c, 'flourecence', ix.fluorescenceLo, ix.fluorescenceHi);
  // a parcel's weight range is its Size range; a single's its weight
  const size = c.dict.Size;
  const sizeRanks = size?.d.map((v) => (v as Range | null)?.rank);
  const cat = c.dict.StkCatType;
  const { WebSpecial: special, StkWebAvailable: available } = c.num;
  for (let i = 0; i < n; i++) {
    const w = weight[i]!;
    const k = size && isParcel(dictValue<string>(cat, i)) ? size.i[i]! : -1;
    const rank = k >= 0 ? sizeRanks![k] : undefined;
    const s0 = num(rank?.[0]);
    const s1 = num(rank?.[1] ?? rank?.[0]);
    ix.weightLo[i] = Number.isNaN(s0) ? w : Math.min(s0, Number.isNaN(s1) ? s0 : s1);
    ix.weightHi[i] = Number.isNaN(s0) ? w : Math.max(s0, Number.isNaN(s1) ? s0 : s1);
    ix.special[i] = special && special[i]! > 0 ? 1 : 0;
    const a = available ? available[i]! : 0;
    ix.availability[i] = a === 1 || a === 2 || a === 3 ? a : 0;
  }
  (ix as { tabRows: CatalogueIndex['tabRows'] }).tabRows = tabRowsOf(ix.tab);
  (ix as { bounds: CatalogueIndex['bounds'] }).bounds = boundsOf(ix);
  fillPrices(ix, pricing);
  return ix;
}

/** Builds the index of a stock list held as docs (each row's doc is the one given). */
export function prepareCatalogue(docs: readonly ListDoc[], pricing: PriceContext = null): CatalogueIndex {
  return prepareColumns(columnsOfDocs(docs), pricing, docs.slice());
}

/**
 * Every row's stock code and certificate number lowercased (one line each), what the search box
 * matches (made once, on the first search).
 */
export function searchCodes(ix: CatalogueIndex): readonly string[] {
  if (ix.codes) return ix.codes;
  const out = new Array<string>(ix.size);
  for (let i = 0; i < ix.size; i++) out[i] = codeLine(ix.cols, i);
  return (ix.codes = out);
}

/** Row `i`'s line of searchCodes: its stock code, and its certificate number when it has one. */
export function codeLine(c: SetColumns, i: number): string {
  const code = c.str.StkCodeCalcNS;
  const cert = c.str.StkCertNo;
  const s = code ? stringAt(code, i) : '';
  const n = cert ? stringAt(cert, i) : '';
  return n ? `${codeKey(s)}\n${codeKey(n)}` : codeKey(s);
}

/** Row `i`'s stone as the list's doc (made once, when first asked for). */
export function docOf(ix: CatalogueIndex, i: number): ListDoc {
  return (ix.made[i] ??= docAt(ix.cols, i));
}

/** Every stone of the index as docs, in load order (a download of the whole list). */
export function allDocs(ix: CatalogueIndex): ListDoc[] {
  const out = new Array<ListDoc>(ix.size);
  for (let i = 0; i < ix.size; i++) out[i] = docOf(ix, i);
  return out;
}

/** Re-prices the index in another currency (only the price and ppc columns change). */
export function setCurrency(ix: CatalogueIndex, pricing: PriceContext): void {
  fillPrices(ix, pricing);
  ix.orders.delete('price');
  ix.orders.delete('ppc');
  ix.histograms.clear();
}

/** The stones of a list of rows, in that order. */
export function rowsToDocs(ix: CatalogueIndex, rows: ArrayLike<number>): ListDoc[] {
  const out = new Array<ListDoc>(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = docOf(ix, rows[k] as number);
  return out;
}

/** The rows of the stones `ids` names, in that order; ids not in the index are left out. */
export function rowsOfIds(ix: CatalogueIndex, ids: readonly number[]): Int32Array {
  const rows = idRows(ix);
  return Int32Array.from(ids.flatMap((id) => rows.get(id) ?? []));
}

/** Count badges: stones per main tab. */
export function tabCounts(ix: CatalogueIndex): Record<MainTab, number> {
  return { 0: ix.tabRows[0].length, 1: ix.tabRows[1].length, 2: ix.tabRows[2].length, 3: ix.tabRows[3].length };
}
