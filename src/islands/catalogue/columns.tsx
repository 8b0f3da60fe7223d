/**
 * Column definitions of the diamond list: SHAPE, WEIGHT, COLOUR, CLARITY, CUT, POLISH,
 * SYMMETRY, FLUOR, LTH / WTH / DTH, LAB, PPC, BR, PRICE, INFO, plus the optional AVAILABILITY
 * column. Column ids are the domain's sort columns. The Parcels tab leaves out CUT, POLISH,
 * SYMMETRY, BR and PRICE (a parcel's price is its PPC). Visitors get no PPC, BR or availability
 * columns and a "Sign in for prices" line under PRICE (special offers are marked, their price
 * is not shown on the list).
 */
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { SORT_COLUMN_HEADERS, isSortColumn, type SortColumn } from '../../domain/catalogue/index.ts';
import { isParcel, shapeImage, type DiamondDoc, type Range } from '../../domain/diamond.ts';
import { FINISH_ABBREVIATIONS, FINISH_GRADES, FLUORESCENCE_ABBREVIATIONS, FLUORESCENCES } from '../../domain/grades.ts';
import {
  displayPrice,
  formatMeasurements,
  formatRange,
  formatSize,
  formatWeight,
  MISSING,
  priceParts,
  pricePerCarat,
  type FxRate,
  type Money,
} from '../../domain/money.ts';
import type { AvailabilityLabels } from '../../stores/catalogue.ts';
import { DownloadTick } from '../downloads/CatalogueDownload.tsx';
import { routes } from '../../domain/routes.ts';

export type ColumnContext = {
  ccy: string;
  rates: readonly FxRate[];
  authorised: boolean;
  measurements: boolean;
  availability: boolean;
  labels: AvailabilityLabels;
  /** the Parcels tab: no cut, polish, symmetry or BR, and PRICE is the PPC (spec's parcel columns) */
  parcels: boolean;
};

/** Per-render state the cells read through the table's `meta` (so the columns stay memoised). */
export type TableMeta = {
  openRow: number | null;
  onToggleRow: (id: number) => void;
  /** `_id`s ticked for download ('Only Ticked Items') and their toggle (signed-in only) */
  ticked?: ReadonlySet<number>;
  onTick?: (id: number) => void;
};

/** Column meta read by the table: a label for the phone card layout, alignment, sortability. */
export type ColumnMeta = { label: string; numeric?: boolean; className?: string; sort?: SortColumn };

const col = createColumnHelper<DiamondDoc>();

export const shapeName = (shape: string) => shape.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export function safeMoney(fn: () => Money | null): Money | null {
  try {
    return fn();
  } catch {
    return null; // no rate for the chosen currency yet
  }
}

export function Price({ money }: { money: Money | null }) {
  if (!money) return <span className="cat-missing">{MISSING}</span>;
  const p = priceParts(money.amount, money.ccy);
  return (
    <span className="cat-price">
      {p.sign}
      {p.symbol}
      {p.whole}
      <small>.{p.cents}</small>
    </span>
  );
}

const meta = (id: string, extra: Partial<ColumnMeta> = {}): ColumnMeta => {
  const label = (SORT_COLUMN_HEADERS as Record<string, string>)[id] ?? id.toUpperCase();
  return { label, sort: isSortColumn(id) ? id : undefined, ...extra };
};

type RangeKey = 'Colour' | 'Clarity' | 'Cut' | 'Polish' | 'Symmetry' | 'flourecence';
type Scale = { full: readonly string[]; short: readonly string[] };
const FINISH: Scale = { full: FINISH_GRADES, short: FINISH_ABBREVIATIONS };
const FLUOR: Scale = { full: FLUORESCENCES, short: FLUORESCENCE_ABBREVIATIONS };

/** A graded range in the scale's trade abbreviations (EX, VG ... NON, FNT ...), the full words on hover. */
function Abbreviated({ range: r, scale }: { range: Range | null | undefined; scale: Scale }) {
  const full = formatRange(r);
  if (!r || full === MISSING) return <>{MISSING}</>;
  const short = (label: string) => scale.short[scale.full.indexOf(label)] ?? label;
  const text = !r.To || r.To === r.From ? short(r.From) : `${short(r.From)}-${short(r.To)}`;
  return <abbr title={full}>{text}</abbr>;
}

const range = (key: RangeKey, id: SortColumn, scale?: Scale) =>
  col.accessor((d) => d[key] as Range | null | undefined, {
    id,
    header: SORT_COLUMN_HEADERS[id as Exclude<SortColumn, 'createdAt'>],
    meta: meta(id),
    cell: (info) => (scale ? <Abbreviated range={info.getValue()} scale={scale} /> : formatRange(info.getValue())),
  });

export function catalogueColumns(x: ColumnContext): ColumnDef<DiamondDoc, unknown>[] {
  const cols: ColumnDef<DiamondDoc, unknown>[] = [
    col.accessor('StkShape', {
      id: 'shape',
      header: 'SHAPE',
      meta: meta('shape', { className: 'cat-col-shape' }),
      cell: ({ row: { original: d } }) => (
        <a className="cat-shape" href={routes.diamond(d._id)}>
          <img
            src={shapeImage(d.StkShape, d.StkCatType)}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            decoding="async"
          />
          <span className="cat-shape__text">
            <span className="cat-shape__name">
              {shapeName(d.StkShape)}
              {Number(d.WebSpecial) > 0 && <span className="badge badge--accent cat-shape__badge">Offer</span>}
            </span>
            <span className="cat-shape__code">{d.StkCodeCalcNS}</span>
          </span>
        </a>
      ),
    }) as ColumnDef<DiamondDoc, unknown>,
    col.display({
      id: 'weight',
      header: 'WEIGHT',
      meta: meta('weight', { numeric: true }),
      // a parcel: its total carats, then the size of its stones (issue 13, item 13)
      cell: ({ row: { original: d } }) =>
        isParcel(d.StkCatType) ? (
          <span className="cat-weight">
            <span>{formatWeight(d.STWeight)}</span>
            <span className="cat-weight__size">{formatSize(d.Size)} each</span>
          </span>
        ) : (
          formatWeight(d.STWeight)
        ),
    }),
    range('Colour', 'colour'),
    range('Clarity', 'clarity'),
    ...(x.parcels
      ? []
      : [range('Cut', 'cut', FINISH), range('Polish', 'polish', FINISH), range('Symmetry', 'symmetry', FINISH)]),
    range('flourecence', 'fluor', FLUOR),
  ] as ColumnDef<DiamondDoc, unknown>[];
  if (x.authorised) cols.unshift(tickColumn);
  if (x.measurements) {
    cols.push(
      col.display({
        id: 'measurements',
        header: 'LTH / WTH / DTH',
        meta: meta('measurements', { numeric: true, className: 'cat-col-mes' }),
        cell: ({ row: { original: d } }) => formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3),
      }) as ColumnDef<DiamondDoc, unknown>,
    );
  }
  cols.push(
    col.display({
      id: 'lab',
      header: 'LAB',
      meta: meta('lab'),
      cell: ({ row: { original: d } }) => d.StkCertSup || MISSING,
    }) as ColumnDef<DiamondDoc, unknown>,
  );
  if (x.authorised) cols.push(...pricedColumns(x));
  else {
    cols.push(
      col.display({
        id: 'price',
        header: 'PRICE',
        meta: { label: 'PRICE', numeric: true, className: 'cat-col-price' },
        cell: () => <span className="cat-locked">Sign in for prices</span>,
      }) as ColumnDef<DiamondDoc, unknown>,
    );
  }
  cols.push(
    col.display({
      id: 'info',
      header: 'INFO',
      meta: { label: 'INFO', className: 'cat-col-info' },
      cell: ({ row: { original: d }, table }) => {
        const m = table.options.meta as TableMeta;
        const open = m.openRow === d._id;
        return (
          <button
            type="button"
            className="cat-info"
            aria-expanded={open}
            aria-controls={`cat-row-${d._id}`}
            aria-label={`${open ? 'Close' : 'Open'} ${d.StkCodeCalcNS}`}
            onClick={() => m.onToggleRow(d._id)}
          >
            <span className="cat-info__text" aria-hidden="true">
              {open ? 'Close' : 'Details'}
            </span>
            <svg
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              aria-hidden="true"
            >
              <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
            </svg>
          </button>
        );
      },
    }) as ColumnDef<DiamondDoc, unknown>,
  );
  return cols;
}

/** The per-stone download tick (signed-in users; hidden on phones, like 'Only Ticked Items'). */
const tickColumn = col.display({
  id: 'tick',
  header: () => <span className="sr-only">Download tick</span>,
  meta: { label: 'DOWNLOAD', className: 'cat-col-tick' },
  cell: ({ row: { original: d }, table }) => {
    const m = table.options.meta as TableMeta;
    return m.onTick ? <DownloadTick doc={d} ticked={m.ticked?.has(d._id) ?? false} onToggle={m.onTick} /> : null;
  },
}) as ColumnDef<DiamondDoc, unknown>;

function pricedColumns(x: ColumnContext): ColumnDef<DiamondDoc, unknown>[] {
  const out = [
    col.display({
      id: 'ppc',
      header: 'PPC',
      meta: meta('ppc', { numeric: true, className: 'cat-col-ppc' }),
      cell: ({ row: { original: d } }) => <Price money={safeMoney(() => pricePerCarat(d, x.ccy, x.rates))} />,
    }),
    col.display({
      id: 'br',
      header: 'BR',
      meta: meta('br', { numeric: true, className: 'cat-col-br' }),
      cell: ({ row: { original: d } }) => (d.RAP == null ? MISSING : `${d.RAP.toFixed(1)}%`),
    }),
    col.display({
      id: 'price',
      header: 'PRICE',
      meta: meta('price', { numeric: true, className: 'cat-col-price' }),
      cell: ({ row: { original: d } }) => <Price money={safeMoney(() => displayPrice(d, x.ccy, x.rates))} />,
    }),
  ].filter((c) => !x.parcels || (c.id !== 'br' && c.id !== 'price'));
  if (x.availability) {
    out.push(
      col.display({
        id: 'availability',
        header: 'AVAILABILITY',
        meta: { label: 'AVAILABILITY', className: 'cat-col-avail' },
        cell: ({ row: { original: d } }) => (d.StkWebAvailable ? x.labels[d.StkWebAvailable] : MISSING),
      }),
    );
  }
  return out as ColumnDef<DiamondDoc, unknown>[];
}
