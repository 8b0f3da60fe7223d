/**
 * The bar above the list: show/hide filters (with the changed-filter count), code search,
 * paste a list, save the search (signed-in traders), download, currency. While the island does
 * not yet know who is looking (`unknown`), the save button's place is kept for the CSS to hold
 * open when the server said the viewer is a trader (`html[data-viewer]`, toolbar.css).
 */
import type { Dispatch } from 'react';
import type { CatalogueIndex, ListState } from '../../domain/catalogue/index.ts';
import CurrencySelect from '../currency/CurrencySelect.tsx';
import { CatalogueDownload } from '../downloads/CatalogueDownload.tsx';
import { PasteListDialog } from './paste/PasteListDialog.tsx';
import { SaveSearchDialog } from '../saved-searches/SaveSearchDialog.tsx';
import { SearchBox } from './SearchBox.tsx';
import type { Action } from './useListState.ts';

type Props = {
  state: ListState;
  index: CatalogueIndex | null;
  authorised: boolean;
  /** changed filters in the draft */
  count: number;
  /** who is looking is not known yet */
  unknown: boolean;
  dispatch: Dispatch<Action>;
};

export function ListToolbar({ state, index, authorised, count, unknown, dispatch }: Props) {
  const panelOpen = !state.menuCollapsed;
  return (
    <div className="cat-toolbar">
      <button
        type="button"
        className="btn btn--ghost btn--small cat-toggle"
        aria-expanded={panelOpen}
        aria-controls="cat-filters"
        onClick={() => dispatch({ type: 'collapseMenu', collapsed: panelOpen })}
      >
        {panelOpen ? (
          // a wide screen hides the open panel beside the rows; a phone's panel covers the rows, and
          // its button still says Filters (toolbar.css: the width decides, so the page's markup holds)
          <>
            <span className="cat-toggle__hide">Hide filters</span>
            <span className="cat-toggle__show">Filters ({count})</span>
          </>
        ) : (
          `Filters (${count})`
        )}
      </button>
      <SearchBox value={state.filters.search} onSearch={(search) => dispatch({ type: 'search', search })} />
      <PasteListDialog authorised={authorised} />
      {authorised && <SaveSearchDialog state={state} />}
      {unknown && (
        <button type="button" className="btn btn--ghost btn--small cat-save-place" tabIndex={-1} aria-hidden="true">
          Save search
        </button>
      )}
      <CatalogueDownload
        state={state}
        index={index}
        authorised={authorised}
        onToggle={() => dispatch({ type: 'toggleDownloadDrawer' })}
      />
      <CurrencySelect id="cat-currency" />
    </div>
  );
}
