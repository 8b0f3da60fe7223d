/**
 * "3 new stones match": new stones that entered the stock and pass the open filters wait here
 * instead of jumping into the rows; pressing it shows them (the list settles: stones that left
 * go, the new ones join). A quiet button, announced politely.
 */
import { useMemo } from 'react';
import type { FilterContext, FilterState, PriceContext } from '../../domain/catalogue/index.ts';
import { freshMatching } from '../../domain/live/patch.ts';
import type { CatalogueIndex } from '../../domain/catalogue/index.ts';
import { settleLiveSet } from '../../stores/live.ts';
import { useLiveStock } from './useLive.ts';
import './live.css';

type Props = { index: CatalogueIndex | null; filters: FilterState; ctx: FilterContext; pricing: PriceContext };

export function NewStones({ index, filters, ctx, pricing }: Props) {
  const { fresh, gone } = useLiveStock();
  const { tab, authorised, columns } = ctx;
  const n = useMemo(
    () => (index ? freshMatching({ index, seq: 0, gone, fresh }, filters, { tab, authorised, columns }, pricing) : 0),
    [index, fresh, gone, filters, tab, authorised, columns, pricing],
  );
  return (
    <div className="live-new" role="status">
      {n > 0 && (
        <button type="button" className="btn btn--ghost btn--small live-new__btn" onClick={settleLiveSet}>
          {n === 1 ? '1 new stone matches' : `${n} new stones match`}
          <span className="sr-only">: show them in the list</span>
        </button>
      )}
    </div>
  );
}
