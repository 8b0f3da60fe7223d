/**
 * Fills the count badges of the secondary navigation (CatalogueNav's `[data-count]` hooks) on
 * the favourites and compare pages: Favourite, Compare List and Your Bag.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect } from 'react';
import { $compare } from '../../stores/compare.ts';
import { $favourites } from '../../stores/favourites.ts';
import { $session } from '../../stores/session.ts';

function setBadge(key: string, n: number) {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-count="${key}"]`)) {
    el.hidden = n <= 0;
    el.textContent = n > 0 ? String(n) : '';
  }
}

export function useListBadges(): void {
  const favourites = useIslandStore($favourites, AT_BUILD.favourites).length;
  const compare = useIslandStore($compare, AT_BUILD.compare).length;
  const bag = useIslandStore($session, AT_BUILD.session).user?.bag?.length ?? 0;
  useEffect(() => setBadge('fav', favourites), [favourites]);
  useEffect(() => setBadge('compare', compare), [compare]);
  useEffect(() => setBadge('bag', bag), [bag]);
}
