/**
 * The diamond list island (/diamonds/all and /diamonds/all/{page}).
 * The whole stock is loaded once (stores/catalogue.ts) and filtered, sorted and paged with the
 * domain rules (src/domain/catalogue): main tabs, the side filter panel, the toolbar (code
 * search, paste a list, download, currency), the notices, the table with expandable rows, page
 * sizes; a pasted list's answer in place of the table while it is open (paste/).
 * Until the island knows any rows, the table's place keeps the rows the page painted itself
 * (ListTable.tsx, early-table.ts). The live stream patches the rows in place; new stones wait
 * behind "n new stones match" (src/islands/live/).
 */
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  countChangedFilters,
  currentDefaults,
  PARCELS_TAB,
  tabCounts,
  type MainTab,
} from '../../domain/catalogue/index.ts';
import { useStore } from '@nanostores/react';
import { $pasteList, lookUpList, pastedFromAddress } from '../../stores/paste-list.ts';
import { settleLiveSet } from '../../stores/live.ts';
import { drawnPager } from '../../stores/catalogue-first.ts';
import { NewStones } from '../live/NewStones.tsx';
import { PriceDrawer } from '../price/PriceDrawer.tsx';
import type { ColumnContext } from './columns.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { ListNotices } from './ListNotices.tsx';
import { ListTable } from './ListTable.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { ColouredPlaceholder, MainTabs, ParcelsPlaceholder } from './MainTabs.tsx';
import { Pager, pagerShows } from './Pager.tsx';
import { PasteView } from './paste/PasteView.tsx';
import { QuestionDialog } from './QuestionDialog.tsx';
import { useCatalogueData } from './useCatalogueData.ts';
import { useDraftFilters } from './useDraftFilters.ts';
import { useListState } from './useListState.ts';
import { useNavCounts } from './useNavCounts.ts';
import { useQuestionAnswer } from './useQuestionAnswer.ts';
import { useResults } from './useResults.ts';
import './toolbar.css';
import './panel.css';
import './slider.css';
import './detail.css';
import './table.css';
import './table-phone.css';

const viewportWidth = () => (typeof window === 'undefined' ? 0 : window.innerWidth);
const COLOURED_TAB: MainTab = 3;

export default function CatalogueIsland() {
  const data = useCatalogueData();
  const pasted = useStore($pasteList);
  // a pasted list the address carries: kept in the address at once, looked up once signed in
  const [fromAddress] = useState(() => (typeof window === 'undefined' ? null : pastedFromAddress()));
  const restored = useRef(false);
  const coloured = data.site.data?.coloured_tab === true; // admin setting, from GET /site
  const { cat, authorised, ccy, rates, labels } = data;
  const [state, dispatch, settled] = useListState(
    cat.index?.bounds ?? cat.first?.bounds ?? null,
    authorised,
    data.dialogSettings,
  );
  /**
   * The rows follow the store one render behind, in a render React splits into short tasks:
   * the island's table taking the drawn rows' place, and the full set's arrival (every stone
   * filtered and sorted), never hold the page up in one long task. What a press decides from
   * (the viewer, the limits, the counts) follows the store at once; a press on the drawn rows
   * meanwhile is kept and replayed on the island's table (drawn-presses.ts).
   */
  const shown = useDeferredValue(cat);
  const results = useResults(
    shown.index,
    shown.version,
    state,
    authorised,
    shown.first,
    viewportWidth(),
    settled,
    shown.behind,
    cat.index !== shown.index,
  );
  const { draft, change, flush } = useDraftFilters(state.filters, dispatch);
  // the island has drawn once over the page's markup (before the first paint after hydration):
  // from then on a phone shows the panel when it is opened (panel.css)
  const [live, setLive] = useState(false);
  useLayoutEffect(() => setLive(true), []);
  const [drawnPagerAt] = useState(drawnPager); // the pager the server drew with its rows
  const counts = cat.index ? tabCounts(cat.index) : (cat.first?.counts ?? null);
  useNavCounts(counts ? counts[0] + counts[1] + counts[2] + counts[3] : null, data.session);
  const answer = useQuestionAnswer(state.question, authorised, dispatch);
  const bounds = state.bounds[state.tab];

  useEffect(() => {
    if (!authorised || !fromAddress || restored.current) return;
    restored.current = true;
    void lookUpList(fromAddress.codes, fromAddress.duplicates);
  }, [authorised, fromAddress]);

  // stones that left the stock go, and waiting new ones join, at the next filter or tab change
  // (a change the buyer makes settles before it is drawn, useListState; this one covers the rest,
  // such as the back button)
  const settledFor = useRef({ filters: state.filters, tab: state.tab });
  useEffect(() => {
    const was = settledFor.current;
    if (was.filters === state.filters && was.tab === state.tab) return;
    settledFor.current = { filters: state.filters, tab: state.tab };
    settleLiveSet();
  }, [state.filters, state.tab]);

  useEffect(() => {
    if (shown.index && results.page !== state.page)
      dispatch({ type: 'page', page: results.page, total: results.total });
  }, [shown.index, results.page, results.total, state.page, dispatch]);

  const { measurements, availability } = state.columns;
  const parcels = state.tab === PARCELS_TAB;
  const ctx: ColumnContext = useMemo(
    () => ({ ccy, rates, authorised, measurements, availability, labels, parcels }),
    [ccy, rates, authorised, measurements, availability, labels, parcels],
  );
  const count = countChangedFilters(draft, currentDefaults(state), { authorised, measurements });
  const panelOpen = !state.menuCollapsed;
  /** no rows to show yet (neither the index nor a first page that fits the state) */
  const loading = (shown.status === 'loading' || shown.status === 'idle') && !results.shown;
  /** nothing known yet: the build's skeleton, or the rows the page's script painted, stand */
  const early = !shown.first && !shown.index && shown.status !== 'error';
  const lockedTab = (parcels && !authorised && !loading) || state.tab === COLOURED_TAB;
  const pager = (where: 'top' | 'bottom') => (
    <Pager
      idPrefix={`cat-${where}`}
      {...pagerShows(results, state.pageSize, drawnPagerAt, live)}
      busy={loading}
      onPage={(page) => {
        dispatch({ type: 'page', page, total: results.total });
        if (where === 'bottom') document.getElementById('catalogue')?.scrollIntoView({ block: 'start' });
      }}
      onLimit={(pageSize) => dispatch({ type: 'pageSize', pageSize })}
    />
  );

  return (
    <section id="catalogue" className="cat" aria-label="Stock list" aria-busy={loading}>
      <MainTabs tab={state.tab} counts={counts} coloured={coloured} onTab={(tab) => dispatch({ type: 'tab', tab })} />
      {/* whichever shows is the tabs' panel (#cat-list, which every tab controls) */}
      {state.tab === COLOURED_TAB || lockedTab ? (
        <div id="cat-list">{state.tab === COLOURED_TAB ? <ColouredPlaceholder /> : <ParcelsPlaceholder />}</div>
      ) : (
        <div className={`cat-layout${panelOpen ? ' has-panel' : ''}${live ? ' cat-layout--live' : ''}`}>
          {panelOpen && (
            <FilterPanel
              id="cat-filters"
              tab={state.tab}
              draft={draft}
              bounds={bounds}
              set={shown}
              count={count}
              authorised={authorised}
              columns={state.columns}
              ccy={ccy}
              labels={labels}
              onChange={change}
              onColumn={(column, on) => dispatch({ type: 'column', column, on })}
              onReset={() => dispatch({ type: 'resetFilters' })}
              onViewResults={() => {
                flush();
                dispatch({ type: 'collapseMenu', collapsed: true });
              }}
            />
          )}
          <div className="cat-main" id="cat-list">
            <ListToolbar
              state={state}
              index={cat.index}
              authorised={authorised}
              count={count}
              unknown={!authorised && loading}
              dispatch={dispatch}
            />
            <ListNotices
              visitor={!authorised && !loading}
              unknown={!authorised && loading}
              failed={cat.status === 'error'}
              error={cat.error}
              waiting={results.waiting}
            />
            {pasted.status !== 'closed' ? (
              <PasteView state={pasted} index={cat.index} ctx={ctx} />
            ) : (
              <>
                <NewStones
                  index={cat.index}
                  filters={state.filters}
                  ctx={{ tab: state.tab, authorised, columns: state.columns }}
                  pricing={cat.index?.pricing ?? null}
                />
                {pager('top')}
                <ListTable
                  early={early}
                  loading={loading}
                  results={results}
                  state={state}
                  ctx={ctx}
                  dispatch={dispatch}
                />
                {results.total > 0 && <div className="cat-foot">{pager('bottom')}</div>}
              </>
            )}
          </div>
        </div>
      )}
      <QuestionDialog question={state.question} canRemember={authorised} onAnswer={answer} />
      <PriceDrawer />
    </section>
  );
}
