/**
 * The diamond list island (/diamonds/all and /diamonds/all/{page}). The whole stock is loaded
 * once (stores/catalogue.ts) and filtered, sorted and paged here with the domain rules
 * (src/domain/catalogue): main tabs, the side filter panel, code search with its questions, the
 * sortable table with expandable rows, page sizes and the currency.
 */
import { useCallback, useEffect, useMemo } from 'react';
import {
  countChangedFilters,
  currentDefaults,
  MOBILE_MAX_WIDTH,
  tabCounts,
  type MainTab,
} from '../../domain/catalogue/index.ts';
import type { DiamondDoc } from '../../domain/diamond.ts';
import { api } from '../../lib/api.ts';
import { openDialog } from '../../stores/dialog.ts';
import { loadSession } from '../../stores/session.ts';
import CurrencySelect from '../currency/CurrencySelect.tsx';
import { CatalogueDownload } from '../downloads/CatalogueDownload.tsx';
import { CatalogueTable } from './CatalogueTable.tsx';
import type { ColumnContext } from './columns.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { ColouredPlaceholder, MainTabs, ParcelsPlaceholder } from './MainTabs.tsx';
import { PriceDrawer } from '../price/PriceDrawer.tsx';
import { Pager } from './Pager.tsx';
import { QuestionDialog } from './QuestionDialog.tsx';
import { RowActions } from './RowActions.tsx';
import { RowDetail } from './RowDetail.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useCatalogueData } from './useCatalogueData.ts';
import { useDraftFilters } from './useDraftFilters.ts';
import { useListState } from './useListState.ts';
import { useNavCounts } from './useNavCounts.ts';
import { useResults } from './useResults.ts';
import { useMedia } from '../ui/useMedia.ts';
import './toolbar.css';
import './panel.css';
import './slider.css';
import './detail.css';
import './table.css';
import './table-phone.css';

const inBrowser = typeof window !== 'undefined';
const viewportWidth = () => (inBrowser ? window.innerWidth : 0);
/** the early table's place keeps what the build or the page's script put there (early-table.ts) */
const NO_HTML = { __html: '' };

export default function CatalogueIsland() {
  const data = useCatalogueData();
  const coloured = data.site.data?.coloured_tab === true; // admin setting, from GET /site
  const { cat, authorised } = data;
  const [state, dispatch] = useListState(
    cat.index?.bounds ?? cat.first?.bounds ?? null,
    authorised,
    data.dialogSettings,
  );
  const results = useResults(cat.index, cat.version, state, authorised, cat.first, viewportWidth());
  const { draft, change, flush } = useDraftFilters(state.filters, dispatch);
  const phone = useMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const counts = cat.index ? tabCounts(cat.index) : (cat.first?.counts ?? null);
  useNavCounts(counts ? counts[0] + counts[1] + counts[2] + counts[3] : null, data.session.user);

  useEffect(() => {
    if (cat.index && results.page !== state.page) dispatch({ type: 'page', page: results.page, total: results.total });
  }, [cat.index, results.page, results.total, state.page, dispatch]);

  const answer = useCallback(
    (yes: boolean, remember: boolean) => {
      const q = state.question;
      dispatch({ type: 'answer', yes, remember });
      if (q && remember && authorised) {
        api
          .patch('/profile/updateDialogSettings', { settingName: q.kind, settingValue: yes ? 'yes' : 'no' })
          .then(() => loadSession(true))
          .catch(() => {}); // the choice still holds for this visit
      }
    },
    [state.question, authorised, dispatch],
  );

  const { ccy, rates, labels } = data;
  const { measurements, availability } = state.columns;
  const parcels = state.tab === 2;
  const ctx: ColumnContext = useMemo(
    () => ({ ccy, rates, authorised, measurements, availability, labels, parcels }),
    [ccy, rates, authorised, measurements, availability, labels, parcels],
  );
  const onToggleRow = useCallback((id: number) => dispatch({ type: 'toggleRow', id }), [dispatch]);
  const onTick = useCallback((id: number) => dispatch({ type: 'toggleSelected', id }), [dispatch]);
  const ticked = useMemo(() => new Set(state.downloadSelection), [state.downloadSelection]);
  const count = countChangedFilters(draft, currentDefaults(state), {
    authorised,
    measurements: state.columns.measurements,
  });
  const panelOpen = !state.menuCollapsed;
  /** no rows to show yet (neither the index nor a first page that fits the state) */
  const loading = (cat.status === 'loading' || cat.status === 'idle') && !results.shown;
  /** nothing known yet: the build's skeleton, or the rows the page's script painted, stand */
  const early = !cat.first && !cat.index && cat.status !== 'error';
  const lockedTab = (state.tab === 2 && !authorised && !loading) || state.tab === 3;
  const onTab = (tab: MainTab) => dispatch({ type: 'tab', tab });
  const pager = (where: 'top' | 'bottom') => (
    <Pager
      idPrefix={`cat-${where}`}
      page={results.page}
      totalPages={results.pages}
      totalDocs={results.shown ? results.total : null}
      limit={state.pageSize}
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
      <MainTabs tab={state.tab} counts={counts} coloured={coloured} onTab={onTab} />
      {state.tab === 3 ? (
        <ColouredPlaceholder />
      ) : lockedTab ? (
        <ParcelsPlaceholder />
      ) : (
        <div className={`cat-layout${panelOpen ? ' has-panel' : ''}${phone ? ' is-phone' : ''}`}>
          {panelOpen && (
            <FilterPanel
              id="cat-filters"
              tab={state.tab}
              draft={draft}
              bounds={state.bounds[state.tab]}
              count={count}
              authorised={authorised}
              columns={state.columns}
              ccy={data.ccy}
              labels={data.labels}
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
            <div className="cat-toolbar">
              <button
                type="button"
                className="btn btn--ghost btn--small cat-toggle"
                aria-expanded={panelOpen}
                aria-controls="cat-filters"
                onClick={() => dispatch({ type: 'collapseMenu', collapsed: panelOpen })}
              >
                {panelOpen && !phone ? 'Hide filters' : `Filters (${count})`}
              </button>
              <SearchBox value={state.filters.search} onSearch={(search) => dispatch({ type: 'search', search })} />
              <CatalogueDownload
                state={state}
                index={cat.index}
                authorised={authorised}
                onToggle={() => dispatch({ type: 'toggleDownloadDrawer' })}
              />
              <CurrencySelect id="cat-currency" />
            </div>
            {!authorised && !loading && (
              <div className="cat-notice" role="note">
                <p>
                  <strong>Trade prices are reserved for approved accounts.</strong> Sign in or register your business to
                  see prices, price per carat and availability.
                </p>
                <div className="cat-notice__actions">
                  <button type="button" className="btn btn--small" data-account-entry data-account-dialog="login">
                    Login
                  </button>
                  <a className="btn btn--ghost btn--small" href="/#register">
                    Register
                  </a>
                </div>
              </div>
            )}
            {cat.status === 'error' && (
              <div className="cat-error" role="alert">
                <p>
                  <strong>The stock list could not be loaded.</strong> {cat.error}
                </p>
              </div>
            )}
            {results.waiting && cat.status !== 'error' && (
              <p className="cat-pending" role="status">
                Loading the full stock list: your change applies as soon as it is here.
              </p>
            )}
            {pager('top')}
            {early && inBrowser ? (
              // the rows painted before React started stay until the island has rows of its own
              <div
                key="early"
                className="cat-table-wrap"
                data-early=""
                dangerouslySetInnerHTML={NO_HTML}
                suppressHydrationWarning
              />
            ) : (
              <div key={early ? 'early' : 'table'} className="cat-table-wrap" data-early={early ? '' : undefined}>
                <CatalogueTable
                  docs={results.docs}
                  ctx={ctx}
                  openRow={state.openRow}
                  onToggleRow={onToggleRow}
                  ticked={authorised ? ticked : undefined}
                  onTick={authorised ? onTick : undefined}
                  sort={state.sort}
                  loading={loading}
                  caption={`Diamonds, page ${results.page} of ${results.pages}`}
                  onSort={(column) => dispatch({ type: 'sort', column })}
                  renderDetail={(d: DiamondDoc) => (
                    <RowDetail
                      doc={d}
                      ctx={ctx}
                      onComingSoon={() =>
                        openDialog('message', {
                          title: 'Coming Soon',
                          text: 'A 360° view of this stone is coming soon.',
                        })
                      }
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
            )}
            {results.total > 0 && <div className="cat-foot">{pager('bottom')}</div>}
          </div>
        </div>
      )}
      <QuestionDialog question={state.question} canRemember={authorised} onAnswer={answer} />
      <PriceDrawer />
    </section>
  );
}
