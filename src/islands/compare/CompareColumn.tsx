/**
 * One stone on the sortable compare board: its drag handle, what every column shows
 * (ColumnContent) and Remove.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ListDoc } from '../favourites/useListDocs.ts';
import type { RowMark } from './compare-rows.ts';
import { ColumnContent, columnTitle } from './ColumnContent.tsx';

type Props = { doc: ListDoc; position: number; rows: RowMark[]; onRemove: () => void };

export function CompareColumn({ doc: d, position, rows, onRemove }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: d._id,
  });
  const title = columnTitle(d);
  const handle = (
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
  );

  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'cmp-col is-dragging' : 'cmp-col'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-stone-id={d._id}
      aria-label={`${position}. ${title}`}
    >
      <ColumnContent doc={d} position={position} rows={rows} handle={handle} />
      <button type="button" className="cmp-remove" onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
