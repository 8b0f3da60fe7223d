/**
 * Which columns the diamond list shows, in order, with their headers and table meta: one home for both the React table (columns.tsx) and the rows the
 * page paints before React has started (early-table.ts), so both draw the same table.
 *
 * SHAPE, WEIGHT, COLOUR, CLARITY, CUT, POLISH, SYMMETRY, FLUOR, LTH / WTH / DTH (optional), LAB,
 * then for signed-in users a download tick first and PPC, BR, PRICE and AVAILABILITY (optional);
 * visitors get one PRICE column saying "Sign in for prices". The Parcels tab leaves out CUT,
 * POLISH, SYMMETRY, BR and PRICE (a parcel's price is its PPC). Column ids are the domain's sort
 * columns where the column sorts.
 */
import { SORT_COLUMN_HEADERS, isSortColumn, type SortColumn } from '../../domain/catalogue/sort.ts';
import type { Range } from '../../domain/diamond.ts';
import { FINISH_ABBREVIATIONS, FINISH_GRADES, FLUORESCENCE_ABBREVIATIONS, FLUORESCENCES } from '../../domain/grades.ts';
import { formatRange, MISSING } from '../../domain/money.ts';

/** Column meta read by the table: a label for the phone card layout, alignment, sortability. */
export type ColumnMeta = { label: string; numeric?: boolean; className?: string; sort?: SortColumn };

export type ColumnId =
  | 'tick'
  | 'shape'
  | 'weight'
  | 'colour'
  | 'clarity'
  | 'cut'
  | 'polish'
  | 'symmetry'
  | 'fluor'
  | 'measurements'
  | 'lab'
  | 'ppc'
  | 'br'
  | 'price'
  | 'lockedPrice'
  | 'availability'
  | 'info';

export type LayoutContext = { authorised: boolean; measurements: boolean; availability: boolean; parcels: boolean };

/** The table's classes: a signed-in table's rows start with the download tick (table-phone.css). */
export const tableClass = (x: Pick<LayoutContext, 'authorised'>) =>
  `data-table cat-table${x.authorised ? ' cat-table--ticks' : ''}`;
export type LayoutColumn = { id: ColumnId; header: string; meta: ColumnMeta };

const sortMeta = (id: SortColumn & ColumnId, extra: Partial<ColumnMeta> = {}): LayoutColumn => {
  const header = (SORT_COLUMN_HEADERS as Record<string, string>)[id] ?? id.toUpperCase();
  return { id, header, meta: { label: header, sort: isSortColumn(id) ? id : undefined, ...extra } };
};
const plain = (id: ColumnId, header: string, meta: ColumnMeta): LayoutColumn => ({ id, header, meta });

export function columnLayout(x: LayoutContext): LayoutColumn[] {
  const out: LayoutColumn[] = [];
  if (x.authorised) out.push(plain('tick', 'Download tick', { label: 'DOWNLOAD', className: 'cat-col-tick' }));
  out.push(sortMeta('shape', { className: 'cat-col-shape' }), sortMeta('weight', { numeric: true }));
  out.push(sortMeta('colour'), sortMeta('clarity'));
  if (!x.parcels) out.push(sortMeta('cut'), sortMeta('polish'), sortMeta('symmetry'));
  out.push(sortMeta('fluor'));
  if (x.measurements) out.push(sortMeta('measurements', { numeric: true, className: 'cat-col-mes' }));
  out.push(sortMeta('lab'));
  if (x.authorised) {
    out.push(sortMeta('ppc', { numeric: true, className: 'cat-col-ppc' }));
    if (!x.parcels)
      out.push(
        sortMeta('br', { numeric: true, className: 'cat-col-br' }),
        sortMeta('price', { numeric: true, className: 'cat-col-price' }),
      );
    if (x.availability)
      out.push(plain('availability', 'AVAILABILITY', { label: 'AVAILABILITY', className: 'cat-col-avail' }));
  } else {
    out.push(plain('lockedPrice', 'PRICE', { label: 'PRICE', numeric: true, className: 'cat-col-price' }));
  }
  out.push(plain('info', 'INFO', { label: 'INFO', className: 'cat-col-info' }));
  return out;
}

/** The classes of a header or cell of the column. */
export const cellClass = (m: ColumnMeta | undefined): string | undefined =>
  [m?.numeric && 'is-num', m?.className].filter(Boolean).join(' ') || undefined;

export const shapeName = (shape: string) => shape.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

type Scale = { full: readonly string[]; short: readonly string[] };
export const FINISH: Scale = { full: FINISH_GRADES, short: FINISH_ABBREVIATIONS };
export const FLUOR: Scale = { full: FLUORESCENCES, short: FLUORESCENCE_ABBREVIATIONS };
/** the graded columns, with the scale whose trade abbreviations they show (none: full words) */
export const RANGE_COLUMNS: Partial<
  Record<ColumnId, { key: 'Colour' | 'Clarity' | 'Cut' | 'Polish' | 'Symmetry' | 'flourecence'; scale?: Scale }>
> = {
  colour: { key: 'Colour' },
  clarity: { key: 'Clarity' },
  cut: { key: 'Cut', scale: FINISH },
  polish: { key: 'Polish', scale: FINISH },
  symmetry: { key: 'Symmetry', scale: FINISH },
  fluor: { key: 'flourecence', scale: FLUOR },
};

/** A graded range in the scale's trade abbreviations (EX, VG ... NON, FNT ...) and the full words, or null when missing. */
export function abbreviated(r: Range | null | undefined, scale: Scale): { text: string; title: string } | null {
  const full = formatRange(r);
  if (!r || full === MISSING) return null;
  const short = (label: string) => scale.short[scale.full.indexOf(label)] ?? label;
  return { text: !r.To || r.To === r.From ? short(r.From) : `${short(r.From)}-${short(r.To)}`, title: full };
}

/** the labels of availability codes 1, 2, 3 until an admin's own are loaded */
export { DEFAULT_AVAILABILITY_LABELS } from '../../domain/diamond.ts';

/** The availability cell's text. */
export const availabilityText = (code: number | null | undefined, labels: Record<number, string>) =>
  code ? (labels[code] ?? MISSING) : MISSING;

/** The name of a row's Details/Close button: it holds the word shown on it (phones show it). */
export const infoLabel = (code: string, open: boolean) => (open ? `Close ${code}` : `Open ${code} details`);
