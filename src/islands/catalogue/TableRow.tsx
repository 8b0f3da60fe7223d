/**
 * One stone's row of the list's table (and its detail row when open), memoised: a render of the
 * table that does not touch a row (the next few rows drawn in, a live price patched into
 * another row) skips it. Its cells read the table's per-render state (`meta`) when they draw,
 * so every part of that state a row shows is one of its props: open, ticked, gone, the columns.
 */
import { Fragment, memo, type ReactNode, type Ref } from 'react';
import { flexRender, type ColumnDef, type Row } from '@tanstack/react-table';
import type { ListDoc } from '../../domain/diamond.ts';
import type { ColumnMeta } from './columns.tsx';

type Props = {
  row: Row<ListDoc>;
  /** the table's columns: new columns (another currency, a column switched) redraw the row */
  columns: readonly ColumnDef<ListDoc, unknown>[];
  open: boolean;
  gone: boolean;
  ticked: boolean;
  onToggleRow: (id: number) => void;
  onTick?: (id: number) => void;
  /** the open row's element (scrolled into view) */
  openRef?: Ref<HTMLTableRowElement>;
  /** the open row's detail (only for the open row) */
  detail?: ReactNode;
};

/** a header's or a cell's class: figures align right, and the column's own class */
export const cellClass = (m: ColumnMeta | undefined) =>
  [m?.numeric && 'is-num', m?.className].filter(Boolean).join(' ') || undefined;

export const TableRow = memo(function TableRow({ row, columns, open, gone, openRef, detail }: Props) {
  const d = row.original;
  return (
    <Fragment>
      <tr
        className={
          [Number(d.WebSpecial) > 0 && 'is-special', open && 'is-open', gone && 'is-gone'].filter(Boolean).join(' ') ||
          undefined
        }
        ref={open ? openRef : undefined}
      >
        {row.getVisibleCells().map((cell) => {
          const m = cell.column.columnDef.meta as ColumnMeta | undefined;
          return (
            <td key={cell.id} data-label={m?.label} className={cellClass(m)}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
      {open && (
        <tr className="cat-detail-row">
          <td colSpan={columns.length}>{detail}</td>
        </tr>
      )}
    </Fragment>
  );
});
