/**
 * One stone on the compare board: drag handle, image, title, price, its hold state and hold
 * control (signed-in traders) and the compared rows.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatRatio, lwRatio } from '../../domain/catalogue/pricing.ts';
import { isParcel, type DiamondDoc } from '../../domain/diamond.ts';
import { formatMeasurements, formatRange, formatSize, formatWeight, MISSING } from '../../domain/money.ts';
import { shapeName, usePricing } from '../diamond-detail/stone-view.ts';
import type { ListDoc } from '../favourites/useListDocs.ts';
import { routes } from '../../domain/routes.ts';
import { HoldControl } from '../holds/HoldControl.tsx';

const pct = (n: number | null | undefined) => (n == null ? MISSING : `${n.toFixed(1)}%`);

export const ROWS: { label: string; value: (d: DiamondDoc) => string }[] = [
  { label: 'Stock code', value: (d) => d.StkCodeCalcNS },
  { label: 'Shape', value: (d) => shapeName(d.StkShape) },
  {
    label: 'Weight',
    value: (d) => (isParcel(d.StkCatType) ? formatSize(d.Size) : formatWeight(d.STWeight)),
  },
  { label: 'Colour', value: (d) => formatRange(d.Colour) },
  { label: 'Clarity', value: (d) => formatRange(d.Clarity) },
  { label: 'Cut', value: (d) => formatRange(d.Cut) },
  { label: 'Polish', value: (d) => formatRange(d.Polish) },
  { label: 'Symmetry', value: (d) => formatRange(d.Symmetry) },
  { label: 'Fluorescence', value: (d) => formatRange(d.flourecence) },
  { label: 'Measurements', value: (d) => formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3) },
  { label: 'L/W ratio', value: (d) => formatRatio(lwRatio(d)) },
  { label: 'Depth', value: (d) => pct(d.StkDepth_Total) },
  { label: 'Table', value: (d) => pct(d.StkTable) },
  { label: 'Lab', value: (d) => d.StkCertSup || MISSING },
];

type Props = { doc: ListDoc; position: number; onRemove: () => void };

export function CompareColumn({ doc: d, position, onRemove }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: d._id,
  });
  const pricing = usePricing();
  const title = isParcel(d.StkCatType)
    ? `${shapeName(d.StkShape)} parcel`
    : `${formatWeight(d.STWeight)} ${shapeName(d.StkShape)}`;
  const price = pricing.price(d);

  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'cmp-col is-dragging' : 'cmp-col'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-stone-id={d._id}
      aria-label={`${position}. ${title}`}
    >
      <div className="cmp-col__head">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="cmp-handle"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${title} (${d.StkCodeCalcNS})`}
        >
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="currentColor">
            {[3, 7, 11].flatMap((y) => [4, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.2" />))}
          </svg>
        </button>
        <a className="cmp-col__img" href={routes.diamond(d._id)} tabIndex={-1} aria-hidden="true">
          <img src={d.img} alt="" />
        </a>
        <a className="cmp-col__title" href={routes.diamond(d._id)}>
          {title}
        </a>
        <p className="cmp-col__price num">
          {pricing.authorised ? (price ?? MISSING) : <span className="list-muted">Sign in for price</span>}
        </p>
        {d.inStock !== false && <HoldControl id={d._id} catType={d.StkCatType} stockCode={d.StkCodeCalcNS} />}
      </div>
      <dl className="cmp-col__rows">
        {ROWS.map((r) => (
          <div key={r.label} className="cmp-col__row">
            <dt>{r.label}</dt>
            <dd className="num">{r.value(d)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="cmp-remove" onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
