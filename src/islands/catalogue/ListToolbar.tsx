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
  phone: boolean;
  /** who is looking is not known yet */
  unknown: boolean;
  dispatch: Dispatch<Action>;
};

export function ListToolbar({ state, index, authorised, count, phone, unknown, dispatch }: Props) {
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
        {panelOpen && !phone ? 'Hide filters' : `Filters (${count})`}
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
