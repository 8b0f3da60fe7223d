/**
 * Build-time news data for the news pages: the published posts (newest first) as the pure
 * `NewsPost` of src/domain/news.ts, each with its content HTML sanitised again here (staff
 * edit posts after seeding) and its plain text for the search island.
 */
import sanitizeHtml from 'sanitize-html';
import { publishedPosts, imageUrl } from '../../content/read.ts';
import { htmlToText, type NewsPost } from '../../domain/news.ts';

export type PagePost = NewsPost & { html: string; cover: string };

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'alt', 'width', 'height', 'loading'],
    a: ['href', 'title', 'rel'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export const sanitizePostHtml = (html: string): string => sanitizeHtml(html, SANITIZE);

export async function newsPosts(): Promise<PagePost[]> {
  const entries = await publishedPosts();
  return entries.map((e) => {
    const html = sanitizePostHtml(e.rendered?.html ?? '');
    return {
      id: e.data.postId,
      title: e.data.title,
      url: e.data.url,
      snippet: e.data.snippet,
      date: e.data.date.toISOString(),
      src: e.data.src,
      cover: e.data.src ? imageUrl(e.data.src) : '',
      related: e.data.related,
      text: htmlToText(html),
      html,
    };
  });
}

/** The card fields only (what islands get as props: no HTML, no full text). */
export const cardOf = ({ id, title, url, snippet, date, cover }: PagePost) => ({
  id,
  title,
  url,
  snippet,
  date,
  cover,
});
export type CardPost = ReturnType<typeof cardOf>;
