/**
 * One stone on the compare board: drag handle, image, title, price, its hold state and hold
 * control (signed-in traders) and the compared rows: a row whose values differ between the
 * stones is tinted and says "(differs)" to screen readers; the best value carries "Best".
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { isParcel } from '../../domain/diamond.ts';
import { formatWeight, MISSING } from '../../domain/money.ts';
import { shapeName, usePricing } from '../diamond-detail/stone-view.ts';
import type { ListDoc } from '../favourites/useListDocs.ts';
import { routes } from '../../domain/routes.ts';
import { HoldControl } from '../holds/HoldControl.tsx';
import type { RowMark } from './compare-rows.ts';

type Props = { doc: ListDoc; position: number; rows: RowMark[]; onRemove: () => void };

export function CompareColumn({ doc: d, position, rows, onRemove }: Props) {
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
        {rows.map((r) => {
          const best = r.best.has(position - 1);
          return (
            <div key={r.label} className={r.differs ? 'cmp-col__row is-diff' : 'cmp-col__row'}>
              <dt>
                {r.label}
                {r.differs && (
                  <span className="cmp-diff-mark" aria-hidden="true">
                    ≠
                  </span>
                )}
              </dt>
              <dd className="num">
                {r.values[position - 1]}
                {r.differs && <span className="sr-only"> (differs)</span>}
                {best && <span className="cmp-best">Best</span>}
              </dd>
            </div>
          );
        })}
      </dl>
      <button type="button" className="cmp-remove" onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
