/**
 * The sortable stock table (@tanstack/react-table, sorting done by the domain): a header
 * click sorts by that column (again: flips the direction), shown with aria-sort and an arrow.
 * The open row expands under its stone and scrolls into view ROW_SCROLL_DELAY_MS after it
 * opens. `catalogue:table-updated` is marked (and measured from the last filter apply)
 * each time the rows change. A stone the live stream says left the stock is greyed (`is-gone`)
 * until the next filter change. A new page's rows are drawn the first screen at once and the
 * rest a few a frame (rows-in-batches.ts).
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { cellClass, TableRow } from './TableRow.tsx';
import { ROW_SCROLL_DELAY_MS, type SortState } from '../../domain/catalogue/index.ts';
import type { ListDoc } from '../../domain/diamond.ts';
import { catalogueColumns, type ColumnContext, type ColumnMeta, type TableMeta } from './columns.tsx';
import { tableClass } from './column-layout.ts';
import { useHeldHeight, useRowsInBatches } from './rows-in-batches.ts';
import { batchSizerRows, FIRST_SCREEN_ROWS } from './table-markup.ts';
import { APPLY_MARK } from './useDraftFilters.ts';
import { useStore } from '@nanostores/react';
import { $liveStock } from '../../stores/live.ts';

type Props = {
  docs: ListDoc[];
  /** memoised by the caller: a new context rebuilds the columns (and remounts every cell) */
  ctx: ColumnContext;
  openRow: number | null;
  onToggleRow: (id: number) => void;
  sort: SortState;
  onSort: (column: NonNullable<ColumnMeta['sort']>) => void;
  renderDetail: (doc: ListDoc) => ReactNode;
  caption: string;
  loading: boolean;
  /** download ticks (signed-in users): the ticked `_id`s and their toggle */
  ticked?: ReadonlySet<number>;
  onTick?: (id: number) => void;
  /** the rows shown in the table's place before it (the rows the server drew), when it takes it over */
  before?: readonly { _id: number }[];
  /** the height of the table's place with a whole page, held while a new page is drawn in */
  placeHeight?: { readonly current: number };
};

const SKELETON_ROWS = 8;
export const UPDATED_MARK = 'catalogue:table-updated';

/** Marks `catalogue:table-updated` (measured from the last filter apply) each time the rows shown change. */
export function useRowsUpdatedMark(docs: readonly ListDoc[], shown = true): void {
  useLayoutEffect(() => {
    if (!shown) return;
    performance.mark(UPDATED_MARK);
    if (performance.getEntriesByName(APPLY_MARK, 'mark').length > 0) {
      performance.measure('catalogue:filter-to-table', APPLY_MARK, UPDATED_MARK);
      performance.clearMarks(APPLY_MARK);
    }
  }, [docs, shown]);
}

export function CatalogueTable({
  docs,
  ctx,
  openRow,
  onToggleRow,
  sort,
  onSort,
  renderDetail,
  caption,
  loading,
  ticked,
  onTick,
  before,
  placeHeight,
}: Props) {
  const columns = useMemo(() => catalogueColumns(ctx), [ctx]);
  const { gone } = useStore($liveStock);
  const meta: TableMeta = { openRow, onToggleRow, ticked, onTick };
  const table = useReactTable({
    data: docs,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (d) => String(d._id),
    manualSorting: true,
    meta,
  });

  useRowsUpdatedMark(docs);
  // a new page's rows come a few a frame; the sizer keeps the columns as wide as the whole page's
  const { count: drawnCount, body, batched } = useRowsInBatches(docs, before);
  const batching = drawnCount < docs.length;
  const tableRef = useRef<HTMLTableElement>(null);
  useHeldHeight(tableRef, batching, placeHeight);

  const openRef = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    if (openRow == null) return;
    const t = window.setTimeout(
      () => openRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
      ROW_SCROLL_DELAY_MS,
    );
    return () => window.clearTimeout(t);
  }, [openRow]);

  return (
    <table ref={tableRef} className={tableClass(ctx)} aria-busy={batching || undefined}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        {table.getHeaderGroups().map((hg) => (
          <tr key={hg.id}>
            {hg.headers.map((h) => {
              const m = h.column.columnDef.meta as ColumnMeta | undefined;
              const active = m?.sort != null && sort.column === m.sort;
              return (
                <th
                  key={h.id}
                  scope="col"
                  className={cellClass(m)}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {m?.sort ? (
                    <button
                      type="button"
                      className={`cat-sort${active ? ' is-active' : ''}`}
                      onClick={() => onSort(m.sort!)}
                    >
                      {flexRender(h.column.columnDef.header, h.getContext())}
                      <span className="cat-sort__arrow" aria-hidden="true">
                        {active ? (sort.direction === 'asc' ? '↑' : '↓') : '↕'}
                      </span>
                    </button>
                  ) : (
                    flexRender(h.column.columnDef.header, h.getContext())
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody key={body}>
        {loading &&
          docs.length === 0 &&
          Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <tr key={`s${i}`} className="cat-skeleton" aria-hidden="true">
              {columns.map((c, j) => (
                <td key={j} className={(c.meta as ColumnMeta | undefined)?.className}>
                  <span className="cat-skeleton__bar" />
                </td>
              ))}
            </tr>
          ))}
        {table
          .getRowModel()
          .rows.slice(0, drawnCount)
          .map((row) => {
            const id = row.original._id;
            const open = openRow === id;
            return (
              <TableRow
                key={row.id}
                row={row}
                columns={columns}
                open={open}
                gone={gone.has(id)}
                ticked={ticked?.has(id) ?? false}
                onToggleRow={onToggleRow}
                onTick={onTick}
                openRef={openRef}
                detail={open ? renderDetail(row.original) : undefined}
              />
            );
          })}
      </tbody>
      {batched && <TableSizer docs={docs} ctx={ctx} />}
    </table>
  );
}

/**
 * The sizer of a page drawn in batches (table-markup.ts), kept once every row is in: taking it
 * out would lay the whole table out again for nothing. A component of its own, so that drawing
 * its cells is a step of the list's render of its own, between which the page gets its turn.
 */
const TableSizer = memo(function TableSizer({ docs, ctx }: { docs: readonly ListDoc[]; ctx: ColumnContext }) {
  // drawn again only when its page or columns change (memo: it has no state of its own)
  const html = batchSizerRows(docs, ctx, FIRST_SCREEN_ROWS);
  return html ? <tfoot className="cat-sizer" aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} /> : null;
});
