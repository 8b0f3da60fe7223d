/**
 * The expanded row's list actions for a stone: Add to Basket (signed-in users; stores/bag.ts
 * opens the bag drawer), Add to / Remove Compare and Add to / Remove Favourite (stores/compare.ts
 * and stores/favourites.ts, kept in the browser for visitors and on the server when signed in),
 * Price (signed-in users: the PRICE drawer's breakdown, stores/price-drawer.ts) and the hold
 * control (signed-in traders, single stones: holds/HoldControl.tsx).
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useState } from 'react';
import type { ListDoc } from '../../domain/diamond.ts';
import { addToBag } from '../../stores/bag.ts';
import { $compare, toggleCompare } from '../../stores/compare.ts';
import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import { openPriceDrawer } from '../../stores/price-drawer.ts';
import { HoldControl } from '../holds/HoldControl.tsx';

export function RowActions({ doc, authorised }: { doc: ListDoc; authorised: boolean }) {
  const favourites = useIslandStore($favourites, AT_BUILD.favourites);
  const compare = useIslandStore($compare, AT_BUILD.compare);
  const [adding, setAdding] = useState(false);
  const fav = favourites.includes(doc._id);
  const cmp = compare.includes(doc._id);
  return (
    <>
      {authorised && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={adding}
          onClick={() => {
            setAdding(true);
            void addToBag(doc).finally(() => setAdding(false));
          }}
        >
          Add to Basket
        </button>
      )}
      <button type="button" className="cat-toggle-link" aria-pressed={cmp} onClick={() => void toggleCompare(doc._id)}>
        {cmp ? 'Remove Compare' : 'Add to Compare'}
      </button>
      <button
        type="button"
        className="cat-toggle-link"
        aria-pressed={fav}
        onClick={() => void toggleFavourite(doc._id)}
      >
        {fav ? 'Remove Favourite' : 'Add to Favourite'}
      </button>
      {authorised && (
        <button type="button" className="cat-toggle-link" aria-haspopup="dialog" onClick={() => openPriceDrawer(doc)}>
          Price
        </button>
      )}
      {authorised && <HoldControl id={doc._id} catType={doc.StkCatType} stockCode={doc.StkCodeCalcNS} />}
    </>
  );
}
