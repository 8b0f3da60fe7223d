/**
 * Signed-in state made once per account per worker: the first test that needs the trader (or
 * staff, or any account) signs in through the API and every later test of that worker reuses
 * the stored cookies. Before handing them out again it asks `/api/v1/me` whether the session
 * still stands (a test may have signed that session out), and signs in afresh when it does not.
 *
 * A module's state lives as long as the worker process, so this cache is per worker; each
 * worker has its own server (support/servers.ts), so a session never crosses servers. The
 * sign-in dialog itself keeps its own tests (accounts-*.spec.ts).
 */
import { expect, request, type BrowserContext, type Page } from '@playwright/test';

export type Account = { email: string; password: string };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const states = new Map<string, Promise<StorageState>>();

async function signIn(baseURL: string, account: Account): Promise<StorageState> {
  const api = await request.newContext({ baseURL });
  try {
    const res = await api.post('/api/v1/login', { data: account });
    expect(res.status(), `${account.email} signs in`).toBe(200);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

async function stillSignedIn(baseURL: string, state: StorageState, email: string): Promise<boolean> {
  const api = await request.newContext({ baseURL, storageState: state });
  try {
    const me = (await (await api.get('/api/v1/me')).json()) as { user?: { email?: string } | null };
    return me.user?.email?.toLowerCase() === email.toLowerCase();
  } finally {
    await api.dispose();
  }
}

/** The stored sign-in of `account` on `baseURL`: made once per worker, checked before reuse. */
export async function sessionState(baseURL: string, account: Account): Promise<StorageState> {
  const key = `${baseURL}\n${account.email}`;
  const cached = states.get(key);
  if (cached) {
    const state = await cached.catch(() => null);
    if (state && (await stillSignedIn(baseURL, state, account.email))) return state;
  }
  const fresh = signIn(baseURL, account);
  states.set(key, fresh);
  return fresh;
}

/** Signs `page`'s browser context in as `account` with the worker's stored session. */
export async function signInPage(page: Page, account: Account, baseURL: string): Promise<void> {
  const state = await sessionState(baseURL, account);
  await page.context().addCookies(state.cookies);
}
