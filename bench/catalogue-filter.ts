/**
 * Catalogue filtering bench: prepare + filter + sort over 10,000 and 50,000 synthetic stones,
 * through the same domain code the list island uses (src/domain/catalogue), and the list
 * payload size per stone (JSON, raw and gzip).
 *
 *   npx node bench/catalogue-filter.ts            # prints a table
 *   npx node bench/catalogue-filter.ts --json     # prints the figures as JSON
 *
 * Stones come from a seeded PRNG (mulberry32) with a trade-like spread: 72 % natural singles,
 * 18 % lab-grown, 10 % parcels; half of them round; weights log-normal around 0.9 ct.
 * The filter: Singles tab, shapes round + oval, 0.50-2.00 ct, colour D-H, clarity VVS1-SI1,
 * sorted by price (GBP), as a signed-in user; then the same plus a code search, and the worst
 * case (no filter, price descending). 'first price sort' is the one-off cost of the first sort
 * by a column after a load (its permutation is cached). 'prepare' is the browser worker's work on
 * the set's parsed body: decoding it into columns and building the index. Each figure is the
 * median of 20 runs.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { DiamondDoc, Range } from '../src/domain/diamond.ts';
import {
  CLARITIES,
  COLOURS,
  FINISH_GRADES,
  FLUORESCENCES,
  finishRank,
  fluorescenceRank,
} from '../src/domain/grades.ts';
import type { FxRate } from '../src/domain/money.ts';
import {
  defaultFilters,
  filterAndSort,
  INDEX_FIELDS,
  prepareColumns,
  sortOrder,
  type FilterState,
} from '../src/domain/catalogue/index.ts';
import { encodeCatalogue } from '../src/domain/catalogue/wire.ts';
import { columnsOf } from '../src/domain/catalogue/wire-decode.ts';
import { median } from './stats.ts';

const RUNS = 20;
const SIZES = [10_000, 50_000];
export const RATES: FxRate[] = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.27 },
  { currency: 'EUR', ExRate: 1.17 },
  { currency: 'JPY', ExRate: 190.5 },
  { currency: 'NZD', ExRate: 2.13 },
];

// ---------------------------------------------------------------- synthetic stock

type Rng = () => number;
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function weighted<T>(rng: Rng, table: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, w] of table) total += w;
  let r = rng() * total;
  for (const [item, w] of table) if ((r -= w) < 0) return item;
  return table[table.length - 1]![0];
}
const normal = (rng: Rng) => (rng() + rng() + rng() + rng() - 2) * 1.73; // ~N(0,1)
const r2 = (n: number) => Math.round(n * 100) / 100;
const clampInt = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(n)));

const SHAPES: readonly (readonly [string, number])[] = [
  ['Round', 50],
  ['Oval', 8],
  ['Pear', 7],
  ['Emerald', 7],
  ['Princess', 6],
  ['Cushion', 6],
  ['Radiant', 4],
  ['Marquise', 4],
  ['Heart', 3],
  ['Asscher', 3],
  ['Trilliant', 1],
  ['Cushion Modified', 1],
];
const PARCEL_SHAPES: readonly (readonly [string, number])[] = [
  ['Round', 60],
  ['Princess', 10],
  ['Baguette', 10],
  ['Tapered', 5],
  ['Old Cut/European Cut', 5],
  ['Pear', 5],
  ['Marquise', 5],
];
const LABS: readonly (readonly [string, number])[] = [
  ['GIA', 55],
  ['IGI', 25],
  ['HRD', 8],
  ['IIDGR', 5],
  ['EGL', 4],
  ['', 3],
];
const FINISH: readonly (readonly [number, number])[] = [
  [0, 50],
  [1, 30],
  [2, 15],
  [3, 4],
  [4, 1],
];
const FLUO: readonly (readonly [number, number])[] = [
  [0, 55],
  [1, 18],
  [2, 8],
  [3, 6],
  [4, 8],
  [5, 4],
  [6, 1],
];
const PARCEL_SIZES = [
  [0.003, 0.005],
  [0.006, 0.011],
  [0.011, 0.014],
  [0.014, 0.025],
  [0.025, 0.04],
  [0.04, 0.07],
  [0.08, 0.12],
  [0.13, 0.17],
  [0.18, 0.22],
] as const;

const range = (from: string, to: string, a: number, b: number): Range => ({ From: from, To: to, rank: [a, b] });

function single(i: number, rng: Rng, labGrown: boolean): DiamondDoc {
  const shape = weighted(rng, SHAPES);
  const weight = r2(Math.min(10.5, Math.max(0.18, Math.exp(Math.log(0.9) + 0.6 * normal(rng)))));
  const colour = clampInt(4 + 2.2 * normal(rng), 0, 9);
  const clarity = clampInt(5 + 2 * normal(rng), 0, 11);
  const [cut, polish, symmetry] = [0, 1, 2].map(() => weighted(rng, FINISH)) as [number, number, number];
  const fluo = weighted(rng, FLUO);
  const perCarat =
    5200 * Math.pow(weight, 0.55) * (1.6 - colour * 0.1) * (1.8 - clarity * 0.13) * (shape === 'Round' ? 1 : 0.82);
  const rap = Math.round(10 + rng() * 35);
  const price = Math.max(1, Math.round(perCarat * weight * (1 - rap / 100) * (labGrown ? 0.15 : 1)));
  const special = rng() < 0.05 ? Math.round(price * 0.9) : 0;
  const diameter = 6.5 * Math.cbrt(weight);
  const depth = r2(58 + rng() * 8);
  const mes1 = r2(diameter * (shape === 'Round' ? 1.005 : 1.3));
  const mes2 = r2(diameter);
  const mes3 = r2((diameter * depth) / 100);
  const c = COLOURS[colour]!;
  const q = CLARITIES[clarity]!;
  const f = (r: number) =>
    range(FINISH_GRADES[r]!, FINISH_GRADES[r]!, finishRank(FINISH_GRADES[r])!, finishRank(FINISH_GRADES[r])!);
  const fl = FLUORESCENCES[fluo]!;
  return {
    _id: i + 1,
    StkCodeCalcNS: `FT${String(i + 1).padStart(6, '0')}${labGrown ? 'L' : ''}`,
    StkShape: shape,
    StkCatType: 'Single Item',
    StkCatName: labGrown ? 'Lab Grown Diamonds' : 'Diamonds',
    Source: labGrown ? 'Lab Grown' : '',
    StkDesc: `${weight.toFixed(2)}ct ${shape} ${c} ${q}`,
    STWeight: weight,
    Size: null,
    Sieve: '',
    Colour: range(c, c, colour, colour),
    Clarity: range(q, q, clarity, clarity),
    Cut: f(cut),
    Polish: f(polish),
    Symmetry: f(symmetry),
    flourecence: range(fl, fl, fluorescenceRank(fl)!, fluorescenceRank(fl)!),
    StkCertSup: weighted(rng, LABS),
    StkCertNo: String(1000000000 + Math.floor(rng() * 8999999999)),
    WebSpecial: special,
    specialOffer: special > 0,
    price,
    priceOrig: price,
    ppc: null,
    ExWebTotal: price,
    RAP: rap,
    StkWebAvailable: weighted(rng, [
      [1, 70],
      [2, 20],
      [3, 10],
    ] as const),
    StkDepth_Total: depth,
    StkTable: r2(53 + rng() * 9),
    StkCulet: 0,
    StkDepth_Crown: r2(13 + rng() * 3),
    StkDepth_Girdle: r2(2.5 + rng() * 2),
    StkDepth_Pavilion: r2(42 + rng() * 2),
    StkMes1: mes1,
    StkMes2: mes2,
    StkMes3: mes3,
    Stk_Mes_Concat: `${mes1.toFixed(2)} x ${mes2.toFixed(2)} x ${mes3.toFixed(2)}`,
    Comments: rng() < 0.1 ? 'Eye clean' : '',
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000 + Math.floor(rng() * 3_600_000)).toISOString(),
    img: `/images/shapes/${shape.toLowerCase()}.svg`,
    imgSide: `/images/shapes/${shape.toLowerCase()}_side.svg`,
  };
}

function parcel(i: number, rng: Rng): DiamondDoc {
  const shape = weighted(rng, PARCEL_SHAPES);
  const [from, to] = PARCEL_SIZES[Math.floor(rng() * PARCEL_SIZES.length)]!;
  const colour = clampInt(3 + 2 * normal(rng), 0, 7);
  const clarity = clampInt(5 + 2 * normal(rng), 0, 9);
  const weight = r2(5 + rng() * 195);
  const ppc = Math.round(520 + (from / 0.22) * 1200 * (1.4 - colour * 0.06));
  const mm = r2(1 + Math.cbrt(to) * 5.5);
  return {
    ...single(i, rng, false),
    StkCodeCalcNS: `PC${String(i + 1).padStart(6, '0')}`,
    StkShape: shape,
    StkCatType: 'Multiple Items',
    StkCatName: 'Parcels',
    STWeight: weight,
    Size: range(from.toFixed(3), to.toFixed(3), from, to),
    Sieve: '+6.5-8',
    Colour: range(COLOURS[colour]!, COLOURS[colour + 2]!, colour, colour + 2),
    Clarity: range(CLARITIES[clarity]!, CLARITIES[clarity + 2]!, clarity, clarity + 2),
    Cut: null,
    Polish: null,
    Symmetry: null,
    flourecence: null,
    StkCertSup: '',
    StkCertNo: '',
    WebSpecial: 0,
    specialOffer: false,
    price: null,
    priceOrig: null,
    ppc,
    ExWebTotal: null,
    RAP: null,
    StkMes1: mm,
    StkMes2: mm,
    StkMes3: r2(mm * 0.6),
    Stk_Mes_Concat: '',
    img: '/images/shapes/round_parcel.svg',
    imgSide: '/images/shapes/round_parcel.svg',
  };
}

/** `n` stones, the same ones on every run. */
export function syntheticStock(n: number, seed = 0x46616365): DiamondDoc[] {
  const rng = mulberry32(seed);
  const out: DiamondDoc[] = [];
  for (let i = 0; i < n; i++) {
    const kind = rng();
    out.push(kind < 0.1 ? parcel(i, rng) : single(i, rng, kind < 0.28));
  }
  return out;
}

/** What a visitor receives: no price, ppc, ExWebTotal, RAP, priceOrig or availability. */
function visitorDoc(d: DiamondDoc): DiamondDoc {
  const { price: _p, priceOrig: _o, ppc: _c, ExWebTotal: _e, RAP: _r, StkWebAvailable: _a, ...rest } = d;
  return rest;
}

// ---------------------------------------------------------------- measuring

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export type BenchResult = {
  stones: number;
  matches: number;
  prepareMs: number;
  firstPriceSortMs: number;
  filterSortMs: number;
  searchMs: number;
  /** worst case: no filter at all on the Singles tab, sorted by price descending */
  unfilteredMs: number;
};

function realisticFilter(base: FilterState): FilterState {
  return { ...base, shapes: ['round', 'oval'], weight: [0.5, 2], colour: [0, 4], clarity: [2, 6] };
}

function benchSize(n: number): BenchResult {
  const docs = syntheticStock(n);
  const pricing = { ccy: 'GBP', rates: RATES };
  const ctx = { tab: 0 as const, authorised: true };
  const sort = { column: 'price' as const, direction: 'asc' as const };
  const prepare: number[] = [];
  const firstSort: number[] = [];
  // what the browser's worker does with the set's body once parsed: decode to columns, index
  const wire = JSON.parse(JSON.stringify(encodeCatalogue(docs, { version: '1', audience: 'trade' }))) as unknown;
  let ix = prepareColumns(columnsOf(wire), pricing);
  for (let r = 0; r < RUNS; r++) {
    prepare.push(time(() => (ix = prepareColumns(columnsOf(wire), pricing))));
    firstSort.push(time(() => sortOrder(ix, 'price')));
  }
  const filters = realisticFilter(defaultFilters(ix.bounds[0]));
  let matches = 0;
  const filterSort: number[] = [];
  for (let r = 0; r < RUNS; r++) filterSort.push(time(() => (matches = filterAndSort(ix, filters, sort, ctx).length)));
  const search = { ...filters, search: 'ft0012' };
  const searchRuns: number[] = [];
  for (let r = 0; r < RUNS; r++) searchRuns.push(time(() => filterAndSort(ix, search, sort, ctx)));
  const all = defaultFilters(ix.bounds[0]);
  const allRuns: number[] = [];
  for (let r = 0; r < RUNS; r++)
    allRuns.push(time(() => filterAndSort(ix, all, { column: 'price', direction: 'desc' }, ctx)));
  return {
    stones: n,
    matches,
    prepareMs: median(prepare),
    firstPriceSortMs: median(firstSort),
    filterSortMs: median(filterSort),
    searchMs: median(searchRuns),
    unfilteredMs: median(allRuns),
  };
}

export type PayloadResult = { stones: number; audience: string; rawBytesPerStone: number; gzipBytesPerStone: number };

/** Only the fields the catalogue index reads (INDEX_FIELDS): what a slim list payload would carry. */
function slimDoc(d: DiamondDoc): Partial<DiamondDoc> {
  const out: Record<string, unknown> = {};
  for (const k of INDEX_FIELDS) if (d[k] !== undefined) out[k] = d[k];
  return out as Partial<DiamondDoc>;
}

function payload(n: number): PayloadResult[] {
  const docs = syntheticStock(n);
  return [
    ['signed in, full docs', docs],
    ['visitor, full docs', docs.map(visitorDoc)],
    ['signed in, INDEX_FIELDS only', docs.map(slimDoc)],
  ].map(([audience, list]) => {
    const json = Buffer.from(JSON.stringify({ docs: list, totalDocs: n }));
    return {
      stones: n,
      audience: audience as string,
      rawBytesPerStone: Math.round(json.length / n),
      gzipBytesPerStone: Math.round(gzipSync(json, { level: 6 }).length / n),
    };
  });
}

export function main(argv: readonly string[] = process.argv.slice(2)) {
  const results = SIZES.map(benchSize);
  const sizes = payload(10_000);
  if (argv.includes('--json')) {
    console.log(JSON.stringify({ results, payload: sizes }, null, 2));
    return { results, payload: sizes };
  }
  const f = (ms: number) => ms.toFixed(2).padStart(8);
  console.log(`catalogue filter bench (median of ${RUNS} runs, Node ${process.version})`);
  console.log('  stones  matches  prepare ms  first price sort ms  filter+sort ms  +code search ms  unfiltered ms');
  for (const r of results) {
    console.log(
      `  ${String(r.stones).padStart(6)}  ${String(r.matches).padStart(7)}  ${f(r.prepareMs)}    ${f(r.firstPriceSortMs)}             ${f(r.filterSortMs)}        ${f(r.searchMs)}       ${f(r.unfilteredMs)}`,
    );
  }
  console.log('list payload (JSON docs):');
  for (const p of sizes) {
    console.log(
      `  ${p.stones} stones, ${p.audience}: ${p.rawBytesPerStone} B/stone raw, ${p.gzipBytesPerStone} B/stone gzip`,
    );
  }
  return { results, payload: sizes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
