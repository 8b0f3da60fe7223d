/**
 * One table row -> one stone (the schema's columns) or a list of errors naming the field.
 * Each cell is read by its column's schema (cell-schemas.ts: lenient reading of thousands
 * separators, %, $ and £ signs, grade abbreviations such as VG / VSL, shape codes such as
 * RB / PS; strict checks of known grades and sensible ranges). An empty cell in a column the
 * file has means "none". The errors of a row come in column order, all at once.
 *
 * A new stock code needs StkShape, STWeight and a price (price or ExWebTotal for a single
 * stone, ppc for a parcel); a known stock code may come with only the columns that change.
 */
import * as v from 'valibot';
import type { NewDiamond } from '../../../db/tables.ts';
import { isParcel } from '../../../src/domain/diamond.ts';
import type { RowError } from '../../../src/domain/stock-import.ts';
import {
  availabilityCell,
  catTypeCell,
  centsCell,
  certLabCell,
  gradeRangeSchema,
  measurementsCell,
  numberCell,
  rangeTextCell,
  shapeCell,
  sourceCell,
  stockCodeCell,
  textCell,
  weightCell,
  type CatType,
  type CellSchema,
} from './cell-schemas.ts';
import { RANGE_FIELDS, type Field, type HeaderMap, type RangeField } from './headers.ts';
import { GRADE_SCALES } from './vocabulary.ts';

export type { RowError } from '../../../src/domain/stock-import.ts';
export { readNumber } from './vocabulary.ts';
export type StoneRecord = { row: number; stone: NewDiamond & { stockCode: string } };
export type RowContext = { map: HeaderMap; existing: ReadonlySet<string>; now: Date };

const RANGE_TEXT = Object.fromEntries(RANGE_FIELDS.map((f) => [f, rangeTextCell(f)])) as Record<
  RangeField,
  ReturnType<typeof rangeTextCell>
>;
const GRADE_RANGE = Object.fromEntries(RANGE_FIELDS.map((f) => [f, gradeRangeSchema(f)])) as Record<
  RangeField,
  ReturnType<typeof gradeRangeSchema>
>;

/** prices, in cents: the stone's key and the column's rule */
const PRICES: [Field, keyof NewDiamond, CellSchema<number | null>][] = [
  ['price', 'priceCents', centsCell('The price')],
  ['ppc', 'ppcCents', centsCell('The price per carat')],
  ['ExWebTotal', 'exWebTotalCents', centsCell('ExWebTotal')],
];
const WEB_SPECIAL = centsCell('WebSpecial');
const RAP = numberCell('RAP', -100, 100);
/** percentages and millimetres, 0 to 100 (the culet's angle to 180) */
const MEASURES: [Field, keyof NewDiamond, CellSchema<number | null>][] = [
  ['StkDepth_Total', 'depthTotal', numberCell('The depth %', 0, 100)],
  ['StkTable', 'tablePct', numberCell('The table %', 0, 100)],
  ['StkCulet', 'culet', numberCell('The culet', 0, 180)],
  ['StkDepth_Crown', 'depthCrown', numberCell('The crown %', 0, 100)],
  ['StkDepth_Girdle', 'depthGirdle', numberCell('The girdle %', 0, 100)],
  ['StkDepth_Pavilion', 'depthPavilion', numberCell('The pavilion %', 0, 100)],
  ['StkMes1', 'mes1', numberCell('The length (mm)', 0, 100)],
  ['StkMes2', 'mes2', numberCell('The width (mm)', 0, 100)],
  ['StkMes3', 'mes3', numberCell('The depth (mm)', 0, 100)],
];
const TEXTS: [Field, keyof NewDiamond, CellSchema<string>][] = [
  ['StkCatName', 'catName', textCell('The category name', 80)],
  ['StkDesc', 'description', textCell('The description', 300)],
  ['Sieve', 'sieve', textCell('The sieve', 40)],
  ['Comments', 'comments', textCell('The comments', 2000)],
];
const CERT_NO = textCell('The report number', 40);
const SIZE_FROM = numberCell('Size From', 0, 100);
const SIZE_TO = numberCell('Size To', 0, 100);

const CAT_NAMES = { natural: 'Diamonds', lab: 'Lab Grown Diamonds', parcel: 'Parcels' } as const;

/** Validates one row (`row` is the 1-based line in the file, header = 1). */
export function validateRow(
  cells: string[],
  row: number,
  ctx: RowContext,
): { record?: StoneRecord; errors: RowError[] } {
  const errors: RowError[] = [];
  const { val, ends } = cellsByField(cells, ctx.map);
  /** the cell as written (a range given in two columns: "from-to") */
  const written = (field: string): string => {
    const e = ends[field as RangeField];
    return e ? [e.from ?? '', e.to ?? ''].filter(Boolean).join('-') : (val[field as Field] ?? '');
  };
  const err = (field: string, msg: string) => void errors.push({ row, field, value: written(field), msg });
  const has = (f: Field) => ctx.map.fields.has(f);
  /** the cell's value by its rule; undefined when the rule refused it (the error is noted) */
  const check = <I, T>(field: Field, schema: v.GenericSchema<I, T>, input: I): T | undefined => {
    const r = v.safeParse(schema, input);
    if (r.success) return r.output;
    err(field, r.issues[0].message);
    return undefined;
  };
  /** the column's value, or undefined when the file has no such column or the cell was refused */
  const read = <T>(field: Field, schema: CellSchema<T>): T | undefined =>
    has(field) ? check(field, schema, val[field] ?? '') : undefined;
  const stone: Partial<NewDiamond> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined) (stone as Record<string, unknown>)[key] = value;
  };

  const stockCode = val.StkCodeCalcNS ?? '';
  check('StkCodeCalcNS', stockCodeCell, stockCode);
  const isNew = !ctx.existing.has(stockCode);

  const catType =
    (val.StkCatType ? read('StkCatType', catTypeCell) : undefined) ?? (isNew ? guessCatType(val) : undefined);
  put('catType', catType);
  const parcel = isParcel(catType);
  put('source', read('Source', sourceCell) ?? (isNew ? '' : undefined));

  if (has('StkShape')) put('shape', read('StkShape', shapeCell));
  else if (isNew) err('StkShape', 'The shape is required for a new stone');
  if (has('STWeight')) put('weight', read('STWeight', weightCell));
  else if (isNew) err('STWeight', 'The weight (carats) is required');

  for (const f of RANGE_FIELDS) {
    if (!has(f)) continue;
    const e = ends[f];
    const given = e ? { from: e.from ?? '', to: e.to ?? '' } : read(f, RANGE_TEXT[f]);
    const range = given && check(f, GRADE_RANGE[f], given);
    if (!range) continue;
    const [from, to, fromRank, toRank] = GRADE_SCALES[f].keys;
    put(from, range.from);
    put(to, range.to);
    put(fromRank, range.fromRank);
    put(toRank, range.toRank);
  }

  put('certLab', read('StkCertSup', certLabCell));
  put('certNumber', read('StkCertNo', CERT_NO));

  for (const [f, key, schema] of PRICES) put(key, read(f, schema));
  const special = read('WebSpecial', WEB_SPECIAL);
  if (special !== undefined) stone.webSpecialCents = special ?? 0;
  // a new parcel is priced per carat; a new single stone by its price, else its ExWebTotal
  if (isNew) {
    if (parcel && stone.ppcCents == null) err('ppc', 'A parcel needs a price per carat (ppc)');
    if (!parcel && stone.priceCents == null && stone.exWebTotalCents == null) err('price', 'A stone needs a price');
    if (!parcel && stone.priceCents == null && stone.exWebTotalCents != null) stone.priceCents = stone.exWebTotalCents;
  }

  put('rap', read('RAP', RAP));
  for (const [f, key, schema] of MEASURES) put(key, read(f, schema));
  // the one-column measurements count only when the file has no length column
  if (!has('StkMes1')) Object.assign(stone, read('Stk_Mes_Concat', measurementsCell));
  put('availability', read('StkWebAvailable', availabilityCell));
  for (const [f, key, schema] of TEXTS) put(key, read(f, schema));
  const sizeFrom = read('SizeFrom', SIZE_FROM);
  const sizeTo = read('SizeTo', SIZE_TO);
  put('sizeFrom', sizeFrom);
  put('sizeTo', sizeTo);
  if (sizeFrom != null && sizeTo != null && sizeFrom > sizeTo) err('SizeTo', 'Size To must not be below Size From');

  if (errors.length) return { errors };

  // a new stone without them gets its category's name and a description
  if (isNew) {
    stone.catName ||= CAT_NAMES[parcel ? 'parcel' : stone.source === 'Lab Grown' ? 'lab' : 'natural'];
    stone.description ||= describe(stone, parcel);
  }
  stone.createdAt = ctx.now;
  stone.stockCode = stockCode;
  stone.inStock = true;
  stone.updatedAt = ctx.now;
  return { record: { row, stone: stone as NewDiamond & { stockCode: string } }, errors };
}

type Ends = { from?: string; to?: string };
/** the row's trimmed cells by field; a range given in From / To columns under `ends` */
function cellsByField(cells: string[], map: HeaderMap) {
  const val: Partial<Record<Field, string>> = {};
  const ends: Partial<Record<RangeField, Ends>> = {};
  for (const [i, t] of map.columns) {
    const cell = (cells[i] ?? '').trim();
    if (t.end) (ends[t.field as RangeField] ??= {})[t.end] = cell;
    else val[t.field] = cell;
  }
  return { val, ends };
}

/** A new row without a type is a parcel when it has a size, or a ppc but no price. */
function guessCatType(val: Partial<Record<Field, string>>): CatType {
  const parcelish =
    (val.SizeFrom ?? '') !== '' ||
    ((val.ppc ?? '') !== '' && (val.price ?? '') === '' && (val.ExWebTotal ?? '') === '');
  return parcelish ? 'Multiple Items' : 'Single Item';
}

/** A new stone's description: '1.01ct Round G VS1 GIA'; a parcel's: 'Pear (0.1-0.2ct) G-H VS1'. */
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
