/**
 * The catalogue's pasted list: the codes a trader pasted, looked up on the server
 * (POST /diamonds/lookup: found, gone with when, unknown, in the order pasted). While it holds
 * an answer the list page shows it in place of the stock list; `closePasteList` goes back.
 * A list short enough stays in the address (`?codes=`, paste-list.ts), so a reload shows it
 * again and the address can be shared; `pastedParam` is what the list's own address writes keep.
 */
import { atom } from 'nanostores';
import { pastedFromQuery, pasteParam, withPasteParam, type PastedList } from '../domain/catalogue/paste-list.ts';
import { call, client, type AnswerOf } from '../lib/api.ts';

export type LookupItem = AnswerOf<typeof client.diamonds.lookup.$post>['data'][number];

export type PasteListState =
  | { status: 'closed' }
  | { status: 'loading'; duplicates: number }
  | { status: 'ready'; items: LookupItem[]; duplicates: number; inAddress: boolean }
  | { status: 'error'; message: string };

export const $pasteList = atom<PasteListState>({ status: 'closed' });

/** The address parameter of the open list (null: none open, or too long for the address). */
let inAddress: string | null = null;
export const pastedParam = (): string | null => inAddress;

function writeAddress(): void {
  if (typeof window === 'undefined') return;
  const here = window.location.pathname + window.location.search;
  const next = withPasteParam(here, inAddress);
  if (next !== here) window.history.replaceState(window.history.state, '', next + window.location.hash);
}

/** The list the page's address carries, kept there until it is looked up or closed. Call once at start. */
export function pastedFromAddress(): PastedList | null {
  const list = pastedFromQuery(window.location.search);
  inAddress = list ? pasteParam(list.codes) : null;
  return list;
}

export async function lookUpList(codes: string[], duplicates: number): Promise<void> {
  inAddress = pasteParam(codes);
  writeAddress();
  $pasteList.set({ status: 'loading', duplicates });
  try {
    const { data } = await call(client.diamonds.lookup.$post({ json: { codes } }));
    $pasteList.set({ status: 'ready', items: data, duplicates, inAddress: inAddress != null });
  } catch (err) {
    const message = err instanceof Error ? err.message : 'The list could not be looked up.';
    $pasteList.set({ status: 'error', message });
  }
}

export const closePasteList = (): void => {
  inAddress = null;
  writeAddress();
  $pasteList.set({ status: 'closed' });
};
