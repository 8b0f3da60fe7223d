/**
 * The sortable compare columns (@dnd-kit): mouse drag after 5 px, touch after a 120 ms
 * press, keyboard with Space to lift and drop (arrows move; Down/Right go to the next stone
 * and Up/Left to the previous, whichever way the columns are laid out), Escape cancels.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { ListDoc } from '../favourites/useListDocs.ts';
import { BoardFrame, useBoardRows, usePhoneBoard } from './BoardFrame.tsx';
import { CompareColumn } from './CompareColumn.tsx';

export const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space'] };

/** In a row of columns, Down and Up step like Right and Left. */
const rowCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const map: Record<string, string> = { ArrowDown: 'ArrowRight', ArrowUp: 'ArrowLeft' };
  const code = map[event.code] ?? event.code;
  const proxy = { code, preventDefault: () => event.preventDefault() } as unknown as KeyboardEvent;
  return sortableKeyboardCoordinates(proxy, args);
};
const columnCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const map: Record<string, string> = { ArrowRight: 'ArrowDown', ArrowLeft: 'ArrowUp' };
  const code = map[event.code] ?? event.code;
  const proxy = { code, preventDefault: () => event.preventDefault() } as unknown as KeyboardEvent;
  return sortableKeyboardCoordinates(proxy, args);
};

type Props = {
  items: ListDoc[];
  /** only the rows whose values differ (and the stock code) */
  onlyDifferences: boolean;
  onMove: (activeId: number, overId: number | null) => void;
  onRemove: (id: number) => void;
};

export function CompareBoard({ items, onlyDifferences, onMove, onRemove }: Props) {
  const rows = useBoardRows(items, onlyDifferences);
  const phone = usePhoneBoard();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: phone ? columnCoordinates : rowCoordinates,
      keyboardCodes: KEYBOARD_CODES,
    }),
  );
  const onDragEnd = (e: DragEndEvent) => onMove(Number(e.active.id), e.over ? Number(e.over.id) : null);

  return (
    <BoardFrame rows={rows} phone={phone}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext
          items={items.map((d) => d._id)}
          strategy={phone ? verticalListSortingStrategy : horizontalListSortingStrategy}
        >
          <ol className="cmp-columns" aria-label="Stones to compare">
            {items.map((d, i) => (
              <CompareColumn key={d._id} doc={d} position={i + 1} rows={rows} onRemove={() => onRemove(d._id)} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </BoardFrame>
  );
}
