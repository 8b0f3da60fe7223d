/**
 * What the static pages are built from in the database, read one way for the build and for its
 * stamp: Astro's loaders (loaders.ts) put these entries into their collections, and the build's
 * stamp (api/services/site/build.ts) is a hash of the same entries. A save that leaves them as
 * they were (a draft post, a setting no page shows, a block put back as it was) therefore
 * builds nothing new, and a change put back finds the build made for it before.
 *
 * - blocks   : every site block (type, value, url), by id
 * - posts    : published posts, newest first, with their HTML
 * - site     : the site's name, contact details and social links
 * - featured : the home strip's stones, without prices (featured.ts, read by itself)
 */
import { asc, desc, eq } from 'drizzle-orm';
import { loadConfig } from '../../api/config.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/tables.ts';

/** One collection entry: its id, its data, and its rendered HTML when it has some. */
export type SiteEntry = { id: string; data: Record<string, unknown>; html?: string };

export async function blockEntries(db: Db): Promise<SiteEntry[]> {
  const rows = await db.select().from(schema.siteBlocks).orderBy(asc(schema.siteBlocks.id));
  return rows.map((b) => ({ id: b.id, data: { type: b.type, value: b.value, url: b.url ?? null } }));
}

export async function postEntries(db: Db): Promise<SiteEntry[]> {
  const rows = await db
    .select()
    .from(schema.posts)
    .where(eq(schema.posts.status, 'published'))
    .orderBy(desc(schema.posts.date), desc(schema.posts.id));
  return rows.map((p) => ({
    id: String(p.id),
    data: {
      postId: p.id,
      title: p.title,
      url: p.url,
      snippet: p.snippet,
      date: p.date,
      src: p.src,
      related: p.related,
    },
    html: p.content,
  }));
}

export async function siteEntries(db: Db): Promise<SiteEntry[]> {
  const row = (await db.select().from(schema.configs).where(eq(schema.configs.type, 'site')).limit(1))[0];
  const f = row?.fields ?? {};
  const address = Object.keys(f)
    .filter((k) => k.startsWith('address'))
    .sort()
    .map((k) => f[k] ?? '')
    .filter(Boolean);
  const data = {
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
  };
  return [{ id: 'site', data }];
}

/** The entries that only a content save changes (blocks, published posts, the site's details). */
export async function contentData(db: Db) {
  const [blocks, posts, site] = await Promise.all([blockEntries(db), postEntries(db), siteEntries(db)]);
  return { blocks, posts, site };
}
