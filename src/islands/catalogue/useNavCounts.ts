/**
 * Fills the count badges of the secondary navigation (CatalogueNav's `[data-count]` hooks):
 * All Diamonds = stones in stock, Favourite and Compare List = the lists' lengths, Your Bag =
 * the signed-in user's bag. Also loads the favourite and compare lists.
 */
import { useEffect } from 'react';
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { $compare } from '../../stores/compare.ts';
import { $favourites, loadLists } from '../../stores/favourites.ts';
import type { UserView } from '../../stores/session.ts';

const fmt = new Intl.NumberFormat('en-GB');

function setBadge(key: string, n: number | null) {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-count="${key}"]`)) {
    el.hidden = n == null || n <= 0;
    el.textContent = n == null ? '' : fmt.format(n);
  }
}

export function useNavCounts(stock: number | null, user: UserView | null) {
  const favourites = useIslandStore($favourites, AT_BUILD.favourites).length;
  const compare = useIslandStore($compare, AT_BUILD.compare).length;
  useEffect(() => void loadLists(), []);
  useEffect(() => setBadge('all', stock), [stock]);
  useEffect(() => setBadge('fav', favourites), [favourites]);
  useEffect(() => setBadge('compare', compare), [compare]);
  const bag = user?.bag?.length ?? null;
  useEffect(() => setBadge('bag', bag), [bag]);
}
