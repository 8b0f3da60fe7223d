/**
 * The catalogue's way into downloads: a DOWNLOAD button for the list toolbar that toggles the
 * DOWNLOAD drawer, and the per-stone download tick.
 *
 * - Signed in: the button toggles the drawer (list state `drawer: 'download'`); closing the
 *   drawer (its close button, Escape, the overlay, or a finished download) toggles it shut.
 *   (Not the reducer's closeDrawer: that also re-opens the filter panel, which on a phone
 *   would cover the list the moment a download finishes.)
 * - Visitors: the login dialog opens instead, returning to this page afterwards.
 * - 'current' is the whole filtered and sorted list of the tab (every page, not only the
 *   one on screen); 'selected' the ticked stones (`downloadSelection`, kept across pages,
 *   tabs and filters); certified-* and parcels read the whole stock from the loaded
 *   catalogue payload (stores/catalogue.ts).
 */
import { useMemo } from 'react';
import { filterAndSort, rowsToDocs, type CatalogueIndex, type ListState } from '../../domain/catalogue/index.ts';
import type { ListDoc } from '../../domain/diamond.ts';
import { openDialog } from '../../stores/dialog.ts';
import { DownloadDrawer } from './DownloadDrawer.tsx';

type ListView = Pick<ListState, 'drawer' | 'filters' | 'sort' | 'tab' | 'columns' | 'downloadSelection'>;

export type CatalogueDownloadProps = {
  state: ListView;
  index: CatalogueIndex | null;
  authorised: boolean;
  onToggle: () => void;
};

const here = () => `${window.location.pathname}${window.location.search}`;

export function CatalogueDownload({ state, index, authorised, onToggle }: CatalogueDownloadProps) {
  const open = authorised && state.drawer === 'download';
  const { filters, sort, tab, columns } = state;
  const current = useMemo<ListDoc[]>(
    () => (open && index ? rowsToDocs(index, filterAndSort(index, filters, sort, { tab, authorised, columns })) : []),
    [open, index, filters, sort, tab, columns, authorised],
  );
  const ticked = state.downloadSelection.length;

  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--small cat-download"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (authorised ? onToggle() : openDialog('login', { returnTo: here() }))}
      >
        <svg
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          aria-hidden="true"
        >
          <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
        </svg>
        Download
        {authorised && ticked > 0 && (
          <span className="cat-download__count" aria-label={`${ticked} ticked`}>
            {ticked}
          </span>
        )}
      </button>
      <DownloadDrawer
        open={open}
        onOpenChange={(o) => !o && open && onToggle()}
        docs={current}
        tickedIds={state.downloadSelection}
      />
    </>
  );
}

/** The per-stone download tick of a list row ('Only Ticked Items'). */
export function DownloadTick({
  doc,
  ticked,
  onToggle,
}: {
  doc: ListDoc;
  ticked: boolean;
  onToggle: (id: number) => void;
}) {
  return (
    <label className="dl-tick">
      <input type="checkbox" checked={ticked} onChange={() => onToggle(doc._id)} />
      <span className="sr-only">Tick {doc.StkCodeCalcNS} for download</span>
    </label>
  );
}
