/**
 * Column definitions of the diamond list for @tanstack/react-table: the columns, their order,
 * headers and meta come from column-layout.ts (shared with the rows painted before React
 * starts); this file draws each column's cell. Visitors get a "Sign in for prices" line under
 * PRICE (special offers are marked, their price is not shown on the list).
 */
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { isParcel, shapeIcon, type ListDoc, type Range } from '../../domain/diamond.ts';
import { routes } from '../../domain/routes.ts';
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
import { LiveRowState } from '../live/LiveRowState.tsx';
import {
  abbreviated,
  availabilityText,
  columnLayout,
  infoLabel,
  RANGE_COLUMNS,
  shapeName,
  type ColumnId,
  type ColumnMeta,
  type LayoutContext,
} from './column-layout.ts';

export { shapeName, type ColumnMeta };

export type ColumnContext = LayoutContext & {
  ccy: string;
  rates: readonly FxRate[];
  labels: AvailabilityLabels;
};

/** Per-render state the cells read through the table's `meta` (so the columns stay memoised). */
export type TableMeta = {
  openRow: number | null;
  onToggleRow: (id: number) => void;
  /** `_id`s ticked for download ('Only Ticked Items') and their toggle (signed-in only) */
  ticked?: ReadonlySet<number>;
  onTick?: (id: number) => void;
};

const col = createColumnHelper<ListDoc>();

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

function ShapeCell({ d }: { d: ListDoc }) {
  return (
    <a className="cat-shape" href={routes.diamond(d._id)}>
      <img src={shapeIcon(d.StkShape, d.StkCatType)} alt="" width={44} height={44} loading="lazy" decoding="async" />
      <span className="cat-shape__text">
        <span className="cat-shape__name">
          {shapeName(d.StkShape)}
          {Number(d.WebSpecial) > 0 && <span className="badge badge--accent cat-shape__badge">Offer</span>}
        </span>
        <span className="cat-shape__code">{d.StkCodeCalcNS}</span>
        <LiveRowState id={d._id} />
      </span>
    </a>
  );
}

/** a parcel: its total carats, then the size of its stones  */
function WeightCell({ d }: { d: ListDoc }) {
  if (!isParcel(d.StkCatType)) return <>{formatWeight(d.STWeight)}</>;
  return (
    <span className="cat-weight">
      <span>{formatWeight(d.STWeight)}</span>
      <span className="cat-weight__size">{formatSize(d.Size)} each</span>
    </span>
  );
}

function RangeCell({ d, id }: { d: ListDoc; id: ColumnId }) {
  const { key, scale } = RANGE_COLUMNS[id]!;
  const r = d[key] as Range | null | undefined;
  if (!scale) return <>{formatRange(r)}</>;
  const a = abbreviated(r, scale);
  return a ? <abbr title={a.title}>{a.text}</abbr> : <>{MISSING}</>;
}

function InfoCell({ d, m }: { d: ListDoc; m: TableMeta }) {
  const open = m.openRow === d._id;
  return (
    <button
      type="button"
      className="cat-info"
      aria-expanded={open}
      aria-controls={`cat-row-${d._id}`}
      aria-label={infoLabel(d.StkCodeCalcNS, open)}
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
}

type Cell = (d: ListDoc, m: TableMeta, x: ColumnContext) => React.ReactNode;
const CELLS: Record<ColumnId, Cell> = {
  tick: (d, m) =>
    m.onTick ? <DownloadTick doc={d} ticked={m.ticked?.has(d._id) ?? false} onToggle={m.onTick} /> : null,
  shape: (d) => <ShapeCell d={d} />,
  weight: (d) => <WeightCell d={d} />,
  colour: (d) => <RangeCell d={d} id="colour" />,
  clarity: (d) => <RangeCell d={d} id="clarity" />,
  cut: (d) => <RangeCell d={d} id="cut" />,
  polish: (d) => <RangeCell d={d} id="polish" />,
  symmetry: (d) => <RangeCell d={d} id="symmetry" />,
  fluor: (d) => <RangeCell d={d} id="fluor" />,
  measurements: (d) => formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3),
  lab: (d) => d.StkCertSup || MISSING,
  ppc: (d, _m, x) => <Price money={safeMoney(() => pricePerCarat(d, x.ccy, x.rates))} />,
  br: (d) => (d.RAP == null ? MISSING : `${d.RAP.toFixed(1)}%`),
  price: (d, _m, x) => <Price money={safeMoney(() => displayPrice(d, x.ccy, x.rates))} />,
  lockedPrice: () => <span className="cat-locked">Sign in for prices</span>,
  availability: (d, _m, x) => availabilityText(d.StkWebAvailable, x.labels),
  info: (d, m) => <InfoCell d={d} m={m} />,
};

export function catalogueColumns(x: ColumnContext): ColumnDef<ListDoc, unknown>[] {
  return columnLayout(x).map(({ id, header, meta }) =>
    col.display({
      id: id === 'lockedPrice' ? 'price' : id,
      header: id === 'tick' ? () => <span className="sr-only">{header}</span> : header,
      meta,
      cell: ({ row: { original: d }, table }) => CELLS[id](d, table.options.meta as TableMeta, x),
    }),
  );
}
