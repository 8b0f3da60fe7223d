/**
 * The session store asks GET /me again when it got no good answer: the page shows signed out
 * at once, then signed in once an answer comes; a sign-in meanwhile is never overridden.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASK_AGAIN_MS } from '../../src/lib/ask-again.ts';

const kept = vi.hoisted(() => ({ onlyOf: vi.fn(async (_account: string | null) => undefined) }));
vi.mock('../../src/stores/kept-copies.ts', () => ({ keepCopiesOnlyOf: kept.onlyOf }));

const TRADER = { _id: 't1', role: 'user', firstName: 'Tess', lastName: 'Trader', email: 'trader@example.test' };
const signedIn = () =>
  new Response(JSON.stringify({ isAuthorised: true, user: TRADER }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const busy = () =>
  new Response(JSON.stringify({ errors: { msg: 'database_unavailable' } }), {
    status: 503,
    headers: { 'content-type': 'application/json' },
  });

/** fetch answering GET /me with each of `answers` in turn (a thrown error is no answer at all). */
function answersOfMe(...answers: Array<() => Response>) {
  const fetch = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new TypeError('no more answers');
    return next();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const offline = () => {
  throw new TypeError('Failed to fetch');
};

/** Lets the store's timers and the answers' promises run for `ms`. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('the session store after GET /me got no good answer', () => {
  beforeEach(() => {
    vi.resetModules();
    kept.onlyOf.mockClear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the page signed out at once, then signed in when asking again is answered', async () => {
    const fetch = answersOfMe(offline, busy, signedIn);
    const { $isAuthorised, loadSession } = await import('../../src/stores/session.ts');
    const first = loadSession();
    await pass(1);
    expect(await first).toEqual({ isAuthorised: false, user: null });
    expect($isAuthorised.get()).toBe(false);
    expect(kept.onlyOf).not.toHaveBeenCalled(); // no answer: the trader's kept list copies stay
    await pass(ASK_AGAIN_MS[0] + 10); // the second ask: the server is busy
    expect($isAuthorised.get()).toBe(false);
    await pass(ASK_AGAIN_MS[1] + 10); // the third: answered
    expect($isAuthorised.get()).toBe(true);
    expect(kept.onlyOf.mock.calls).toEqual([[TRADER._id]]);
    expect(fetch).toHaveBeenCalledTimes(3);
    await pass(60_000);
    expect(fetch).toHaveBeenCalledTimes(3); // answered: it stops asking
  });

  it('stops asking after the last delay', async () => {
    const fetch = answersOfMe(offline, offline, offline, offline, signedIn);
    const { $isAuthorised, loadSession } = await import('../../src/stores/session.ts');
    void loadSession();
    await pass(ASK_AGAIN_MS.reduce((a, b) => a + b, 0) + 60_000);
    expect(fetch).toHaveBeenCalledTimes(1 + ASK_AGAIN_MS.length);
    expect($isAuthorised.get()).toBe(false);
  });

  it('a sign-in meanwhile is kept: a later answer does not override it', async () => {
    const fetch = answersOfMe(offline, () => new Response(JSON.stringify({ isAuthorised: false, user: null })));
    const { $session, loadSession, setSession } = await import('../../src/stores/session.ts');
    void loadSession();
    await pass(1);
    setSession({ isAuthorised: true, user: TRADER as never }); // the login dialog answered
    await pass(ASK_AGAIN_MS[0] + 1_000);
    expect($session.get().user).toEqual(TRADER);
    expect(fetch).toHaveBeenCalledTimes(1); // and it did not ask again
  });

  it('a good answer first time asks only once', async () => {
    const fetch = answersOfMe(signedIn);
    const { $isAuthorised, loadSession } = await import('../../src/stores/session.ts');
    void loadSession();
    await pass(60_000);
    expect($isAuthorised.get()).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
