/**
 * API Link calls under test: the site's own app on a test database (the real key check, rate
 * limits and usage in front of the routes), a key made the way the account page makes one,
 * and the real stock import to change the stock.
 *
 *   const t = await createLinkTestApp();
 *   const key = await linkKeyFor(t, 'buyer@example.com', 'retail');
 *   const res = await t.call('/stones?limit=10', key);
 */
import { eq } from 'drizzle-orm';
import { LINK_BASE } from '../../api/link/base.ts';
import { generateKey, hashKey } from '../../api/services/link/api-keys.ts';
import { importStockFile } from '../../api/services/stock-import/index.ts';
import type { Deps } from '../../api/types.ts';
import { apiKeys, users } from '../../db/tables.ts';
import { insertUser } from './auth-helpers.ts';
import { createTestApp, type TestAppOptions } from './helpers.ts';

/** The site's app on a test database, with calls under LINK_BASE (see the file comment). */
export async function createLinkTestApp(opts: TestAppOptions = {}) {
  const t = await createTestApp(opts);
  const deps: Deps = { db: t.db, mailer: t.mailer, clock: t.clock, config: t.config };
  const app = t.app;

  /** A call to `LINK_BASE + path` with the key as Bearer (no key: no Authorization). */
  const call = (path: string, key?: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (key) headers.set('authorization', `Bearer ${key}`);
    return app.request(path.startsWith('/api/') ? path : `${LINK_BASE}${path}`, { ...init, headers });
  };
  const post = (path: string, key: string, body: unknown) =>
    call(path, key, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  /** Applies a stock CSV through the real import service (as an admin upload would). */
  const importCsv = (csv: string, full = false) =>
    importStockFile(t.db, 'stock.csv', new TextEncoder().encode(csv), {
      mode: 'apply',
      full,
      adminId: null,
      now: t.clock.now(),
      retentionDays: t.config.API_CHANGES_RETENTION_DAYS,
    });

  return { ...t, deps, link: app, call, post, importCsv };
}
export type LinkTestApp = Awaited<ReturnType<typeof createLinkTestApp>>;

/**
 * Inserts a key for `email` (the customer, or for a stock key a staff member, is created, approved with api_allow, when missing)
 * and returns the key itself. `markupPct` sets the account's retail markup.
 */
export async function linkKeyFor(
  t: LinkTestApp,
  email: string,
  scope: 'trade' | 'retail' | 'test' | 'stock',
  markupPct = 0,
): Promise<string> {
  let user = (await t.db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  // a stock key is a staff member's
  user ??= await insertUser(t.db, {
    email,
    apiAllow: true,
    retailMarkupPct: markupPct,
    ...(scope === 'stock' ? { role: 'admin' } : {}),
  });
  await t.db.update(users).set({ apiAllow: true, retailMarkupPct: markupPct }).where(eq(users.id, user.id));
  const key = generateKey(scope);
  await t.db.insert(apiKeys).values({
    userId: user.id,
    name: `${scope} test key`,
    scope,
    keyHash: hashKey(t.config, key),
    last4: key.slice(-4),
  });
  return key;
}

/** Body of a JSON answer. */
export const body = async <T>(res: Response): Promise<T> => (await res.json()) as T;
