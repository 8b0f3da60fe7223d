/**
 * Content-layer loaders: Astro reads the site's content from the database at build
 * time (the database is the content store; see docs/architecture.md).
 *
 * Every loader opens the database (DATABASE_URL, or the file at DATABASE_PATH), replaces its
 * collection's entries wholesale and closes the file. A missing database or table is a
 * warning, not a failure: the pages fall back to built-in copy, so `astro build` works on a
 * fresh checkout. Collections (defined in src/content.config.ts):
 *
 * - blocks   : site blocks by content id (`home_welcome_title`, ...)
 * - posts    : published news posts, id = post id as a string, rendered HTML attached
 * - site     : one entry, id 'site': site name, contact details and social links
 * - featured : up to 3 stones for the home strip (special offers, else latest arrivals),
 *              without any price field
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Loader, LoaderContext } from 'astro/loaders';
import { loadConfig } from '../../api/config.ts';
import { openDb, type Db } from '../../db/client.ts';
import * as schema from '../../db/tables.ts';
import { featuredEntries } from './featured.ts';

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

async function put(ctx: LoaderContext, id: string, raw: Record<string, unknown>, html?: string) {
  const data = await ctx.parseData({ id, data: raw });
  ctx.store.set({ id, data, digest: ctx.generateDigest(raw), ...(html != null ? { rendered: { html } } : {}) });
}

export const blocksLoader = dbLoader('facet-site-blocks', async (db, ctx) => {
  for (const b of await db.select().from(schema.siteBlocks)) {
    await put(ctx, b.id, { type: b.type, value: b.value, url: b.url ?? null });
  }
});

export const postsLoader = dbLoader('facet-posts', async (db, ctx) => {
  const rows = await db
    .select()
    .from(schema.posts)
    .where(eq(schema.posts.status, 'published'))
    .orderBy(desc(schema.posts.date), desc(schema.posts.id));
  for (const p of rows) {
    const data = {
      postId: p.id,
      title: p.title,
      url: p.url,
      snippet: p.snippet,
      date: p.date,
      src: p.src,
      related: p.related,
    };
    await put(ctx, String(p.id), data, p.content);
  }
});

export const siteLoader = dbLoader('facet-site-config', async (db, ctx) => {
  const row = (await db.select().from(schema.configs).where(eq(schema.configs.type, 'site')).limit(1))[0];
  const f = row?.fields ?? {};
  const address = Object.keys(f)
    .filter((k) => k.startsWith('address'))
    .sort()
    .map((k) => f[k] ?? '')
    .filter(Boolean);
  await put(ctx, 'site', {
    siteName: f.site_name || loadConfig().PUBLIC_SITE_NAME,
    contactEmail: f.contact_email ?? '',
    phone: f.phone ?? '',
    address,
    socialLinks: {
      facebook: f.social_link_facebook ?? '',
      twitter: f.social_link_twitter ?? '',
      linkedin: f.social_link_linkedin ?? '',
      instagram: f.social_link_instagram ?? '',
    },
  });
});

/** The home strip's stones (src/content/featured.ts runs the strip rule); no price field. */
export const featuredLoader = dbLoader('facet-featured-stones', async (db, ctx) => {
  for (const entry of await featuredEntries(db)) await put(ctx, entry.id, entry.data);
});
