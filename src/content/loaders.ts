/**
 * Content-layer loaders: Astro reads the site's content from the database at build
 * time (the database is the content store; see docs/architecture.md).
 *
 * Every loader opens the database (DATABASE_URL, or the file at DATABASE_PATH), replaces its
 * collection's entries wholesale and closes the file. A missing database or table is a
 * warning, not a failure: the pages fall back to built-in copy, so `astro build` works on a
 * fresh checkout. What each collection holds is read by site-data.ts (the build's stamp hashes
 * the same entries). Collections (defined in src/content.config.ts):
 *
 * - blocks   : site blocks by content id (`home_welcome_title`, ...)
 * - posts    : published news posts, id = post id as a string, rendered HTML attached
 * - site     : one entry, id 'site': site name, contact details and social links
 * - featured : up to 3 stones for the home strip (special offers, else latest arrivals),
 *              without any price field
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { loadConfig } from '../../api/config.ts';
import { openDb, type Db } from '../../db/client.ts';
import { featuredEntries } from './featured.ts';
import { blockEntries, postEntries, siteEntries, type SiteEntry } from './site-data.ts';

type ReadDb = Db;

/** Opens the database (DATABASE_URL, else the SQLite file) for one loader run; null (with a warning) when absent. */
async function openReadOnly(ctx: LoaderContext): Promise<{ db: ReadDb; close: () => Promise<void> } | null> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const db = await openDb(config.DATABASE_URL, { poolSize: 2 });
    return { db, close: () => db.close() };
  }
  const path = resolve(config.DATABASE_PATH);
  if (!existsSync(path)) {
    ctx.logger.warn(`no database at ${path}: "${ctx.collection}" stays empty (run npm run db:seed)`);
    return null;
  }
  const db = await openDb(path);
  return { db, close: () => db.close() };
}

/** Builds a loader that clears its collection and refills it from the database. */
function dbLoader(name: string, fill: (db: ReadDb, ctx: LoaderContext) => Promise<void>): Loader {
  return {
    name,
    load: async (ctx) => {
      ctx.store.clear();
      const handle = await openReadOnly(ctx);
      if (!handle) return;
      try {
        await fill(handle.db, ctx);
        ctx.logger.info(`${ctx.store.keys().length} entries from the database`);
      } catch (err) {
        ctx.logger.warn(`could not read "${ctx.collection}": ${(err as Error).message}`);
      } finally {
        await handle.close();
      }
    },
  };
}

async function put(ctx: LoaderContext, { id, data: raw, html }: SiteEntry) {
  const data = await ctx.parseData({ id, data: raw });
  ctx.store.set({ id, data, digest: ctx.generateDigest(raw), ...(html != null ? { rendered: { html } } : {}) });
}

/** A loader that fills its collection with `read`'s entries (site-data.ts). */
const entriesLoader = (name: string, read: (db: ReadDb) => Promise<SiteEntry[]>) =>
  dbLoader(name, async (db, ctx) => {
    for (const entry of await read(db)) await put(ctx, entry);
  });

export const blocksLoader = entriesLoader('facet-site-blocks', blockEntries);
export const postsLoader = entriesLoader('facet-posts', postEntries);
export const siteLoader = entriesLoader('facet-site-config', siteEntries);
/** The home strip's stones (src/content/featured.ts runs the strip rule); no price field. */
export const featuredLoader = entriesLoader('facet-featured-stones', featuredEntries);
