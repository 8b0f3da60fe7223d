/**
 * A trader's kept copies (the set in Cache Storage, the first page in localStorage) belong to the
 * account signed in (src/stores/kept-copies.ts through `setSession`): another trader signing in
 * drops them, a visitor keeps only the public copies, and a live stream's end confirmed by /me
 * signs the page out and drops them too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstPage } from '../../../api/services/catalogue/first-page.ts';
import type { UserView } from '../../../src/stores/session.ts';

const COPY = '/api/v1/diamonds/catalogue?copy=';
const here = { pathname: '/diamonds/all', search: '' };
const firstOf = (account: string | null) =>
  ({ audience: account ? 'trade' : 'visitor', account, docs: [] }) as unknown as FirstPage;
const user = (id: string) => ({ _id: id, role: 'user', firstName: 'A', lastName: 'B' }) as UserView;

let kept: Set<string>;
let items: Map<string, string>;

async function stores() {
  const session = await import('../../../src/stores/session.ts');
  const first = await import('../../../src/stores/catalogue-first.ts');
  return { ...session, ...first };
}
/** what the browser still holds: the set copies' names and the first page's account */
const held = async () => {
  const { readKept } = await import('../../../src/stores/catalogue-first.ts');
  return { sets: [...kept].map((k) => k.slice(COPY.length)).sort(), first: readKept(here, 100)?.page.account };
};

beforeEach(() => {
  vi.resetModules(); // the session store remembers whose copies it kept
  kept = new Set([`${COPY}visitor`, `${COPY}trade-7`, `${COPY}trade-8`]);
  items = new Map();
  const cache = {
    keys: async () => [...kept].map((url) => ({ url })),
    delete: async (r: { url: string }) => kept.delete(r.url),
  };
  vi.stubGlobal('caches', { open: async () => cache });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a trader's kept copies", () => {
  it('another trader signing in drops the first trader’s set and first page; their own stay', async () => {
    const { setSession, keepFirstPage } = await stores();
    keepFirstPage(here, 100, firstOf('8'), null);
    setSession({ isAuthorised: true, user: user('7') });
    await vi.waitFor(async () => expect(await held()).toEqual({ sets: ['trade-7', 'visitor'], first: undefined }));

    keepFirstPage(here, 100, firstOf('7'), null);
    setSession({ isAuthorised: true, user: { ...user('7'), ccy: 'EUR' } }); // the same trader: nothing goes
    expect((await held()).first).toBe('7');
  });

  it('signing out drops every trader’s copy and keeps the public ones', async () => {
    const { setSession, keepFirstPage } = await stores();
    setSession({ isAuthorised: true, user: user('7') });
    keepFirstPage(here, 100, firstOf('7'), null);
    setSession({ isAuthorised: false, user: null });
    await vi.waitFor(async () => expect(await held()).toEqual({ sets: ['visitor'], first: undefined }));
  });

  it('a live stream that ended asks /me: no one signed in drops the copies, no answer keeps the session', async () => {
    const { setSession, confirmSession, $session } = await stores();
    setSession({ isAuthorised: true, user: user('7') });
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    confirmSession();
    await vi.waitFor(async () => expect((await held()).sets).toEqual(['trade-7', 'visitor']));
    expect($session.get().user?._id).toBe('7');

    const me = vi.fn(async (_url: RequestInfo | URL) => Response.json({ isAuthorised: false, user: null }));
    vi.stubGlobal('fetch', me);
    confirmSession();
    await vi.waitFor(() => expect($session.get().user).toBeNull());
    expect(String(me.mock.calls[0]?.[0])).toContain('/api/v1/me');
    await vi.waitFor(async () => expect((await held()).sets).toEqual(['visitor']));
  });
});
