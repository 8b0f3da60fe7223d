/**
 * Fills the count badges of the secondary navigation (CatalogueNav's `[data-count]` hooks):
 * All Diamonds = stones in stock, Favourite and Compare List = the lists' lengths, Your Bag =
 * the signed-in user's bag. Also loads the favourite and compare lists. A badge is left as it
 * is until its number is known (the stock, the lists, the session for the bag): the server drew those
 * it knew into the list page (api/services/catalogue/list-page-frame.ts).
 */
import { useEffect } from 'react';
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { $compare } from '../../stores/compare.ts';
import { $favourites, $listsShown, loadLists } from '../../stores/favourites.ts';
import type { SessionState } from '../../stores/session.ts';

const fmt = new Intl.NumberFormat('en-GB');

/** `n` null: not known yet, the badge stays as drawn */
function setBadge(key: string, n: number | null) {
  if (n == null) return;
  for (const el of document.querySelectorAll<HTMLElement>(`[data-count="${key}"]`)) {
    el.hidden = n <= 0;
    el.textContent = fmt.format(n);
  }
}

export function useNavCounts(stock: number | null, session: SessionState) {
  const shown = useIslandStore($listsShown, AT_BUILD.listsShown);
  const favourites = useIslandStore($favourites, AT_BUILD.favourites).length;
  const compare = useIslandStore($compare, AT_BUILD.compare).length;
  useEffect(() => void loadLists(), []);
  useEffect(() => setBadge('all', stock), [stock]);
  useEffect(() => setBadge('fav', shown ? favourites : null), [shown, favourites]);
  useEffect(() => setBadge('compare', shown ? compare : null), [shown, compare]);
  const bag = session.status === 'ready' ? (session.user?.bag?.length ?? 0) : null;
  useEffect(() => setBadge('bag', bag), [bag]);
}
