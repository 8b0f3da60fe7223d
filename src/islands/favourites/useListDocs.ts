/**
 * The stones behind a list of ids (favourites or compare). Signed in: the server's list
 * answer (GET /profile/{list}) carries them; visitors: GET /diamonds/{id} for each id.
 * A stone the server no longer knows (404) is kept as `missing` so it can be removed. All are
 * read again when the live stream says one of them changed.
 */
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { ApiError, call, client, type AnswerOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { useLiveRevision } from '../live/useLive.ts';

export type ListDoc = AnswerOf<typeof client.profile.favourites.$get>['docs'][number];
/** doc null and known true: the stone is gone from the data (404) */
export type Entry = { id: number; doc: ListDoc | null; known: boolean };
type Cache = Map<number, ListDoc | null>;

async function fetchMissing(ids: number[], authorised: boolean, list: 'favourites' | 'compare'): Promise<Cache> {
  const found: Cache = new Map();
  if (authorised) {
    const answer = await call(client.profile[list].$get());
    for (const d of answer.docs) found.set(d._id, d);
    for (const id of ids) if (!found.has(id)) found.set(id, null);
    return found;
  }
  await Promise.all(
    ids.map((id) =>
      call(client.diamonds[':id'].$get({ param: { id: String(id) } })).then(
        (d) => void found.set(id, d),
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 404) found.set(id, null);
        },
      ),
    ),
  );
  return found;
}

/** `entries` follow `ids` in order; `ready` once every id has been looked up. */
export function useListDocs(ids: number[], list: 'favourites' | 'compare') {
  const session = useStore($session);
  const authorised = session.isAuthorised && session.user != null;
  const who = session.status === 'ready' ? (session.user?._id ?? 'visitor') : null;
  const cache = useRef<{ who: string | null; rev: string; docs: Cache; shown: Cache }>({
    who: null,
    rev: '',
    docs: new Map(),
    shown: new Map(),
  });

  // the stones are read again when the live stream says one changed; meanwhile the docs as
  // they were stay on screen (`shown`)
  const rev = useLiveRevision(ids);
  const c = cache.current;
  if (c.who !== who) cache.current = { who, rev, docs: new Map(), shown: new Map() };
  else if (c.rev !== rev) cache.current = { who, rev, docs: new Map(), shown: new Map([...c.shown, ...c.docs]) };
  const missing = ids.filter((id) => !cache.current.docs.has(id));
  const key = missing.join(',');

  // each answer names whose it is and for which revision: an older one is not kept
  const { data } = useApiQuery(who == null || key === '' ? null : `${who}|${list}|${key}|${rev}`, async () => ({
    who,
    rev,
    found: await fetchMissing(key.split(',').map(Number), authorised, list),
  }));
  if (data && data.who === who && data.rev === rev) for (const [id, d] of data.found) cache.current.docs.set(id, d);

  const { docs, shown } = cache.current;
  const entries: Entry[] = ids.map((id) => ({
    id,
    doc: docs.get(id) ?? (docs.has(id) ? null : (shown.get(id) ?? null)),
    known: docs.has(id) || shown.has(id),
  }));
  return { entries, ready: who != null && ids.every((id) => docs.has(id) || shown.has(id)) };
}
