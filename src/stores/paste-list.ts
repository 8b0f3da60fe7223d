/**
 * The catalogue's pasted list: the codes a trader pasted, looked up on the server
 * (POST /diamonds/lookup: found, gone with when, unknown, in the order pasted). While it holds
 * an answer the list page shows it in place of the stock list; `closePasteList` goes back.
 */
import { atom } from 'nanostores';
import { call, client, type AnswerOf } from '../lib/api.ts';

export type LookupItem = AnswerOf<typeof client.diamonds.lookup.$post>['data'][number];

export type PasteListState =
  | { status: 'closed' }
  | { status: 'loading'; duplicates: number }
  | { status: 'ready'; items: LookupItem[]; duplicates: number }
  | { status: 'error'; message: string };

export const $pasteList = atom<PasteListState>({ status: 'closed' });

export async function lookUpList(codes: string[], duplicates: number): Promise<void> {
  $pasteList.set({ status: 'loading', duplicates });
  try {
    const { data } = await call(client.diamonds.lookup.$post({ json: { codes } }));
    $pasteList.set({ status: 'ready', items: data, duplicates });
  } catch (err) {
    const message = err instanceof Error ? err.message : 'The list could not be looked up.';
    $pasteList.set({ status: 'error', message });
  }
}

export const closePasteList = (): void => $pasteList.set({ status: 'closed' });
