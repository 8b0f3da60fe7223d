/**
 * The columns of a stock list download and the text of each cell:
 * - Singles: ID, Shape, Origin, Weight, Colour, Clarity, Cut, Polish, Symmetry, Fluor, L/W/D,
 *   Lab, PPC, BR, Price, plus Availability in Excel.
 * - Parcels: ID, Shape, Origin, Size, Colour, Clarity, L/W/D, Lab, PPC.
 * - Origin: 'Natural' or 'Lab-grown', since a list (certified stock, the current list) can mix both.
 * - Cut, polish and symmetry as EX, VG, GD, FAR, POR; fluorescence as NON, FNT, SL, VSL, MED,
 *   SG, VSG. A range shows 'From-To'. Missing values '-'.
 * - Prices (PPC, Price) in the chosen currency, only with a price context (signed in).
 * - `pdfWidth`: the PDF column width as a percentage of the printable width (sums to 100).
 * - Excel gets figures as numbers, so a buyer can sort and sum: a column with `number` gives
 *   the cell's value (null: an empty cell) and `numFmt` its Excel number format (weight
 *   '0.00', prices with the currency's symbol '"£"#,##0.00', BR '0.00"%"').
 */
import { isParcel, type Availability, type ListDoc, type Range } from '../diamond.ts';
import { FINISH_ABBREVIATIONS, FINISH_GRADES, FLUORESCENCE_ABBREVIATIONS, FLUORESCENCES } from '../grades.ts';
import {
  CURRENCY_SYMBOLS,
  formatMeasurements,
  formatPrice,
  MISSING,
  roundTo,
  type CurrencyCode,
  type FxRate,
} from '../money.ts';
import { stonePrice, stonePricePerCarat } from '../catalogue/pricing.ts';
import { sizeRange } from '../bag/names.ts';
import { isLabGrown } from '../catalogue/tabs.ts';

export type Pricing = { ccy: string; rates: readonly FxRate[] } | null;
export type CellContext = { pricing: Pricing; availability: Record<Availability, string> };
export type Column = {
  key: string;
  header: string;
  pdfWidth: number;
  excelOnly?: boolean;
  /** figures: right-aligned in the PDF */
  numeric?: boolean;
  value: (d: ListDoc, ctx: CellContext) => string;
  /** Excel: the figure itself (null: no value, an empty cell); the text of `value` otherwise */
  number?: (d: ListDoc, ctx: CellContext) => number | null;
  /** Excel number format of a `number` column */
  numFmt?: (ctx: CellContext) => string;
};

/** One Excel cell: a number, a text, or empty. */
export type ExcelCell = string | number | null;

const abbreviate = (scale: readonly string[], abbr: readonly string[], label: string) => {
  const i = scale.findIndex((s) => s.toLowerCase() === label.trim().toLowerCase());
  return i < 0 ? label : (abbr[i] ?? label);
};

/** 'EX', or 'EX-VG' for a range. */
export function finishAbbr(r: Range | null | undefined): string {
  if (!r?.From) return MISSING;
  const from = abbreviate(FINISH_GRADES, FINISH_ABBREVIATIONS, r.From);
  const to = r.To ? abbreviate(FINISH_GRADES, FINISH_ABBREVIATIONS, r.To) : from;
  return from === to ? from : `${from}-${to}`;
}

export function fluorescenceAbbr(r: Range | null | undefined): string {
  if (!r?.From) return MISSING;
  const from = abbreviate(FLUORESCENCES, FLUORESCENCE_ABBREVIATIONS, r.From);
  const to = r.To ? abbreviate(FLUORESCENCES, FLUORESCENCE_ABBREVIATIONS, r.To) : from;
  return from === to ? from : `${from}-${to}`;
}

const grade = (r: Range | null | undefined) =>
  !r?.From ? MISSING : r.To && r.To !== r.From ? `${r.From}-${r.To}` : r.From;
const cap = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : MISSING);
const num = (n: number | null | undefined, places = 2) =>
  n == null || !Number.isFinite(n) ? MISSING : roundTo(n, places).toFixed(places);
const money = (n: number | null, ctx: CellContext) =>
  ctx.pricing && n != null ? formatPrice(n, ctx.pricing.ccy) : MISSING;
const finite = (n: number | null | undefined, places = 2) =>
  n == null || !Number.isFinite(n) ? null : roundTo(n, places);

/** Excel's format for amounts in the chosen currency: '"£"#,##0.00'. */
export const moneyFormat = (ctx: CellContext) => {
  const symbol = ctx.pricing ? (CURRENCY_SYMBOLS[ctx.pricing.ccy as CurrencyCode] ?? `${ctx.pricing.ccy} `) : '';
  return `"${symbol}"#,##0.00`;
};
const WEIGHT_FORMAT = () => '0.00';
const PERCENT_FORMAT = () => '0.00"%"';

const stonePpc = (d: ListDoc, ctx: CellContext) =>
  ctx.pricing ? finite(stonePricePerCarat(d, ctx.pricing.ccy, ctx.pricing.rates)) : null;
const stoneAmount = (d: ListDoc, ctx: CellContext) =>
  ctx.pricing ? finite(stonePrice(d, ctx.pricing.ccy, ctx.pricing.rates)) : null;

const ID: Column = { key: 'id', header: 'ID', pdfWidth: 12, value: (d) => d.StkCodeCalcNS };
const SHAPE: Column = { key: 'shape', header: 'Shape', pdfWidth: 9, value: (d) => cap(d.StkShape) };
/** 'Natural' or 'Lab-grown'. */
export const originOf = (d: Pick<ListDoc, 'Source' | 'StkCatName'>) => (isLabGrown(d) ? 'Lab-grown' : 'Natural');
const ORIGIN: Column = { key: 'origin', header: 'Origin', pdfWidth: 7, value: originOf };
const COLOUR: Column = { key: 'colour', header: 'Colour', pdfWidth: 6, value: (d) => grade(d.Colour) };
const CLARITY: Column = { key: 'clarity', header: 'Clarity', pdfWidth: 6, value: (d) => grade(d.Clarity) };
const LWD: Column = {
  key: 'lwd',
  header: 'L/W/D',
  pdfWidth: 15,
  value: (d) => formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3),
};
const LAB: Column = { key: 'lab', header: 'Lab', pdfWidth: 6, value: (d) => d.StkCertSup || MISSING };
const PPC: Column = {
  key: 'ppc',
  header: 'PPC',
  pdfWidth: 9,
  numeric: true,
  value: (d, ctx) => money(stonePpc(d, ctx), ctx),
  number: stonePpc,
  numFmt: moneyFormat,
};

export const SINGLE_COLUMNS: readonly Column[] = [
  { ...ID, pdfWidth: 9 },
  { ...SHAPE, pdfWidth: 8 },
  ORIGIN,
  {
    key: 'weight',
    header: 'Weight',
    pdfWidth: 6,
    numeric: true,
    value: (d) => num(d.STWeight),
    number: (d) => finite(d.STWeight),
    numFmt: WEIGHT_FORMAT,
  },
  COLOUR,
  CLARITY,
  { key: 'cut', header: 'Cut', pdfWidth: 4, value: (d) => finishAbbr(d.Cut) },
  { key: 'polish', header: 'Polish', pdfWidth: 5, value: (d) => finishAbbr(d.Polish) },
  { key: 'symmetry', header: 'Symmetry', pdfWidth: 6, value: (d) => finishAbbr(d.Symmetry) },
  { key: 'fluor', header: 'Fluor', pdfWidth: 4, value: (d) => fluorescenceAbbr(d.flourecence) },
  { ...LWD, pdfWidth: 11 },
  { ...LAB, pdfWidth: 5 },
  { ...PPC, pdfWidth: 8 },
  {
    key: 'br',
    header: 'BR',
    pdfWidth: 5,
    numeric: true,
    value: (d, ctx) => (ctx.pricing && d.RAP != null ? `${num(d.RAP)}%` : MISSING),
    number: (d, ctx) => (ctx.pricing ? finite(d.RAP) : null),
    numFmt: PERCENT_FORMAT,
  },
  {
    key: 'price',
    header: 'Price',
    pdfWidth: 10,
    numeric: true,
    value: (d, ctx) => money(stoneAmount(d, ctx), ctx),
    number: stoneAmount,
    numFmt: moneyFormat,
  },
  {
    key: 'availability',
    header: 'Availability',
    pdfWidth: 0,
    excelOnly: true,
    value: (d, ctx) => (ctx.pricing && d.StkWebAvailable ? ctx.availability[d.StkWebAvailable] : MISSING),
  },
];

export const PARCEL_COLUMNS: readonly Column[] = [
  { ...ID, pdfWidth: 12 },
  { ...SHAPE, pdfWidth: 12 },
  { ...ORIGIN, pdfWidth: 10 },
  { key: 'size', header: 'Size', pdfWidth: 12, value: (d) => (d.Size ? sizeRange(d.Size) : MISSING) },
  { ...COLOUR, pdfWidth: 10 },
  { ...CLARITY, pdfWidth: 10 },
  { ...LWD, pdfWidth: 14 },
  { ...LAB, pdfWidth: 8 },
  { ...PPC, pdfWidth: 12 },
];

/** Parcel columns for a list of parcels only (or the parcels type), else the singles' columns. */
export function columnsFor(docs: readonly Pick<ListDoc, 'StkCatType'>[], parcelsType = false): readonly Column[] {
  const parcels = parcelsType || (docs.length > 0 && docs.every((d) => isParcel(d.StkCatType)));
  return parcels ? PARCEL_COLUMNS : SINGLE_COLUMNS;
}

export const pdfColumns = (cols: readonly Column[]) => cols.filter((c) => !c.excelOnly);
export const excelColumns = (cols: readonly Column[]) => cols;

/** The rows of a table: one array of cell texts per stone. */
export const rowsOf = (docs: readonly ListDoc[], cols: readonly Column[], ctx: CellContext): string[][] =>
  docs.map((d) => cols.map((c) => c.value(d, ctx)));

/** The rows of a workbook: figures as numbers (null: empty), the rest as text. */
export const excelRowsOf = (docs: readonly ListDoc[], cols: readonly Column[], ctx: CellContext): ExcelCell[][] =>
  docs.map((d) => cols.map((c) => (c.number ? c.number(d, ctx) : c.value(d, ctx))));

/** The Excel number format of each column (undefined: text). */
export const excelFormats = (cols: readonly Column[], ctx: CellContext): (string | undefined)[] =>
  cols.map((c) => c.numFmt?.(ctx));
