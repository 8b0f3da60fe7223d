/**
 * One table row -> one stone (the schema's columns) or a list of errors naming the field.
 * Values are read leniently (thousands separators, %, $ and £ signs, grade abbreviations
 * such as VG / VSL, shape codes such as RB / PS) and checked strictly (known grades,
 * sensible ranges). An empty cell in a column the file has means "none".
 *
 * A new stock code needs StkShape, STWeight and a price (price or ExWebTotal for a single
 * stone, ppc for a parcel); a known stock code may come with only the columns that change.
 */
import type { NewDiamond } from '../../../db/tables.ts';
import {
  CLARITIES,
  COLOURS,
  FINISH_ABBREVIATIONS,
  FINISH_GRADES,
  FLUORESCENCES,
  clarityRank,
  colourRank,
  finishRank,
  fluorescenceRank,
} from '../../../src/domain/grades.ts';
import type { Field, HeaderMap, RangeField } from './headers.ts';
import type { RowError } from '../../../src/domain/stock-import.ts';

export type { RowError } from '../../../src/domain/stock-import.ts';
export type StoneRecord = { row: number; stone: NewDiamond & { stockCode: string } };

const norm = (s: string) => s.toUpperCase().replace(/[\s.]+/g, '');

const FINISH_MAP = new Map<string, string>();
FINISH_GRADES.forEach((g, i) => {
  FINISH_MAP.set(norm(g), g);
  FINISH_MAP.set(norm(FINISH_ABBREVIATIONS[i]!), g);
});
for (const [k, g] of [
  ['EXC', 'Excellent'],
  ['EX', 'Excellent'],
  ['ID', 'Excellent'],
  ['IDEAL', 'Excellent'],
  ['VGOOD', 'Very Good'],
  ['G', 'Good'],
  ['GOOD', 'Good'],
  ['F', 'Fair'],
  ['FR', 'Fair'],
  ['P', 'Poor'],
  ['PR', 'Poor'],
] as const) {
  FINISH_MAP.set(k, g);
}
const FLUOR_MAP = new Map<string, string>();
for (const [g, keys] of [
  ['None', ['NONE', 'NON', 'N', 'NIL', 'NO']],
  ['Faint', ['FAINT', 'FNT', 'FA', 'F']],
  ['Slight', ['SLIGHT', 'SL', 'SLT']],
  ['V. Slight', ['VSLIGHT', 'VERYSLIGHT', 'VSL', 'VSLT']],
  ['Medium', ['MEDIUM', 'MED', 'M']],
  ['Strong', ['STRONG', 'STG', 'SG', 'STR', 'S']],
  ['V. Strong', ['VSTRONG', 'VERYSTRONG', 'VSG', 'VST', 'VSTG']],
] as const) {
  for (const k of keys) FLUOR_MAP.set(k, g);
}
const COLOUR_SET = new Set<string>(COLOURS);
const CLARITY_SET = new Set<string>(CLARITIES);

type Grade = { read: (s: string) => string | null; rank: (l: string) => number | null; cols: string; hint: string };
const GRADE_DEFS: Record<RangeField, Grade> = {
  Colour: { read: (s) => (COLOUR_SET.has(norm(s)) ? norm(s) : null), rank: colourRank, cols: 'colour', hint: 'D to M' },
  Clarity: {
    read: (s) => (CLARITY_SET.has(norm(s)) ? norm(s) : null),
    rank: clarityRank,
    cols: 'clarity',
    hint: 'FL to I3',
  },
  Cut: {
    read: (s) => FINISH_MAP.get(norm(s)) ?? null,
    rank: finishRank,
    cols: 'cut',
    hint: 'Excellent, Very Good, Good, Fair, Poor',
  },
  Polish: {
    read: (s) => FINISH_MAP.get(norm(s)) ?? null,
    rank: finishRank,
    cols: 'polish',
    hint: 'Excellent, Very Good, Good, Fair, Poor',
  },
  Symmetry: {
    read: (s) => FINISH_MAP.get(norm(s)) ?? null,
    rank: finishRank,
    cols: 'symmetry',
    hint: 'Excellent, Very Good, Good, Fair, Poor',
  },
  flourecence: {
    read: (s) => FLUOR_MAP.get(norm(s)) ?? null,
    rank: fluorescenceRank,
    cols: 'fluorescence',
    hint: `${FLUORESCENCES.join(', ')}`,
  },
};

/** the four columns a range field fills: xFrom, xTo, xFromRank, xToRank */
const GRADE = Object.fromEntries(
  Object.entries(GRADE_DEFS).map(([f, g]) => [
    f,
    { ...g, keys: [`${g.cols}From`, `${g.cols}To`, `${g.cols}FromRank`, `${g.cols}ToRank`] as const },
  ]),
) as Record<RangeField, Grade & { keys: readonly [string, string, string, string] }>;

const SHAPE_CODES: Record<string, string> = {
  RD: 'Round',
  RB: 'Round',
  BR: 'Round',
  RBC: 'Round',
  ROUND: 'Round',
  OV: 'Oval',
  OVAL: 'Oval',
  CU: 'Cushion',
  CUS: 'Cushion',
  CUSH: 'Cushion',
  EM: 'Emerald',
  EC: 'Emerald',
  PR: 'Princess',
  PRN: 'Princess',
  PRIN: 'Princess',
  PS: 'Pear',
  PEAR: 'Pear',
  MQ: 'Marquise',
  MQS: 'Marquise',
  RA: 'Radiant',
  RAD: 'Radiant',
  HS: 'Heart',
  HT: 'Heart',
  HRT: 'Heart',
  AS: 'Asscher',
  ASC: 'Asscher',
  TR: 'Trilliant',
  TRI: 'Trilliant',
  BAG: 'Baguette',
  TB: 'Tapered',
  OEC: 'Old Cut/European Cut',
};
const titleCase = (s: string) =>
  s.toLowerCase().replace(/(^|[\s/-])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());

const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** '1,234.50', '$1234.5', '62.3%' -> number; '' -> null; anything else -> NaN */
export function readNumber(raw: string): number | null {
  const s = raw.trim().replace(/[,$£€\s%]/g, '');
  if (s === '') return null;
  return NUMBER.test(s) ? Number(s) : Number.NaN;
}

const SINGLE_WORDS = new Set(['SINGLEITEM', 'SINGLE', 'STONE', 'S', 'SINGLES']);
const PARCEL_WORDS = new Set(['MULTIPLEITEMS', 'MULTIPLE', 'PARCEL', 'PARCELS', 'P', 'LOT', 'M']);
const NATURAL_WORDS = new Set(['', 'NATURAL', 'MINED', 'N', 'EARTHMINED']);
const LAB_WORDS = new Set(['LABGROWN', 'LAB', 'LGD', 'CVD', 'HPHT', 'SYNTHETIC', 'LG', 'LABCREATED']);
const RANGE_KEYS = Object.keys(GRADE) as RangeField[];

const CAT_NAMES = { natural: 'Diamonds', lab: 'Lab Grown Diamonds', parcel: 'Parcels' } as const;

export type RowContext = { map: HeaderMap; existing: ReadonlySet<string>; now: Date };

/** Validates one row (`row` is the 1-based line in the file, header = 1). */
export function validateRow(
  cells: string[],
  row: number,
  ctx: RowContext,
): { record?: StoneRecord; errors: RowError[] } {
  const errors: RowError[] = [];
  const err = (field: string, msg: string) => void errors.push({ row, field, msg });
  const val: Partial<Record<Field, string>> = {};
  const ends: Partial<Record<RangeField, { from?: string; to?: string }>> = {};
  for (const [i, t] of ctx.map.columns) {
    const cell = (cells[i] ?? '').trim();
    if (t.end) (ends[t.field as RangeField] ??= {})[t.end] = cell;
    else val[t.field] = cell;
  }
  const has = (f: Field) => ctx.map.fields.has(f);

  const stockCode = val.StkCodeCalcNS ?? '';
  if (stockCode === '') err('StkCodeCalcNS', 'The stock code is required');
  else if (stockCode.length > 40 || !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(stockCode))
    err('StkCodeCalcNS', 'The stock code must be letters, digits, - _ . / (at most 40)');
  const isNew = !ctx.existing.has(stockCode);

  const num = (f: Field, min: number, max: number, label: string): number | null | undefined => {
    if (!has(f)) return undefined;
    const n = readNumber(val[f] ?? '');
    if (n == null) return null;
    if (Number.isNaN(n)) return (void err(f, `${label} must be a number, not "${val[f]}"`), undefined);
    if (n < min || n > max) return (void err(f, `${label} must be between ${min} and ${max}`), undefined);
    return n;
  };
  const cents = (f: Field, label: string) => {
    const n = num(f, 0, 100_000_000, label);
    return n == null ? n : Math.round(n * 100);
  };

  const stone: Partial<NewDiamond> = {};

  // category
  let catType: NewDiamond['catType'] | undefined;
  if (has('StkCatType') && val.StkCatType) {
    const t = norm(val.StkCatType);
    if (SINGLE_WORDS.has(t)) catType = 'Single Item';
    else if (PARCEL_WORDS.has(t)) catType = 'Multiple Items';
    else err('StkCatType', "The type must be 'Single Item' or 'Multiple Items'");
  }
  if (!catType && isNew) {
    const parcelish =
      (val.SizeFrom ?? '') !== '' ||
      ((val.ppc ?? '') !== '' && (val.price ?? '') === '' && (val.ExWebTotal ?? '') === '');
    catType = parcelish ? 'Multiple Items' : 'Single Item';
  }
  if (catType) stone.catType = catType;
  const parcel = catType === 'Multiple Items';

  let source: string | undefined;
  if (has('Source')) {
    const s = norm(val.Source ?? '');
    if (NATURAL_WORDS.has(s)) source = '';
    else if (LAB_WORDS.has(s)) source = 'Lab Grown';
    else err('Source', "Source must be 'Lab Grown' or empty (natural)");
  }
  if (source !== undefined) stone.source = source;
  else if (isNew) stone.source = '';

  if (has('StkShape')) {
    const raw = val.StkShape ?? '';
    if (raw === '') err('StkShape', 'The shape is required');
    else if (raw.length > 40) err('StkShape', 'The shape must be at most 40 characters');
    else stone.shape = SHAPE_CODES[norm(raw)] ?? titleCase(raw);
  } else if (isNew) err('StkShape', 'The shape is required for a new stone');

  const weight = num('STWeight', 0.001, 10_000, 'The weight');
  if (weight != null) stone.weight = Math.round(weight * 100) / 100;
  else if (weight === null || (isNew && !has('STWeight'))) err('STWeight', 'The weight (carats) is required');

  // range fields
  for (const f of RANGE_KEYS) {
    const g = GRADE[f];
    let from = '';
    let to = '';
    if (has(f) && ends[f]) {
      from = ends[f].from ?? '';
      to = ends[f].to ?? '';
    } else if (has(f)) {
      const parts = (val[f] ?? '').split(/\s+to\s+|\s*[-–]\s*/i).filter((p) => p !== '');
      if (parts.length > 2) {
        err(f, `${f} must be one grade or a range "From-To" of ${g.hint}`);
        continue;
      }
      from = parts[0] ?? '';
      to = parts[1] ?? from;
    } else continue;
    if (from === '' && to !== '') from = to;
    if (to === '' && from !== '') to = from;
    const a = from === '' ? null : g.read(from);
    const b = to === '' ? null : g.read(to);
    if ((from !== '' && a == null) || (to !== '' && b == null)) {
      err(f, `${f} must be ${g.hint}, not "${from === to ? from : `${from}-${to}`}"`);
      continue;
    }
    const ra = a == null ? null : g.rank(a);
    const rb = b == null ? null : g.rank(b);
    // From is the better grade: lower rank for colour and clarity, higher for the others
    const better = f === 'Colour' || f === 'Clarity' ? (ra ?? 0) <= (rb ?? 0) : (ra ?? 0) >= (rb ?? 0);
    const [lo, hi, rlo, rhi] = better ? [a, b, ra, rb] : [b, a, rb, ra];
    const st = stone as Record<string, unknown>;
    st[g.keys[0]] = lo;
    st[g.keys[1]] = hi;
    st[g.keys[2]] = rlo;
    st[g.keys[3]] = rhi;
  }

  if (has('StkCertSup')) {
    const lab = (val.StkCertSup ?? '').toUpperCase();
    if (lab.length > 20) err('StkCertSup', 'The lab must be at most 20 characters');
    else stone.certLab = lab;
  }
  if (has('StkCertNo')) {
    const no = val.StkCertNo ?? '';
    if (no.length > 40) err('StkCertNo', 'The report number must be at most 40 characters');
    else stone.certNumber = no;
  }

  const price = cents('price', 'The price');
  const ppc = cents('ppc', 'The price per carat');
  const exWeb = cents('ExWebTotal', 'ExWebTotal');
  const special = cents('WebSpecial', 'WebSpecial');
  if (price !== undefined) stone.priceCents = price;
  if (ppc !== undefined) stone.ppcCents = ppc;
  if (exWeb !== undefined) stone.exWebTotalCents = exWeb;
  if (special !== undefined) stone.webSpecialCents = special ?? 0;
  if (isNew) {
    if (parcel && stone.ppcCents == null) err('ppc', 'A parcel needs a price per carat (ppc)');
    if (!parcel && stone.priceCents == null && stone.exWebTotalCents == null) err('price', 'A stone needs a price');
  }
  if (!parcel && stone.priceCents == null && stone.exWebTotalCents != null && isNew)
    stone.priceCents = stone.exWebTotalCents;

  const rap = num('RAP', -100, 100, 'RAP');
  if (rap !== undefined) stone.rap = rap;
  const pct = (f: Field, key: keyof NewDiamond, label: string, max = 100) => {
    const n = num(f, 0, max, label);
    if (n !== undefined) (stone as Record<string, unknown>)[key] = n;
  };
  pct('StkDepth_Total', 'depthTotal', 'The depth %');
  pct('StkTable', 'tablePct', 'The table %');
  pct('StkCulet', 'culet', 'The culet', 180);
  pct('StkDepth_Crown', 'depthCrown', 'The crown %');
  pct('StkDepth_Girdle', 'depthGirdle', 'The girdle %');
  pct('StkDepth_Pavilion', 'depthPavilion', 'The pavilion %');
  pct('StkMes1', 'mes1', 'The length (mm)');
  pct('StkMes2', 'mes2', 'The width (mm)');
  pct('StkMes3', 'mes3', 'The depth (mm)');
  if (has('Stk_Mes_Concat') && !has('StkMes1')) {
    const raw = (val.Stk_Mes_Concat ?? '').toLowerCase().replace(/mm/g, '');
    if (raw.trim() === '') Object.assign(stone, { mes1: null, mes2: null, mes3: null });
    else {
      const parts = raw.split(/\s*[x*×]\s*/);
      const first = parts[0]?.split(/\s*-\s*/) ?? [];
      const nums = (first.length === 2 && parts.length === 2 ? [...first, parts[1]!] : parts).map((p) =>
        readNumber(p ?? ''),
      );
      if (nums.length !== 3 || nums.some((n) => n == null || Number.isNaN(n) || n < 0 || n > 100))
        err('Stk_Mes_Concat', `Measurements must read "L x W x D" in mm, not "${val.Stk_Mes_Concat}"`);
      else Object.assign(stone, { mes1: nums[0], mes2: nums[1], mes3: nums[2] });
    }
  }

  if (has('StkWebAvailable')) {
    const s = norm(val.StkWebAvailable ?? '');
    const a =
      s === ''
        ? 1
        : (
            { '1': 1, '2': 2, '3': 3, NOW: 1, IMMEDIATELY: 1, LATER: 2, ONDEMAND: 3, DEMAND: 3 } as Record<
              string,
              number
            >
          )[s];
    if (a == null) err('StkWebAvailable', 'Availability must be 1 (now), 2 (later) or 3 (on demand)');
    else stone.availability = a;
  }

  const text = (f: Field, key: keyof NewDiamond, max: number, label: string) => {
    if (!has(f)) return;
    const s = val[f] ?? '';
    if (s.length > max) err(f, `${label} must be at most ${max} characters`);
    else (stone as Record<string, unknown>)[key] = s;
  };
  text('StkCatName', 'catName', 80, 'The category name');
  text('StkDesc', 'description', 300, 'The description');
  text('Sieve', 'sieve', 40, 'The sieve');
  text('Comments', 'comments', 2000, 'The comments');
  const sizeFrom = num('SizeFrom', 0, 100, 'Size From');
  const sizeTo = num('SizeTo', 0, 100, 'Size To');
  if (sizeFrom !== undefined) stone.sizeFrom = sizeFrom;
  if (sizeTo !== undefined) stone.sizeTo = sizeTo;
  if (sizeFrom != null && sizeTo != null && sizeFrom > sizeTo) err('SizeTo', 'Size To must not be below Size From');

  if (errors.length) return { errors };

  if (isNew) {
    const kind = parcel ? 'parcel' : stone.source === 'Lab Grown' ? 'lab' : 'natural';
    stone.catName ||= CAT_NAMES[kind];
    if (!stone.description) stone.description = describe(stone, parcel);
  }
  stone.createdAt = ctx.now;
  stone.stockCode = stockCode;
  stone.inStock = true;
  stone.updatedAt = ctx.now;
  return { record: { row, stone: stone as NewDiamond & { stockCode: string } }, errors };
}

function describe(s: Partial<NewDiamond>, parcel: boolean): string {
  const grade = (a?: string | null, b?: string | null) => (a ? (b && b !== a ? `${a}-${b}` : a) : '');
  if (parcel) {
    const size = s.sizeFrom != null && s.sizeTo != null ? ` (${s.sizeFrom}-${s.sizeTo}ct)` : '';
    return [`${s.shape}${size}`, grade(s.colourFrom, s.colourTo), grade(s.clarityFrom, s.clarityTo)]
      .filter(Boolean)
      .join(' ');
  }
  return [
    `${(s.weight ?? 0).toFixed(2)}ct ${s.shape}`,
    s.colourFrom ?? '',
    s.clarityFrom ?? '',
    s.source === 'Lab Grown' ? 'Lab Grown' : '',
    s.certLab ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}
