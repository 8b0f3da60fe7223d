/**
 * The signed-in trader's hold overlay (GET /api/v1/holds/state): which stones are on hold for
 * someone else (never who), the caller's own holds with their end, and the stones watched.
 * The catalogue's shared list bodies carry no hold state; islands lay this over them.
 * Visitors see no hold state at all: the store stays null and nothing is asked.
 *
 *   loadHolds()          once per island that shows hold controls (repeat calls are cheap)
 *   holdStone(id)        POST /holds          releaseHold(holdId)   DELETE /holds/{id}
 *   extendHold(holdId)   POST /holds/{id}/extend   watchStone(id)   PUT /holds/watch/{id}
 *   unwatchStone(id)     DELETE /holds/watch/{id}
 */
import { atom } from 'nanostores';
import type { HoldState } from '../domain/trade/holds.ts';
import { call, client } from '../lib/api.ts';
import { askingAgain } from '../lib/ask-again.ts';
import { $isAuthorised } from './session.ts';

export const $holds = atom<HoldState | null>(null);

let watching = false;

/** Reads the overlay again (after something outside these calls changed it, e.g. a request). */
export async function refreshHolds(): Promise<void> {
  if (!$isAuthorised.get()) return $holds.set(null);
  try {
    $holds.set(await readHolds());
  } catch {
    // keep what was shown and ask again, unless a newer overlay (or a sign-out) comes first
    askHoldsAgain();
  }
}

const readHolds = (): Promise<HoldState | null> =>
  $isAuthorised.get() ? call(client.holds.state.$get()) : Promise.resolve(null);

const askHoldsAgain = askingAgain({ read: () => $holds.get(), ask: readHolds, show: (state) => $holds.set(state) });

export function loadHolds(): void {
  if (watching) return;
  watching = true;
  $isAuthorised.subscribe(() => void refreshHolds());
}

/** Runs a hold action, then reads the overlay again (also after a refusal: it may have changed). */
async function act<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    await refreshHolds();
  }
}

export const holdStone = (diamondId: number) => act(() => call(client.holds.$post({ json: { diamondId } })));
export const releaseHold = (id: number) => act(() => call(client.holds[':id'].$delete({ param: { id: String(id) } })));
export const extendHold = (id: number) =>
  act(() => call(client.holds[':id'].extend.$post({ param: { id: String(id) } })));
export const watchStone = (diamondId: number) =>
  act(() => call(client.holds.watch[':diamondId'].$put({ param: { diamondId: String(diamondId) } })));
export const unwatchStone = (diamondId: number) =>
  act(() => call(client.holds.watch[':diamondId'].$delete({ param: { diamondId: String(diamondId) } })));

/** What the overlay says about one stone for this trader. */
export function holdOf(state: HoldState | null, diamondId: number) {
  if (!state) return { kind: 'none' as const };
  const mine = state.mine.find((h) => h.diamondId === diamondId);
  if (mine) return { kind: 'mine' as const, hold: mine };
  if (state.requested.includes(diamondId)) return { kind: 'requested' as const };
  if (state.reserved.includes(diamondId)) return { kind: 'reserved' as const };
  if (state.onHold.includes(diamondId))
    return { kind: 'theirs' as const, watching: state.watching.includes(diamondId) };
  return { kind: 'free' as const };
}
