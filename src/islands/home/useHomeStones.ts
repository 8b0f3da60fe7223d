/**
 * Live data for the home strip and carousel: the strip's stones by id (GET /diamonds/:id,
 * which keeps WebSpecial for visitors and adds prices for signed-in users) and, for the
 * carousel, up to 100 of the newest stones (GET /diamonds?limit=100) that the strip does not
 * already show. Reloads when the session changes.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect, useState } from 'react';
import type { DiamondDoc, DiamondList } from '../../domain/diamond.ts';
import { carouselOf } from '../../domain/home/strip.ts';
import { MAX_ITEMS } from '../../domain/home/carousel.ts';
import { api } from '../../lib/api.ts';
import { $isAuthorised, $session, loadSession } from '../../stores/session.ts';
import { loadSite } from '../../stores/site.ts';

/** Fewer than this many carousel stones beside the strip: show the newest single items instead. */
const MIN_MORE = 4;

/**
 * The carousel under the strip: the special offers (else single items) that the strip does
 * not show already; when only a few are left, the newest single items not in the strip.
 */
function moreStones(docs: DiamondDoc[], stripIds: number[]): DiamondDoc[] {
  const rest = (d: DiamondDoc) => !stripIds.includes(Number(d._id));
  const pool = carouselOf(docs).filter(rest);
  if (pool.length >= MIN_MORE) return pool;
  return docs.filter((d) => d.StkCatType === 'Single Item' && rest(d)).slice(0, MAX_ITEMS);
}

export function useHomeStones(stripIds: number[]) {
  const signedIn = useIslandStore($isAuthorised, AT_BUILD.isAuthorised);
  const ready = useIslandStore($session, AT_BUILD.session).status === 'ready';
  const [strip, setStrip] = useState<DiamondDoc[] | null>(null);
  const [carousel, setCarousel] = useState<DiamondDoc[] | null>(null);
  const key = stripIds.join(',');

  useEffect(() => {
    void loadSite();
    void loadSession();
  }, []);

  useEffect(() => {
    if (!ready) return;
    const ctrl = new AbortController();
    const ids = key ? key.split(',').map(Number) : [];
    Promise.all(ids.map((id) => api.get<DiamondDoc>(`/diamonds/${id}`, { signal: ctrl.signal }).catch(() => null)))
      .then((docs) => setStrip(docs.filter((d): d is DiamondDoc => d != null)))
      .catch(() => {});
    api
      .get<DiamondList>('/diamonds', { query: { limit: MAX_ITEMS, sort: 'createdAt', order: -1 }, signal: ctrl.signal })
      .then((list) => setCarousel(moreStones(list.docs, ids)))
      .catch((err: unknown) => {
        if (!(err instanceof DOMException)) setCarousel([]);
      });
    return () => ctrl.abort();
  }, [key, ready, signedIn]);

  return { strip, carousel, signedIn };
}
