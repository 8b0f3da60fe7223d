/**
 * The signed-in user (`GET /api/v1/me`), shared by every island. Visitors have
 * `isAuthorised: false`. `loadSession()` is called once per page by whichever island mounts
 * first (repeat calls share one request; one that gets no good answer shows the page signed out
 * at once, keeps the kept copies, and asks again: lib/ask-again.ts); login, logout and profile
 * calls answer with the same auth state, which they hand to `setSession()`.
 */
import { atom, computed } from 'nanostores';
import type { AuthState, UserView } from '../../api/services/accounts/user-view.ts';
import { call, client } from '../lib/api.ts';
import { routes } from '../domain/routes.ts';
import { askingAgain } from '../lib/ask-again.ts';
import { keepCopiesOnlyOf } from './kept-copies.ts';

export type { AuthState, UserView };
export type SessionState = AuthState & { status: 'idle' | 'loading' | 'ready' };

export const $session = atom<SessionState>({ status: 'idle', isAuthorised: false, user: null });

/** true once signed in (prices, bag, downloads). */
export const $isAuthorised = computed($session, (s) => s.isAuthorised && s.user != null);
/** role user -> customer; any other role is staff (spec: treated as admin). */
export const $isStaff = computed($session, (s) => s.user != null && s.user.role !== 'user');

let inFlight: Promise<AuthState> | null = null;

const SIGNED_OUT: AuthState = { isAuthorised: false, user: null };

export function loadSession(force = false): Promise<AuthState> {
  if (inFlight && !force) return inFlight;
  const current = $session.get();
  $session.set({ ...current, status: 'loading' });
  inFlight = call(client.me.$get()).then(
    (state) => {
      setSession(state);
      return state;
    },
    () => {
      show(SIGNED_OUT); // no answer tells nothing of who is signed in: the kept copies stay
      askSessionAgain();
      return SIGNED_OUT;
    },
  );
  return inFlight;
}

const askSessionAgain = askingAgain({
  read: () => $session.get(),
  ask: () => call(client.me.$get()),
  show: setSession,
});

/** the account whose copies were kept at the last `setSession` (undefined: none yet) */
let keptFor: string | null | undefined;

export function setSession(state: AuthState): void {
  // list prices are kept only for the trader signed in, none for a visitor
  const account = state.user?._id ?? null;
  if (account !== keptFor) void keepCopiesOnlyOf((keptFor = account));
  show(state);
}

function show(state: AuthState): void {
  inFlight = Promise.resolve(state);
  $session.set({ status: 'ready', isAuthorised: state.isAuthorised, user: state.user });
}

/**
 * Asks the server again who is signed in when something suggests the session ended (the live
 * stream closed): an answer naming no one signs the page out; no answer changes nothing.
 */
export function confirmSession(): void {
  if (!$session.get().user) return;
  void call(client.me.$get())
    .then((state) => {
      if (!state.user) setSession(state);
    })
    .catch(() => undefined);
}

/** Where the Account entry leads a signed-in person (spec: role user -> /my-account, else /admin). */
export function accountPath(user: UserView): string {
  return user.role === 'user' ? routes.account : routes.admin;
}

export function initials(user: Pick<UserView, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}
