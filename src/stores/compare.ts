/**
 * The compare list: stone ids in the order the customer arranged them (drag and drop).
 * Visitors keep it in localStorage; signed-in users on the server (`/api/v1/profile/compare`).
 * Loading, and merging the browser copy into the server list at sign-in, live in
 * favourites.ts (`loadLists()`).
 *
 *   toggleCompare(id)        adds at the end, or removes
 *   reorderCompare(ids)      the new order (ids not in the list are ignored)
 */
import { atom } from 'nanostores';
import { call, client, type AnswerOf } from '../lib/api.ts';
import { $isAuthorised } from './session.ts';

export const COMPARE_KEY = 'facet.compare';

export const $compare = atom<number[]>([]);

/**
 * Counts list changes made on this page; a list load that started before a change drops its
 * (older) answer, since every change's own answer carries the whole list.
 */
export const listWrites = { count: 0 };

const compare = client.profile.compare;
/** The answer of every list call: ids in order and the stones (with `inStock`). */
export type ListAnswer = AnswerOf<typeof compare.$get>;

export function readLocal(key: string): number[] {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(key) ?? '[]');
    return Array.isArray(raw) ? [...new Set(raw.filter((n): n is number => Number.isInteger(n) && n > 0))] : [];
  } catch {
    return [];
  }
}

export function writeLocal(key: string, ids: number[]): void {
  try {
    if (ids.length === 0) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(ids));
  } catch {
    /* storage full or blocked: the in-memory list still works for this page */
  }
}

/** Sets the list; a visitor's list is also written to the browser. */
function commit(ids: number[]): void {
  listWrites.count++;
  $compare.set(ids);
  if (!$isAuthorised.get()) writeLocal(COMPARE_KEY, ids);
}

async function persist(previous: number[], send: () => Promise<ListAnswer>): Promise<void> {
  if (!$isAuthorised.get()) return;
  try {
    const answer = await send();
    $compare.set(answer.ids);
  } catch {
    $compare.set(previous); // the server said no: show what it holds
  }
}

export function toggleCompare(id: number): Promise<void> {
  const previous = $compare.get();
  const has = previous.includes(id);
  commit(has ? previous.filter((x) => x !== id) : [...previous, id]);
  const stone = { param: { id: String(id) } };
  return persist(previous, () => call(has ? compare[':id'].$delete(stone) : compare[':id'].$put(stone)));
}

export function reorderCompare(ids: number[]): Promise<void> {
  const previous = $compare.get();
  const known = new Set(previous);
  const ordered = ids.filter((id) => known.has(id));
  const rest = previous.filter((id) => !ordered.includes(id));
  const next = [...ordered, ...rest];
  if (next.every((id, i) => id === previous[i])) return Promise.resolve();
  commit(next);
  return persist(previous, () => call(compare.$put({ json: { ids: next } })));
}
