/**
 * Just enough markdown for the starter news posts, and their front matter.
 *
 * Front matter: a `---` fenced block of `key: value` lines; `[a, b]` is a list, quotes
 * around a value are dropped. Markdown: `#`..`####` headings (h2..h4: the page's h1 is the title), paragraphs, `**strong**`,
 * `*em*`/`_em_`, `[text](url)`, `-`/`*` and `1.` lists, `>` quotes. The HTML is sanitised
 * (sanitize-html, a small allow-list) before it is stored.
 */
import sanitizeHtml from 'sanitize-html';

export type FrontMatter = Record<string, string | string[]>;

const unquote = (s: string) => s.trim().replace(/^(['"])(.*)\1$/, '$2');

export function parseFrontMatter(source: string): { data: FrontMatter; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!m) return { data: {}, body: source };
  const data: FrontMatter = {};
  for (const line of (m[1] ?? '').split(/\r?\n/)) {
    const kv = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!kv) continue;
    const [, key = '', raw = ''] = kv;
    const value = raw.trim();
    data[key] =
      value.startsWith('[') && value.endsWith(']')
        ? value.slice(1, -1).split(',').map(unquote).filter(Boolean)
        : unquote(value);
  }
  return { data, body: source.slice(m[0].length) };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(text: string): string {
  return escapeHtml(text)
    .replace(
      /\[([^\]]+)\]\(([^)\s]+)\)/g,
      (_, t: string, href: string) => `<a href="${href.replace(/"/g, '%22')}">${t}</a>`,
    )
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\w*])\*([^*\n]+)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_([^_\n]+)_(?!\w)/g, '$1<em>$2</em>');
}

/** Converts the markdown subset above to (unsanitised) HTML. */
export function markdownToHtml(md: string): string {
  const out: string[] = [];
  const blocks = md
    .replace(/\r\n/g, '\n')
    .trim()
    .split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const first = lines[0] ?? '';
    const heading = /^(#{1,4})\s+(.*)$/.exec(first);
    if (heading && lines.length === 1) {
      const level = Math.max(2, (heading[1] ?? '#').length); // the page's h1 is the post title
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
    } else if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
      out.push(`<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`);
    } else if (lines.every((l) => /^\s*\d+\.\s+/.test(l))) {
      out.push(`<ol>${lines.map((l) => `<li>${inline(l.replace(/^\s*\d+\.\s+/, ''))}</li>`).join('')}</ol>`);
    } else if (lines.every((l) => l.startsWith('>'))) {
      out.push(`<blockquote><p>${inline(lines.map((l) => l.replace(/^>\s?/, '')).join(' '))}</p></blockquote>`);
    } else {
      out.push(`<p>${inline(lines.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}

export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'h5', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export const renderPostHtml = (md: string) => sanitizeHtml(markdownToHtml(md), SANITIZE_OPTIONS);
