/**
 * Test stones: plain DiamondDoc objects with sensible defaults (a 1.00 ct round G VS2 natural
 * single, GIA, signed-in fields present). Pass grade labels and the ranks are filled in.
 */
import { DEFAULT_AVAILABILITY_LABELS, type CatType, type DiamondDoc, type Range } from '../../../src/domain/diamond.ts';
import type { ColumnContext } from '../../../src/islands/catalogue/columns.tsx';
import { clarityRank, colourRank, finishRank, fluorescenceRank } from '../../../src/domain/grades.ts';
import type { FxRate } from '../../../src/domain/money.ts';

let nextId = 1;

type Grades = {
  colour?: string | [string, string] | null;
  clarity?: string | [string, string] | null;
  cut?: string | null;
  polish?: string | null;
  symmetry?: string | null;
  fluorescence?: string | null;
  /** parcels: per-stone size range in carats */
  size?: [number, number] | null;
};

const pair = (v: string | [string, string]) => (Array.isArray(v) ? v : ([v, v] as [string, string]));

function graded(v: string | [string, string] | null | undefined, rank: (l: string) => number | null): Range | null {
  if (v == null) return null;
  const [from, to] = pair(v);
  const a = rank(from);
  const b = rank(to);
  if (a == null || b == null) throw new Error(`unknown grade ${from}/${to}`);
  return { From: from, To: to, rank: [a, b] };
}

export function stone(over: Partial<DiamondDoc> & Grades = {}): DiamondDoc {
  const {
    colour = 'G',
    clarity = 'VS2',
    cut = 'Excellent',
    polish = 'Excellent',
    symmetry = 'Excellent',
    fluorescence = 'None',
    size = null,
    ...rest
  } = over;
  const id = rest._id ?? nextId++;
  const catType: CatType = rest.StkCatType ?? 'Single Item';
  const doc: DiamondDoc = {
    _id: id,
    StkCodeCalcNS: `FT${String(id).padStart(5, '0')}`,
    StkShape: 'Round',
    StkCatType: catType,
    StkCatName: catType === 'Multiple Items' ? 'Parcels' : 'Diamonds',
    Source: '',
    StkDesc: '',
    STWeight: 1,
    Size: size ? { From: size[0].toFixed(3), To: size[1].toFixed(3), rank: size } : null,
    Sieve: '',
    Colour: graded(colour, colourRank),
    Clarity: graded(clarity, clarityRank),
    Cut: graded(cut, finishRank),
    Polish: graded(polish, finishRank),
    Symmetry: graded(symmetry, finishRank),
    flourecence: graded(fluorescence, fluorescenceRank),
    StkCertSup: 'GIA',
    StkCertNo: '1234567890',
    WebSpecial: 0,
    specialOffer: false,
    price: 5000,
    priceOrig: 5000,
    ppc: null,
    ExWebTotal: 5000,
    RAP: 30,
    StkWebAvailable: 1,
    StkDepth_Total: 61.5,
    StkTable: 57,
    StkCulet: 0,
    StkDepth_Crown: 15,
    StkDepth_Girdle: 3,
    StkDepth_Pavilion: 43,
    StkMes1: 6.45,
    StkMes2: 6.42,
    StkMes3: 3.96,
    Stk_Mes_Concat: '6.45 x 6.42 x 3.96',
    Comments: '',
    createdAt: new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString(),
    img: '/images/shapes/round.svg',
    imgSide: '/images/shapes/round_side.svg',
    ...rest,
  };
  if (rest.WebSpecial != null && rest.specialOffer == null) doc.specialOffer = Number(rest.WebSpecial) > 0;
  return doc;
}

/** A parcel: Multiple Items with a Size range, ppc in GBP, no cut grades or certificate. */
export function parcel(over: Partial<DiamondDoc> & Grades = {}): DiamondDoc {
  return stone({
    StkCatType: 'Multiple Items',
    STWeight: 25,
    size: [0.01, 0.02],
    colour: ['F', 'H'],
    clarity: ['VS1', 'SI1'],
    cut: null,
    polish: null,
    symmetry: null,
    fluorescence: null,
    StkCertSup: '',
    StkCertNo: '',
    price: null,
    priceOrig: null,
    ExWebTotal: null,
    ppc: 800,
    ...over,
  });
}

export const labGrown = (over: Partial<DiamondDoc> & Grades = {}) =>
  stone({ Source: 'Lab Grown', StkCatName: 'Lab Grown Diamonds', ...over });

/** What a visitor receives: no price, ppc, ExWebTotal, RAP, priceOrig or availability. */
export function asVisitor(d: DiamondDoc): DiamondDoc {
  const { price: _p, priceOrig: _o, ppc: _c, ExWebTotal: _e, RAP: _r, StkWebAvailable: _a, ...rest } = d;
  return rest;
}

/** Rates on one common base (GBP = 1), as GET /site sends them. */
export const RATES: FxRate[] = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.25 },
  { currency: 'EUR', ExRate: 1.16 },
  { currency: 'JPY', ExRate: 190 },
  { currency: 'NZD', ExRate: 2.1 },
];

/** A signed-in trader's table columns, priced in `ccy` at `rates`. */
export const traderColumns = (ccy: string, rates: readonly FxRate[]): ColumnContext => ({
  authorised: true,
  measurements: true,
  availability: true,
  parcels: false,
  ccy,
  rates,
  labels: DEFAULT_AVAILABILITY_LABELS,
});
