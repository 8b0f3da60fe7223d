/**
 * Column definitions of the diamond list (catalogue spec, "Table columns"): SHAPE, WEIGHT,
 * COLOUR, CLARITY, CUT, POLISH, SYMMETRY, FLUOR, LTH / WTH / DTH, LAB, PPC, PRICE.
 * Prices only show when the API sent them (signed-in users, or a special offer); a visitor
 * sees a quiet "Sign in for prices" instead.
 */
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { DiamondDoc, Range } from '../../domain/diamond.ts';
import {
  displayPrice,
  formatMeasurements,
  formatRange,
  formatWeight,
  MISSING,
  priceParts,
  pricePerCarat,
  type FxRate,
  type Money,
} from '../../domain/money.ts';

export type MoneyContext = { ccy: string; rates: FxRate[] };

/** Column meta read by the table: a label for the phone card layout and alignment. */
export type ColumnMeta = { label: string; numeric?: boolean; className?: string };

const col = createColumnHelper<DiamondDoc>();

export const shapeName = (shape: string) => shape.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
export const hasPriceFields = (d: DiamondDoc) => 'price' in d || 'ppc' in d || 'ExWebTotal' in d;

function safe(fn: () => Money | null): Money | null {
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

const range = (key: 'Colour' | 'Clarity' | 'Cut' | 'Polish' | 'Symmetry' | 'flourecence', label: string) =>
  col.accessor((d) => d[key] as Range | null, {
    id: key,
    header: label,
    meta: { label } satisfies ColumnMeta,
    cell: (info) => formatRange(info.getValue()),
  });

export function catalogueColumns({ ccy, rates }: MoneyContext): ColumnDef<DiamondDoc, unknown>[] {
  return [
    col.accessor('StkShape', {
      id: 'shape',
      header: 'Shape',
      meta: { label: 'Shape', className: 'cat-col-shape' } satisfies ColumnMeta,
      cell: ({ row: { original: d } }) => (
        <a className="cat-shape" href={`/diamonds/${d._id}/details`}>
          <img src={d.img} alt="" width={44} height={44} loading="lazy" decoding="async" />
          <span className="cat-shape__text">
            <span className="cat-shape__name">
              {shapeName(d.StkShape)}
              {d.specialOffer && <span className="badge badge--accent cat-shape__badge">Offer</span>}
            </span>
            <span className="cat-shape__code">{d.StkCodeCalcNS}</span>
          </span>
        </a>
      ),
    }),
    col.accessor('STWeight', {
      id: 'weight',
      header: 'Weight',
      meta: { label: 'Weight', numeric: true } satisfies ColumnMeta,
      cell: (info) => formatWeight(info.getValue()),
    }),
    range('Colour', 'Colour'),
    range('Clarity', 'Clarity'),
    range('Cut', 'Cut'),
    range('Polish', 'Polish'),
    range('Symmetry', 'Symmetry'),
    range('flourecence', 'Fluor'),
    col.display({
      id: 'measurements',
      header: 'Lth / Wth / Dth',
      meta: { label: 'L / W / D mm', numeric: true, className: 'cat-col-mes' } satisfies ColumnMeta,
      cell: ({ row: { original: d } }) => formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3),
    }),
    col.accessor('StkCertSup', {
      id: 'lab',
      header: 'Lab',
      meta: { label: 'Lab' } satisfies ColumnMeta,
      cell: (info) => info.getValue() || MISSING,
    }),
    col.display({
      id: 'ppc',
      header: 'PPC',
      meta: { label: 'PPC', numeric: true, className: 'cat-col-ppc' } satisfies ColumnMeta,
      cell: ({ row: { original: d } }) => <Price money={safe(() => pricePerCarat(d, ccy, rates))} />,
    }),
    col.display({
      id: 'price',
      header: 'Price',
      meta: { label: 'Price', numeric: true, className: 'cat-col-price' } satisfies ColumnMeta,
      cell: ({ row: { original: d } }) => {
        const money = safe(() => displayPrice(d, ccy, rates));
        if (!money && !hasPriceFields(d)) return <span className="cat-locked">Sign in for prices</span>;
        return <Price money={money} />;
      },
    }),
  ] as ColumnDef<DiamondDoc, unknown>[];
}
