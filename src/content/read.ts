/**
 * Build-time helpers for pages: read site blocks, posts and the site config from the content
 * collections, with a sane fallback when the database lacks an entry.
 *
 *   const title = await blockText('home_welcome_title', 'Every facet of the Diamond Industry');
 *   const poster = await blockImage('home_welcome_poster');       // { src, alt } | null
 *   const site = await siteInfo();                                 // name, links, sandbox
 */
import { getCollection, getEntry } from 'astro:content';
import { loadConfig } from '../../api/config.ts';

export type ImageRef = { src: string; alt: string };
export type ListSection = { title: string; content: string };

/**
 * Image values are served from an image base path: a stored path that is not absolute
 * (`home/poster.jpg`) is taken as relative to /images/.
 */
export function imageUrl(src: string): string {
  if (!src) return '';
  if (/^(https?:)?\/\//.test(src) || src.startsWith('/') || src.startsWith('data:')) return src;
  return `/images/${src}`;
}

/** A block by id, or undefined (without the warning getEntry logs for a missing id). */
async function findBlock(id: string) {
  const all = await getCollection('blocks');
  return all.find((b) => b.id === id);
}

export async function blockText(id: string, fallback = ''): Promise<string> {
  const entry = await findBlock(id);
  const value = entry?.data.value;
  return typeof value === 'string' && value.trim() ? value : fallback;
}

/** An image block: its url, and its value as the alt text. Null when missing. */
export async function blockImage(id: string, fallbackAlt = ''): Promise<ImageRef | null> {
  const entry = await findBlock(id);
  if (!entry?.data.url) return null;
  const alt = typeof entry.data.value === 'string' ? entry.data.value : fallbackAlt;
  return { src: imageUrl(entry.data.url), alt };
}

export async function blockList(id: string): Promise<ListSection[]> {
  const entry = await findBlock(id);
  return Array.isArray(entry?.data.value) ? entry.data.value : [];
}

export type SiteInfo = {
  siteName: string;
  contactEmail: string;
  phone: string;
  address: string[];
  socialLinks: { facebook: string; twitter: string; linkedin: string; instagram: string };
  sandbox: boolean;
};

export async function siteInfo(): Promise<SiteInfo> {
  const config = loadConfig();
  const entry = await getEntry('site', 'site');
  const data = entry?.data;
  return {
    siteName: data?.siteName || config.PUBLIC_SITE_NAME,
    contactEmail: data?.contactEmail ?? '',
    phone: data?.phone ?? '',
    address: data?.address ?? [],
    socialLinks: data?.socialLinks ?? { facebook: '', twitter: '', linkedin: '', instagram: '' },
    sandbox: config.SANDBOX,
  };
}

/** Published posts, newest first. */
export async function publishedPosts(limit?: number) {
  const all = (await getCollection('posts')).sort(
    (a, b) => b.data.date.getTime() - a.data.date.getTime() || b.data.postId - a.data.postId,
  );
  return limit == null ? all : all.slice(0, limit);
}

/** The home strip's stones in their chosen order, and whether they are special offers. */
export async function featuredStones() {
  const stones = (await getCollection('featured')).sort((a, b) => a.data.order - b.data.order);
  return { stones, special: stones.some((s) => s.data.special) };
}
