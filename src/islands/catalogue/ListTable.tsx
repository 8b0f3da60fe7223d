/**
 * The list's table place: until the island knows any rows (neither a first page nor the
 * index), the markup already there stays (the build's skeleton, or the first rows the page's
 * script painted, early-table.ts), and the rows the server drew stay while they are just what
 * the island would show (drawn-table.ts); then the React table with its open-row detail,
 * download ticks and "No Results Found". A press on the drawn rows meanwhile is kept and replayed on the
 * React table's same control (drawn-presses.ts).
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { useStore } from '@nanostores/react';
import type { ListState } from '../../domain/catalogue/index.ts';
import type { ListDoc } from '../../domain/diamond.ts';
import { openComingSoon360 } from '../../stores/dialog.ts';
import { $holds, holdOf } from '../../stores/holds.ts';
import { $liveStock } from '../../stores/live.ts';
import { liveRowLabel } from '../live/LiveRowState.tsx';
import { CatalogueTable, useRowsUpdatedMark } from './CatalogueTable.tsx';
import { drawnRows, drawnStands, drawRestLater } from './drawn-table.ts';
import { usePlaceHeight } from './rows-in-batches.ts';
import { keepDrawnPress, replayDrawnPress } from './drawn-presses.ts';
import type { ColumnContext } from './columns.tsx';
import { RowActions } from './RowActions.tsx';
import { RowDetail } from './RowDetail.tsx';
import type { Action } from './useListState.ts';
import type { Results } from './useResults.ts';

type Props = {
  /** nothing known yet: keep what the build or the page's script put there */
  early: boolean;
  loading: boolean;
  results: Results;
  state: ListState;
  ctx: ColumnContext;
  dispatch: Dispatch<Action>;
};

const inBrowser = typeof window !== 'undefined';
/** the early place keeps its markup: React neither hydrates nor replaces an unchanged inner HTML */
const NO_HTML = { __html: '' };
const comingSoon = openComingSoon360;

/** Rendered again only when its own props change (not on every edit of the filter panel's draft). */
export const ListTable = memo(function ListTable({ early, loading, results, state, ctx, dispatch }: Props) {
  const onToggleRow = useCallback((id: number) => dispatch({ type: 'toggleRow', id }), [dispatch]);
  const onTick = useCallback((id: number) => dispatch({ type: 'toggleSelected', id }), [dispatch]);
  const ticked = useMemo(() => new Set(state.downloadSelection), [state.downloadSelection]);
  const { authorised } = ctx;
  const wrap = useRef<HTMLDivElement | null>(null);
  const [watchPlace, placeHeight] = usePlaceHeight();
  const tableWrap = useCallback(
    (el: HTMLDivElement | null) => {
      wrap.current = el;
      watchPlace(el);
    },
    [watchPlace],
  );
  const { gone } = useStore($liveStock);
  const holds = useStore($holds);
  // the rows the server drew stand while this table would show just them (drawn-table.ts)
  const [drawn] = useState(drawnRows);
  const [taken, setTaken] = useState(false);
  const liveState = (id: number) => liveRowLabel(gone.has(id), holdOf(holds, id).kind);
  const view = { docs: results.docs, ctx, sort: state.sort, tab: state.tab, openRow: state.openRow, ticked, liveState };
  const stands = !taken && !early && !loading && inBrowser && drawnStands(drawn, view);
  if (!taken && !early && !stands) setTaken(true); // once taken, the place stays this table's
  useRowsUpdatedMark(results.docs, stands);
  // standing, the drawn table comes to hold the whole page, a few rows a frame (the early
  // script may not have drawn the rest in yet, or not have loaded)
  useEffect(() => (stands && drawn ? drawRestLater(drawn) : undefined), [stands, drawn]);
  // a press kept on the drawn rows, once this table shows its control
  useEffect(() => replayDrawnPress(wrap.current));
  if ((early || stands) && inBrowser)
    return (
      <div
        key="early"
        ref={watchPlace}
        className="cat-table-wrap"
        data-early=""
        dangerouslySetInnerHTML={NO_HTML}
        onClickCapture={(e) => {
          if (keepDrawnPress(e)) setTaken(true);
        }}
        suppressHydrationWarning
      />
    );
  return (
    <div ref={tableWrap} key={early ? 'early' : 'table'} className="cat-table-wrap" data-early={early ? '' : undefined}>
      <CatalogueTable
        docs={results.docs}
        ctx={ctx}
        openRow={state.openRow}
        onToggleRow={onToggleRow}
        ticked={authorised ? ticked : undefined}
        onTick={authorised ? onTick : undefined}
        sort={state.sort}
        before={drawn?.page.docs}
        placeHeight={placeHeight}
        loading={loading}
        caption={`Diamonds, page ${results.page} of ${results.pages}`}
        onSort={(column) => dispatch({ type: 'sort', column })}
        renderDetail={(d: ListDoc) => (
          <RowDetail
            doc={d}
            ctx={ctx}
            onComingSoon={comingSoon}
            extras={<RowActions doc={d} authorised={authorised} />}
          />
        )}
      />
      {!loading && results.shown && results.total === 0 && (
        <div className="cat-empty" role="status">
          <p className="cat-empty__title">No Results Found</p>
          <p>Change Your Criteria Using The Filters In The Side Column</p>
        </div>
      )}
    </div>
  );
});
