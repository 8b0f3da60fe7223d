/**
 * What this browser keeps of a trader's prices, the list's first page (localStorage,
 * catalogue-first.ts) and the full set (Cache Storage, catalogue-set.ts), belongs to the one
 * account signed in. Whenever the page learns who is signed in (`setSession`: the sign-in, the
 * account menu's sign-out, /me answering a visitor once the server ended the session, and the
 * live stream's end confirmed by /me), every other trader's copy is dropped; a visitor keeps
 * only the public copies.
 */
import { forgetTradeFirstPage } from './catalogue-first.ts';
import { dropTradeCopies } from './catalogue-set.ts';

/** Drops every trader's kept copy but `account`'s (null: a visitor, every trader's). */
export function keepCopiesOnlyOf(account: string | null): Promise<void> {
  forgetTradeFirstPage(account);
  return dropTradeCopies(account);
}
