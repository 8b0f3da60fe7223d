/**
 * The hold overlay asks GET /holds/state again when it got no good answer, as the session
 * does: a trader whose first read failed still sees their holds, and a sign-out meanwhile
 * is never overridden by a late answer, and failures one after another ask in one sequence.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASK_AGAIN_MS } from '../../src/lib/ask-again.ts';

vi.mock('../../src/stores/kept-copies.ts', () => ({ keepCopiesOnlyOf: async () => undefined }));

const TRADER = { _id: 't1', role: 'user', firstName: 'Tess', lastName: 'Trader', email: 'trader@example.test' };
const STATE = { onHold: [4], mine: [], watching: [], requested: [], reserved: [] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const busy = () => json({ errors: { msg: 'database_unavailable' } }, 503);
const answered = () => json(STATE);

/** fetch answering GET /holds/state with each of `answers` in turn. */
function answersOfHolds(...answers: Array<() => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toContain('/holds/state');
    const next = answers.shift();
    if (!next) throw new TypeError('no more answers');
    return next();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

async function signedInTrader() {
  const session = await import('../../src/stores/session.ts');
  const holds = await import('../../src/stores/holds.ts');
  session.setSession({ isAuthorised: true, user: TRADER as never });
  return { ...session, ...holds };
}

describe('the hold overlay after GET /holds/state got no good answer', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks again until answered, then stops', async () => {
    const fetch = answersOfHolds(busy, busy, answered);
    const { $holds, loadHolds } = await signedInTrader();
    loadHolds();
    await pass(1);
    expect($holds.get()).toBeNull();
    await pass(ASK_AGAIN_MS[0] + 10);
    expect($holds.get()).toBeNull();
    await pass(ASK_AGAIN_MS[1] + 10);
    expect($holds.get()).toEqual(STATE);
    await pass(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('failures one after another ask again in one sequence, from the latest failure', async () => {
    const fetch = answersOfHolds(busy, busy, busy, busy, answered);
    const { $holds, loadHolds, refreshHolds } = await signedInTrader();
    loadHolds();
    await pass(1);
    await pass(ASK_AGAIN_MS[0] - 500);
    // two more reads fail (a trader's actions during the outage) before the first asking's turn
    const failing = [refreshHolds(), refreshHolds()];
    await pass(1);
    await Promise.all(failing);
    expect(fetch).toHaveBeenCalledTimes(3);
    await pass(ASK_AGAIN_MS[0] - 20);
    expect(fetch).toHaveBeenCalledTimes(3);
    await pass(20);
    expect(fetch).toHaveBeenCalledTimes(4); // one asking, not three
    await pass(ASK_AGAIN_MS[1] + 10);
    expect(fetch).toHaveBeenCalledTimes(5);
    expect($holds.get()).toEqual(STATE);
    await pass(60_000);
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('a sign-out meanwhile is kept: no overlay is asked for or shown', async () => {
    const fetch = answersOfHolds(busy, answered);
    const { $holds, loadHolds, setSession } = await signedInTrader();
    loadHolds();
    await pass(1);
    setSession({ isAuthorised: false, user: null });
    await pass(60_000);
    expect($holds.get()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
