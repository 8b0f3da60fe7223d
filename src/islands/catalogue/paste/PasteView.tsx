/** The pasted list's place on the list page: looking up, the answer, or why it failed. */
import type { CatalogueIndex } from '../../../domain/catalogue/index.ts';
import { closePasteList, type PasteListState } from '../../../stores/paste-list.ts';
import type { ColumnContext } from '../columns.tsx';
import { PasteResults } from './PasteResults.tsx';

type Props = { state: Exclude<PasteListState, { status: 'closed' }>; index: CatalogueIndex | null; ctx: ColumnContext };

export function PasteView({ state, index, ctx }: Props) {
  if (state.status === 'ready' && index)
    return (
      <PasteResults
        items={state.items}
        duplicates={state.duplicates}
        inAddress={state.inAddress}
        index={index}
        ctx={ctx}
      />
    );
  return (
    <div className="paste" role="status">
      {state.status === 'error' ? (
        <>
          <p className="cat-paste__error">The list could not be looked up: {state.message}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={closePasteList}>
            Back to the stock list
          </button>
        </>
      ) : (
        <p>Looking up the pasted list…</p>
      )}
    </div>
  );
}
