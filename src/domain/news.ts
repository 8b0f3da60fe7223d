/**
 * News rules, pure so the static pages (build time) and the news island (browser) share them:
 *
 * - search: case-insensitive over title, content text and tags; every word must match.
 * - related: posts sharing at least one tag with the given one, max 3, never itself.
 * - neighbours: previous and next post, wrapping around at the ends.
 * - carousel: 3 posts a slide on desktop, 1 on phones; the slider shows above 6 posts.
 */
import { routes } from './routes.ts';
import { slugOf } from './slug.ts';

export type NewsPost = {
  id: number;
  title: string;
  url: string;
  snippet: string;
  /** ISO date */
  date: string;
  src: string;
  related: string[];
  /** the content as plain text (for search) */
  text: string;
};

export const RELATED_MAX = 3;
export const SLIDER_ABOVE = 6;
export const PER_SLIDE_DESKTOP = 3;
export const PER_SLIDE_PHONE = 1;

export const emptySearchText = (keywords: string): string =>
  `Your search query using "${keywords}" has returned no results.`;

/** HTML to searchable plain text (tags dropped, the common entities decoded, spaces collapsed). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Posts matching every word of `keywords` in title, text or tags (order kept). Blank -> all. */
export function searchPosts<P extends NewsPost>(posts: readonly P[], keywords: string): P[] {
  const words = keywords.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...posts];
  return posts.filter((p) => {
    const hay = `${p.title}\n${p.text}\n${p.related.join(' ')}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** Up to `max` posts sharing a tag with `post` (case-insensitive), in list order, never itself. */
export function relatedPosts<P extends NewsPost>(posts: readonly P[], post: P, max = RELATED_MAX): P[] {
  const tags = new Set(post.related.map((t) => t.toLowerCase()));
  if (tags.size === 0) return [];
  return posts.filter((p) => p.id !== post.id && p.related.some((t) => tags.has(t.toLowerCase()))).slice(0, max);
}

/** The previous and next post of `id` in list order, wrapping around; null when alone or unknown. */
export function neighbours<P extends NewsPost>(posts: readonly P[], id: number): { prev: P; next: P } | null {
  const i = posts.findIndex((p) => p.id === id);
  if (i < 0 || posts.length < 2) return null;
  const n = posts.length;
  return { prev: posts[(i - 1 + n) % n] as P, next: posts[(i + 1) % n] as P };
}

/** Splits posts into slides of `perSlide`. */
export function slides<P>(posts: readonly P[], perSlide: number): P[][] {
  const size = Math.max(1, Math.trunc(perSlide));
  const out: P[][] = [];
  for (let i = 0; i < posts.length; i += size) out.push(posts.slice(i, i + size));
  return out;
}

export const showSlider = (count: number): boolean => count > SLIDER_ABOVE;

export const postLink = (p: Pick<NewsPost, 'id' | 'title'>): string => routes.newsPost(slugOf(p.title), p.id);
