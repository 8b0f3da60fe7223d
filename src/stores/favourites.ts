/**
 * Favourite stones (ids, most recent last) and the loading of both customer lists.
 * Visitors keep favourites and compare in localStorage; signed-in users on the server
 * (`/api/v1/profile/favourites`, `/profile/compare`).
 *
 * `loadLists()` (call it from any island that shows the toggles; repeat calls are cheap)
 * reads the right copy and then watches `$session`: when someone signs in, the browser
 * lists are posted to `POST /profile/lists/merge`, the server's merged lists replace them
 * and the browser copy is cleared; on sign-out the (empty) browser copy is shown again.
 */
import { atom } from 'nanostores';
import { call, client, type AnswerOf } from '../lib/api.ts';
import { $compare, COMPARE_KEY, listWrites, readLocal, writeLocal } from './compare.ts';
import { $isAuthorised, $session, loadSession, type SessionState } from './session.ts';

export const FAVOURITES_KEY = 'facet.favourites';

export const $favourites = atom<number[]>([]);
/** true once the lists shown are loaded for whoever is looking (until then their badges stay as drawn) */
export const $listsShown = atom(false);

export function toggleFavourite(id: number): Promise<void> {
  const previous = $favourites.get();
  const has = previous.includes(id);
  const next = has ? previous.filter((x) => x !== id) : [...previous, id];
  listWrites.count++;
  $favourites.set(next);
  if (!$isAuthorised.get()) {
    writeLocal(FAVOURITES_KEY, next);
    return Promise.resolve();
  }
  const stone = { param: { id: String(id) } };
  const favourites = client.profile.favourites[':id'];
  return call(has ? favourites.$delete(stone) : favourites.$put(stone)).then(
    (answer) => $favourites.set(answer.ids),
    () => $favourites.set(previous),
  );
}

/**
 * Adds many stones to favourites or compare at once (a signed-in user's pasted list; the ones
 * already there stay). Resolves the list's length afterwards.
 */
export async function addManyToList(list: 'favourites' | 'compare', ids: readonly number[]): Promise<number> {
  listWrites.count++;
  const json = { favourites: list === 'favourites' ? [...ids] : [], compare: list === 'compare' ? [...ids] : [] };
  const merged = await call(client.profile.lists.merge.$post({ json }));
  $favourites.set(merged.favourites.ids);
  $compare.set(merged.compare.ids);
  return merged[list].ids.length;
}

// ---------------------------------------------------------------- loading and merging

export type MergeAnswer = AnswerOf<typeof client.profile.lists.merge.$post>;

/** whose lists are shown: a user id, 'visitor', or null before the first load */
let shownFor: string | null = null;
let watching = false;
let loading: Promise<void> | null = null;

async function fromServer(): Promise<void> {
  const writes = listWrites.count;
  const favourites = readLocal(FAVOURITES_KEY);
  const compare = readLocal(COMPARE_KEY);
  if (favourites.length > 0 || compare.length > 0) {
    const merged = await call(client.profile.lists.merge.$post({ json: { favourites, compare } }));
    writeLocal(FAVOURITES_KEY, []);
    writeLocal(COMPARE_KEY, []);
    if (listWrites.count !== writes) return;
    $favourites.set(merged.favourites.ids);
    $compare.set(merged.compare.ids);
    return;
  }
  const [fav, cmp] = await Promise.all([call(client.profile.favourites.$get()), call(client.profile.compare.$get())]);
  if (listWrites.count !== writes) return; // a change on this page answered with newer lists
  $favourites.set(fav.ids);
  $compare.set(cmp.ids);
}

function show(session: SessionState): Promise<void> {
  const owner = session.isAuthorised && session.user ? `user:${session.user._id}` : 'visitor';
  if (owner === shownFor && loading) return loading;
  shownFor = owner;
  if (owner === 'visitor') {
    $favourites.set(readLocal(FAVOURITES_KEY));
    $compare.set(readLocal(COMPARE_KEY));
    $listsShown.set(true);
    loading = Promise.resolve();
  } else {
    loading = fromServer().then(
      () => $listsShown.set(true),
      () => {
        shownFor = null; // try again on the next load
      },
    );
  }
  return loading;
}

/** Loads both lists for whoever is signed in (or the visitor) and keeps them in step. */
export async function loadLists(): Promise<void> {
  if (!watching) {
    watching = true;
    $session.listen((s) => {
      if (s.status === 'ready') void show(s);
    });
  }
  const current = $session.get();
  if (current.status === 'ready') return show(current);
  await loadSession();
  return show($session.get());
}
