/**
 * Fills the count badges of the secondary navigation (CatalogueNav's `[data-count]` hooks) on
 * the favourites and compare pages: Favourite, Compare List and Your Bag.
 */
import { useStore } from '@nanostores/react';
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
  const favourites = useStore($favourites).length;
  const compare = useStore($compare).length;
  const bag = useStore($session).user?.bag?.length ?? 0;
  useEffect(() => setBadge('fav', favourites), [favourites]);
  useEffect(() => setBadge('compare', compare), [compare]);
  useEffect(() => setBadge('bag', bag), [bag]);
}
