/**
 * Helpers for API Link tests: a customer with access, keys made through the real calls, and
 * calls to /api/link/v1 with a key.
 *
 *   const { t, owner, agent } = await linkSetup();
 *   const made = await createKeyVia(agent, 'Shop', 'trade');   // POST /profile/api-keys
 *   const res = await linkCall(t, '/me', made.key);             // Authorization: Bearer
 *
 * `linkKeyFor(t, email, scope)` inserts a key row directly (for the data calls' tests).
 */
import { eq } from 'drizzle-orm';
import { LINK_BASE } from '../../api/link/base.ts';
import { generateKey, hashKey, type ApiScope } from '../../api/services/link/api-keys.ts';
import { apiKeys, users } from '../../db/tables.ts';
import { createTestApp, insertAdmin, insertUser, signIn, type TestApp } from './auth-helpers.ts';

export type Agent = ReturnType<TestApp['agent']>;
export type MadeKey = { id: number; key: string; last4: string; scope: ApiScope; name: string };

/** A test app, an approved customer with api_allow (signed in) and a signed-in admin. */
export async function linkSetup(env: Record<string, string> = {}) {
  const t = await createTestApp({ seed: false, env });
  const owner = await insertUser(t.db, { email: 'dev@jeweller.example', apiAllow: true });
  const admin = await insertAdmin(t.db, { email: 'staff@facet.example' });
  const agent = await signIn(t, owner.email);
  const staff = await signIn(t, admin.email);
  return { t, owner, admin, agent, staff };
}

export async function createKeyVia(agent: Agent, name = 'Website', scope: ApiScope = 'trade'): Promise<MadeKey> {
  const res = await agent.json('/profile/api-keys', 'POST', { name, scope });
  if (res.status !== 201) throw new Error(`key not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as MadeKey;
}

/** A call to the API Link (`path` under /api/link/v1) with `key` as a Bearer token. */
export function linkCall(t: TestApp, path: string, key?: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (key !== undefined) headers.set('authorization', `Bearer ${key}`);
  return t.app.request(`${LINK_BASE}${path}`, { ...init, headers });
}

/** Inserts an active key for the account `email` directly; returns the key. */
export async function linkKeyFor(t: TestApp, email: string, scope: ApiScope = 'trade'): Promise<string> {
  const user = (await t.db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  if (!user) throw new Error(`no user ${email}`);
  const key = generateKey(scope);
  await t.db
    .insert(apiKeys)
    .values({ userId: user.id, name: `test ${scope}`, scope, keyHash: hashKey(t.config, key), last4: key.slice(-4) });
  return key;
}
