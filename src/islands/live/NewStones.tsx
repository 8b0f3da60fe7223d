/**
 * "3 new stones match": new stones that entered the stock and pass the open filters wait here
 * instead of jumping into the rows; pressing it shows them (the list settles: stones that left
 * go, the new ones join). A quiet button, announced politely; once pressed, the keyboard focus
 * moves to a note saying how many joined the list (the button itself is gone).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
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
  const [joined, setJoined] = useState(0);
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (joined > 0) note.current?.focus();
  }, [joined]);
  useEffect(() => {
    if (n > 0) setJoined(0);
  }, [n]);
  return (
    <div className="live-new" role="status">
      {n > 0 && (
        <button
          type="button"
          className="btn btn--ghost btn--small live-new__btn"
          onClick={() => {
            setJoined(n);
            settleLiveSet();
          }}
        >
          {n === 1 ? '1 new stone matches' : `${n} new stones match`}
          <span className="sr-only">: show them in the list</span>
        </button>
      )}
      {n === 0 && joined > 0 && (
        <p ref={note} tabIndex={-1} className="sr-only">
          {joined === 1 ? '1 new stone is now in the list.' : `${joined} new stones are now in the list.`}
        </p>
      )}
    </div>
  );
}
