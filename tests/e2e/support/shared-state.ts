/**
 * Shared state of the one server and database every browser test runs against, kept and put
 * back. Each `keep.*` call reads the present value at once and queues its restore; the `keep`
 * fixture (support/test.ts) runs the queue, newest first, when the test ends, passed or failed.
 * Restores go through the API where it can say the old value; where it cannot (an image block
 * back to the starter picture, a profile setting back to unset, stones the test itself wrote or
 * imported) they write the database file, and bump the stock version so every cached
 * catalogue is rebuilt from it (and the site, when its home strip shows the change).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import { ADMIN } from './accounts.ts';
import { sessionState } from './sessions.ts';

export type Account = { email: string; password: string };
type Restore = () => unknown;
type Block = { type: 'text' | 'list' | 'image'; value: unknown; url: string | null };
type Rate = { currency: string; exRate: number; isDefault: boolean };
type Settings = { rates: Rate[]; site: Record<string, string> };

/**
 * A text block re-saved unchanged: the content version moves, so the server reads the site's
 * stamp again and rebuilds when the pages would show something new (a write made straight to
 * the database file, such as the home strip's stones).
 */
const TOUCH_BLOCK = 'home_latest_arrivals_title';

/** The server's database file (the e2e run's own temporary one). */
export function openDb(): Database.Database {
  const db = new Database(join(process.env.FACET_E2E_DIR ?? '', 'facet.db'));
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

/** Runs `fn` on the database file and closes it. */
export function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = openDb();
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * Tells every node that the stones changed: their cached catalogue bodies are rebuilt, and the
 * server's content watch rebuilds the static site if the home strip shows the change.
 */
const bumpStock = (db: Database.Database) =>
  db
    .prepare(
      "INSERT INTO app_state (key, version, updated_at) VALUES ('stock', 1, ?) ON CONFLICT (key) DO UPDATE SET version = version + 1, updated_at = excluded.updated_at",
    )
    .run(Date.now());

async function json<T>(res: Promise<APIResponse>): Promise<T> {
  const answer = await res;
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}`).toBe(true);
  return (await answer.json()) as T;
}

export type Keep = ReturnType<typeof keeper>;

export function keeper(baseURL: string) {
  const restores: Restore[] = [];
  const signedIn = new Map<string, Promise<APIRequestContext>>();

  /** An API client signed in as `account` (one per account per test, with the worker's stored session). */
  function as(account: Account): Promise<APIRequestContext> {
    let ctx = signedIn.get(account.email);
    if (!ctx) {
      ctx = (async () => {
        return request.newContext({ baseURL, storageState: await sessionState(baseURL, account) });
      })();
      signedIn.set(account.email, ctx);
    }
    return ctx;
  }
  const after = (restore: Restore) => void restores.push(restore);

  /** A content change as an admin makes it (the block keeps its text): the server checks the site against the database. */
  async function touchContent() {
    const admin = await as(ADMIN);
    const { blocks } = await json<{ blocks: Record<string, Block> }>(admin.get('/api/v1/configs/site-blocks'));
    await json(
      admin.patch(`/api/v1/configs/site-blocks/${TOUCH_BLOCK}`, {
        data: { type: 'text', value: blocks[TOUCH_BLOCK]?.value ?? 'Latest Arrivals' },
      }),
    );
  }

  return {
    as,
    /** Any other undo step, run after the test with the others. */
    after,
    touchContent,

    /** Editable site blocks: text and list blocks are saved back; image blocks written back to the database. */
    async siteBlocks(...ids: string[]) {
      const admin = await as(ADMIN);
      const { blocks } = await json<{ blocks: Record<string, Block> }>(admin.get('/api/v1/configs/site-blocks'));
      const kept = ids.map((id) => {
        const block = blocks[id];
        expect(block, `site block ${id}`).toBeTruthy();
        return { id, ...block! };
      });
      after(async () => {
        const images = kept.filter((b) => b.type === 'image');
        withDb((db) => {
          const put = db.prepare('UPDATE site_blocks SET value = ?, url = ? WHERE id = ?');
          for (const b of images) put.run(JSON.stringify(b.value ?? ''), b.url, b.id);
        });
        for (const b of kept.filter((k) => k.type !== 'image')) {
          await json(admin.patch(`/api/v1/configs/site-blocks/${b.id}`, { data: { type: b.type, value: b.value } }));
        }
        if (images.length && images.length === kept.length) await touchContent();
      });
      return Object.fromEntries(kept.map((b) => [b.id, b])) as Record<string, Block & { id: string }>;
    },

    /** The exchange rates and the default currency. */
    async rates() {
      const admin = await as(ADMIN);
      const { rates } = await json<Settings>(admin.get('/api/v1/admin/settings'));
      after(async () => {
        await json(
          admin.put('/api/v1/admin/settings/rates', {
            data: {
              rates: rates.map(({ currency, exRate }) => ({ currency, exRate })),
              defaultCurrency: rates.find((r) => r.isDefault)?.currency,
            },
          }),
        );
      });
      return rates;
    },

    /** The site settings (site name, social links, the Coloured tab). */
    async siteSettings() {
      const admin = await as(ADMIN);
      const { site } = await json<Settings>(admin.get('/api/v1/admin/settings'));
      after(async () => {
        await json(admin.put('/api/v1/admin/settings/site', { data: site }));
      });
      return site;
    },

    /**
     * The request terms (the wholesaler's details and terms a request's PDF prints): the
     * settings row written back as it was, or removed when there was none (the defaults).
     */
    requestTerms() {
      const read = (db: Database.Database) =>
        db.prepare("SELECT fields FROM configs WHERE type = 'request_terms'").get() as { fields: string } | undefined;
      const saved = withDb(read);
      after(() =>
        withDb((db) =>
          saved
            ? db.prepare("UPDATE configs SET fields = ? WHERE type = 'request_terms'").run(saved.fields)
            : db.prepare("DELETE FROM configs WHERE type = 'request_terms'").run(),
        ),
      );
    },

    /** The three availability labels (the 'diamond_available' config). */
    async availability() {
      const admin = await as(ADMIN);
      const { docs } = await json<{ docs: { _id: number; fields: Record<string, string> }[] }>(
        admin.get('/api/v1/configs?fields=type&filter=diamond_available'),
      );
      const config = docs[0];
      expect(config, 'the availability labels').toBeTruthy();
      after(async () => {
        await json(
          admin.patch(`/api/v1/configs/${config!._id}`, {
            data: { type: 'diamond_available', fields: config!.fields },
          }),
        );
      });
      return config!.fields;
    },

    /** An account's bag: every line with its unit, quantity and alternatives choice. */
    async bag(account: Account) {
      const api = await as(account);
      type Line = { diamondId: number; selectedUnit: string; quantity: number; acceptsAlternatives: boolean };
      const { bag } = await json<{ bag: Line[] }>(api.get('/api/v1/profile/bag'));
      after(async () => {
        const now = await json<{ bag: Line[] }>(api.get('/api/v1/profile/bag'));
        for (const l of now.bag) await json(api.delete(`/api/v1/profile/bag/${l.diamondId}`));
        for (const { diamondId, selectedUnit, quantity, acceptsAlternatives } of bag) {
          await json(
            api.post('/api/v1/profile/bag', { data: { diamondId, selectedUnit, quantity, acceptsAlternatives } }),
          );
        }
      });
      return bag;
    },

    /** An account's favourites and compare list (compare in its order). */
    async lists(account: Account) {
      const api = await as(account);
      const ids = async (list: string) => (await json<{ ids: number[] }>(api.get(`/api/v1/profile/${list}`))).ids;
      const saved = { favourites: await ids('favourites'), compare: await ids('compare') };
      after(async () => {
        for (const list of ['favourites', 'compare'] as const) {
          for (const id of await ids(list)) await json(api.delete(`/api/v1/profile/${list}/${id}`));
          for (const id of saved[list]) await json(api.put(`/api/v1/profile/${list}/${id}`));
        }
      });
      return saved;
    },

    /**
     * An account's remembered currency and dialog answers; written back to the database, since
     * the API has no way to say "none chosen" (the seeded accounts have none).
     */
    async profileSettings(account: Account) {
      const saved = withDb(
        (db) =>
          db.prepare('SELECT currency, dialog_settings AS dialog FROM users WHERE email = ?').get(account.email) as {
            currency: string | null;
            dialog: string;
          },
      );
      expect(saved, account.email).toBeTruthy();
      after(() =>
        withDb((db) =>
          db
            .prepare('UPDATE users SET currency = ?, dialog_settings = ? WHERE email = ?')
            .run(saved.currency, saved.dialog, account.email),
        ),
      );
    },

    /**
     * Every stone's special offer price. The home page's strip is chosen from them when the site
     * is built: the restore waits until the served home page shows the special offers again.
     */
    async specialOffers() {
      const saved = withDb(
        (db) =>
          db.prepare('SELECT id, web_special_cents AS cents FROM diamonds WHERE web_special_cents > 0').all() as {
            id: number;
            cents: number;
          }[],
      );
      after(async () => {
        withDb((db) =>
          db.transaction(() => {
            db.prepare('UPDATE diamonds SET web_special_cents = 0 WHERE web_special_cents > 0').run();
            const put = db.prepare('UPDATE diamonds SET web_special_cents = ? WHERE id = ?');
            for (const r of saved) put.run(r.cents, r.id);
            bumpStock(db);
          })(),
        );
        if (!saved.length) return;
        const visitor = await request.newContext({ baseURL });
        try {
          await expect
            .poll(
              async () => {
                const html = await (await visitor.get('/', { headers: { 'cache-control': 'no-cache' } })).text();
                return /id="special-offers-title"[^>]*>([^<]*)</.exec(html)?.[1]?.trim() ?? '';
              },
              { timeout: 200_000, intervals: [2_000] },
            )
            .toMatch(/special offers/i);
        } finally {
          await visitor.dispose();
        }
      });
      return saved;
    },

    /** Stones with these stock codes that do not exist yet are removed again after the test (an import adds them). */
    async newStones(...codes: string[]) {
      const marks = codes.map(() => '?').join(', ');
      const existing = new Set(
        withDb(
          (db) =>
            db.prepare(`SELECT stock_code AS code FROM diamonds WHERE stock_code IN (${marks})`).all(...codes) as {
              code: string;
            }[],
        ).map((r) => r.code),
      );
      const added = codes.filter((c) => !existing.has(c));
      expect(added, 'stones the test adds are not in the stock yet').toEqual(codes);
      after(() =>
        withDb((db) =>
          db.transaction(() => {
            const n = db.prepare(`DELETE FROM diamonds WHERE stock_code IN (${marks})`).run(...added).changes;
            if (n) bumpStock(db);
          })(),
        ),
      );
    },

    /** Which stones are in stock, and the stock import's limits, put back after the test (a replace-all takes stones out). */
    async stockInStock() {
      const saved = withDb(
        (db) => db.prepare('SELECT id, in_stock AS inStock FROM diamonds').all() as { id: number; inStock: number }[],
      );
      after(async () => {
        withDb((db) =>
          db.transaction(() => {
            const put = db.prepare('UPDATE diamonds SET in_stock = ? WHERE id = ?');
            for (const r of saved) put.run(r.inStock, r.id);
            bumpStock(db);
          })(),
        );
      });
    },

    /** Runs the restores, newest first; each one runs even if an earlier one failed. */
    async restoreAll() {
      const failures: unknown[] = [];
      for (const restore of restores.reverse()) {
        try {
          await restore();
        } catch (err) {
          failures.push(err);
        }
      }
      for (const ctx of signedIn.values()) await ctx.then((api) => api.dispose()).catch(() => undefined);
      if (failures.length === 1) throw failures[0];
      if (failures.length) throw new AggregateError(failures, 'restoring the shared test database failed');
    },
  };
}
