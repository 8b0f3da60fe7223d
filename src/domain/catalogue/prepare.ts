/**
 * The columnar index the catalogue filters and sorts over (docs/decisions/002).
 *
 * Built once per load of the stock list: one typed array per filterable field, so
 * `applyFilters` is a tight loop over numbers and `sortRows` walks a permutation cached per
 * sort column. Missing numbers are NaN, missing grades -1. Rows are positions in `docs`.
 * Prices are held in the chosen currency exactly as displayed (money.ts rules); a currency
 * change calls `setCurrency`, which recomputes only the two price columns.
 */
import { isParcel, type ListDoc, type Range } from '../diamond.ts';
import { displayPrice, pricePerCarat, roundTo, type FxRate } from '../money.ts';
import { EMPTY_BOUNDS, outwardRange, type FilterBounds } from './filter-state.ts';
import { shapeIndex, shapeListFor } from './shapes.ts';
import { mainTabOf, MAIN_TABS, PARCELS_TAB, type MainTab } from './tabs.ts';

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
  readonly docs: readonly ListDoc[];
  readonly size: number;
  /** `_id` -> row */
  readonly rowOf: ReadonlyMap<number, number>;
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
  /** StkCodeCalcNS lowercased */
  readonly code: readonly string[];
  /** displayed price and price per carat in `pricing.ccy` (NaN when unpriced) */
  price: Float64Array;
  ppc: Float64Array;
  pricing: PriceContext;
  /** per sort column permutations, built on first use */
  readonly orders: Map<string, SortOrder>;
  /** scratch space for sorting (all zero between calls) */
  readonly mask: Uint8Array;
};

const num = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? NaN : v);

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const two = (s: string, i: number) => digit(s, i) * 10 + digit(s, i + 1);

/** ms since the epoch; the API's toISOString() form read by position, anything else by Date.parse. */
export function parseTime(s: string | null | undefined): number {
  if (!s) return NaN;
  if (
    s.length === 24 &&
    s.charCodeAt(10) === 84 /* T */ &&
    s.charCodeAt(23) === 90 /* Z */ &&
    s.charCodeAt(19) === 46 /* . */
  ) {
    const t = Date.UTC(
      two(s, 0) * 100 + two(s, 2),
      two(s, 5) - 1,
      two(s, 8),
      two(s, 11),
      two(s, 14),
      two(s, 17),
      digit(s, 20) * 100 + two(s, 21),
    );
    if (Number.isFinite(t)) return t;
  }
  return Date.parse(s);
}

function fillRange(r: Range | null | undefined, lo: Int8Array, hi: Int8Array, i: number) {
  const a = r?.rank?.[0];
  const b = r?.rank?.[1];
  if (a == null || !Number.isFinite(a)) {
    lo[i] = -1;
    hi[i] = -1;
    return;
  }
  const bb = b == null || !Number.isFinite(b) ? a : b;
  lo[i] = Math.min(a, bb);
  hi[i] = Math.max(a, bb);
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

function fillPrices(ix: CatalogueIndex, pricing: PriceContext) {
  const { docs, price, ppc } = ix;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as ListDoc;
    if (!pricing) {
      price[i] = NaN;
      ppc[i] = NaN;
      continue;
    }
    try {
      const p = num(displayPrice(d, pricing.ccy, pricing.rates)?.amount);
      price[i] = p;
      // singles: money.pricePerCarat's own rule (displayed price / weight, 2 decimals), without converting twice
      ppc[i] = isParcel(d.StkCatType)
        ? num(pricePerCarat(d, pricing.ccy, pricing.rates)?.amount)
        : Number.isNaN(p) || !(d.STWeight > 0)
          ? NaN
          : roundTo(p / d.STWeight, 2);
    } catch {
      price[i] = NaN; // no rate for the currency: treat as unpriced rather than fail the list
      ppc[i] = NaN;
    }
  }
  ix.pricing = pricing;
}

/** Builds the index of a loaded stock list. */
export function prepareCatalogue(docs: readonly ListDoc[], pricing: PriceContext = null): CatalogueIndex {
  const n = docs.length;
  const f64 = () => new Float64Array(n);
  const i8 = () => new Int8Array(n);
  const ix: CatalogueIndex = {
    docs,
    size: n,
    rowOf: new Map(),
    tab: new Uint8Array(n),
    tabRows: { 0: new Int32Array(0), 1: new Int32Array(0), 2: new Int32Array(0), 3: new Int32Array(0) },
    bounds: { 0: EMPTY_BOUNDS, 1: EMPTY_BOUNDS, 2: EMPTY_BOUNDS, 3: EMPTY_BOUNDS },
    shape: new Uint8Array(n),
    weight: f64(),
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
    depth: f64(),
    table: f64(),
    length: f64(),
    width: f64(),
    height: f64(),
    rap: f64(),
    createdAt: f64(),
    code: new Array<string>(n),
    price: f64(),
    ppc: f64(),
    pricing: null,
    orders: new Map(),
    mask: new Uint8Array(n),
  };
  const rowOf = ix.rowOf as Map<number, number>;
  const labs: string[] = [];
  const labIndex = new Map<string, number>();
  const labOfRaw = new Map<string | undefined, number>();
  const singleShapes = new Map<string, number>();
  const parcelShapes = new Map<string, number>();
  const counts = [0, 0, 0, 0];
  const code = ix.code as string[];
  for (let i = 0; i < n; i++) {
    const d = docs[i] as ListDoc;
    rowOf.set(d._id, i);
    const t = mainTabOf(d);
    ix.tab[i] = t;
    counts[t] = (counts[t] ?? 0) + 1;
    const shapeCache = isParcel(d.StkCatType) ? parcelShapes : singleShapes;
    let sh = shapeCache.get(d.StkShape);
    if (sh == null) {
      sh = shapeIndex(d.StkShape, shapeListFor(d.StkCatType));
      shapeCache.set(d.StkShape, sh);
    }
    ix.shape[i] = sh;
    const w = num(d.STWeight);
    ix.weight[i] = w;
    const size = isParcel(d.StkCatType) ? d.Size?.rank : undefined;
    const s0 = num(size?.[0]);
    const s1 = num(size?.[1] ?? size?.[0]);
    ix.weightLo[i] = Number.isNaN(s0) ? w : Math.min(s0, Number.isNaN(s1) ? s0 : s1);
    ix.weightHi[i] = Number.isNaN(s0) ? w : Math.max(s0, Number.isNaN(s1) ? s0 : s1);
    fillRange(d.Colour, ix.colourLo, ix.colourHi, i);
    fillRange(d.Clarity, ix.clarityLo, ix.clarityHi, i);
    fillRange(d.Cut, ix.cutLo, ix.cutHi, i);
    fillRange(d.Polish, ix.polishLo, ix.polishHi, i);
    fillRange(d.Symmetry, ix.symmetryLo, ix.symmetryHi, i);
    fillRange(d.flourecence, ix.fluorescenceLo, ix.fluorescenceHi, i);
    let l = labOfRaw.get(d.StkCertSup);
    if (l == null) {
      const labName = (d.StkCertSup ?? '').trim().toUpperCase();
      l = labIndex.get(labName);
      if (l == null) {
        l = labs.length < 255 ? labs.length : 255; // past 255 distinct labs, the rest share one slot
        if (l < 255) labs.push(labName);
        labIndex.set(labName, l);
      }
      labOfRaw.set(d.StkCertSup, l);
    }
    ix.lab[i] = l;
    ix.special[i] = Number(d.WebSpecial) > 0 ? 1 : 0;
    const a = d.StkWebAvailable;
    ix.availability[i] = a === 1 || a === 2 || a === 3 ? a : 0;
    ix.depth[i] = num(d.StkDepth_Total);
    ix.table[i] = num(d.StkTable);
    ix.length[i] = num(d.StkMes1);
    ix.width[i] = num(d.StkMes2);
    ix.height[i] = num(d.StkMes3);
    ix.rap[i] = num(d.RAP);
    ix.createdAt[i] = parseTime(d.createdAt);
    code[i] = (d.StkCodeCalcNS ?? '').toLowerCase();
  }
  (ix as { labs: readonly string[] }).labs = labs;
  const tabRows = ix.tabRows as Record<MainTab, Int32Array>;
  for (const t of MAIN_TABS) tabRows[t] = new Int32Array(counts[t] ?? 0);
  const fill = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const t = ix.tab[i] as MainTab;
    tabRows[t][fill[t]!++] = i;
  }
  const bounds = ix.bounds as Record<MainTab, FilterBounds>;
  for (const t of MAIN_TABS) {
    const rows = tabRows[t];
    if (rows.length === 0) continue;
    bounds[t] = {
      weight: t === PARCELS_TAB ? minMax(rows, ix.weightLo, ix.weightHi) : minMax(rows, ix.weight, ix.weight),
      measurementsLength: minMax(rows, ix.length, ix.length),
      measurementsWidth: minMax(rows, ix.width, ix.width),
      measurementsDepth: minMax(rows, ix.height, ix.height),
    };
  }
  fillPrices(ix, pricing);
  return ix;
}

/** Re-prices the index in another currency (only the price and ppc columns change). */
export function setCurrency(ix: CatalogueIndex, pricing: PriceContext): void {
  fillPrices(ix, pricing);
  ix.orders.delete('price');
  ix.orders.delete('ppc');
}

/** The stones of a list of rows, in that order. */
export function rowsToDocs(ix: CatalogueIndex, rows: ArrayLike<number>): ListDoc[] {
  const out = new Array<ListDoc>(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = ix.docs[rows[k] as number] as ListDoc;
  return out;
}

/** Count badges: stones per main tab. */
export function tabCounts(ix: CatalogueIndex): Record<MainTab, number> {
  return { 0: ix.tabRows[0].length, 1: ix.tabRows[1].length, 2: ix.tabRows[2].length, 3: ix.tabRows[3].length };
}
