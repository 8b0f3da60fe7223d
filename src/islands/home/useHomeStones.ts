/**
 * Live data for the home strip and carousel: the strip's stones by id (GET /diamonds/:id,
 * which keeps WebSpecial for visitors and adds prices for signed-in users) and, for the
 * carousel, up to 100 of the newest stones (GET /diamonds?limit=100) that the strip does not
 * already show. Reloads when the session changes.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect, useMemo } from 'react';
import { SINGLE, type DiamondDoc } from '../../domain/diamond.ts';
import { carouselOf } from '../../domain/home/strip.ts';
import { MAX_ITEMS } from '../../domain/home/carousel.ts';
import { call, client } from '../../lib/api.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
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
  return docs.filter((d) => d.StkCatType === SINGLE && rest(d)).slice(0, MAX_ITEMS);
}

export function useHomeStones(stripIds: number[]) {
  const signedIn = useIslandStore($isAuthorised, AT_BUILD.isAuthorised);
  const ready = useIslandStore($session, AT_BUILD.session).status === 'ready';
  const key = stripIds.join(',');
  const ids = useMemo(() => (key ? key.split(',').map(Number) : []), [key]);

  useEffect(() => {
    void loadSite();
    void loadSession();
  }, []);

  // both again when the session changes (prices)
  const when = ready ? `${key}:${signedIn}` : null;
  const strip = useApiQuery(when, (signal) =>
    Promise.all(
      ids.map((id) =>
        call(client.diamonds[':id'].$get({ param: { id: String(id) } }, { init: { signal } })).catch(() => null),
      ),
    ).then((docs) => docs.filter((d) => d != null)),
  );
  const newest = useApiQuery(when, (signal) =>
    call(client.diamonds.$get({ query: { limit: MAX_ITEMS, sort: 'createdAt', order: '-1' } }, { init: { signal } })),
  );
  const carousel = useMemo(
    () => (newest.error != null ? [] : newest.data ? moreStones(newest.data.docs, ids) : null),
    [newest.data, newest.error, ids],
  );
  return { strip: strip.data, carousel, signedIn };
}
