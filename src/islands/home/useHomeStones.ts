/**
 * Live data for the home strip and carousel: the strip's stones by id (GET /diamonds/:id,
 * which keeps WebSpecial for visitors and adds prices for signed-in users) and up to 100
 * newest stones for the carousel (GET /diamonds?limit=100). Reloads when the session changes.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { DiamondDoc, DiamondList } from '../../domain/diamond.ts';
import { carouselOf } from '../../domain/home/strip.ts';
import { MAX_ITEMS } from '../../domain/home/carousel.ts';
import { api } from '../../lib/api.ts';
import { $isAuthorised, $session, loadSession } from '../../stores/session.ts';
import { loadSite } from '../../stores/site.ts';

export function useHomeStones(stripIds: number[]) {
  const signedIn = useStore($isAuthorised);
  const ready = useStore($session).status === 'ready';
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
      .then((list) => setCarousel(carouselOf(list.docs)))
      .catch((err: unknown) => {
        if (!(err instanceof DOMException)) setCarousel([]);
      });
    return () => ctrl.abort();
  }, [key, ready, signedIn]);

  return { strip, carousel, signedIn };
}
