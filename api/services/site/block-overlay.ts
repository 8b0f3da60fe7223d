/**
 * Site blocks saved after the served build was made, laid over its pages as they are sent
 * (an admin's save shows to visitors on their next page load, not after the
 * ~10 s rebuild). The rebuild still runs (services/site/regenerate.ts) and replaces the overlay
 * once its pages hold the change.
 *
 * - A build's start time: the earlier of the `<SITE_DIR>-<ms>` suffix of a regenerated build
 *   and the time of its `.build-stamp` (dated when the build began; a build unpacked from
 *   another node keeps the builder's date). Blocks whose `updated_at` is later are
 *   newer than the pages; they are read from the database, so every app node sharing it
 *   agrees. The list is cached per build for CACHE_MS.
 * - `overlayBlocks(html, blocks)` rewrites the element marked `data-block="{id}"`: a text
 *   block's text (as paragraphs inside a `.prose` child, as Paragraphs.astro renders them),
 *   an image block's `src` and `alt` (its <source> elements dropped), a list block's items
 *   (its first `*__item` element is the template: title in its `*__title` element or <h3>,
 *   content as paragraphs in its `.prose`, indexed ids `-h0`/`-p0` and a `*__num` counter
 *   renumbered). An empty list has no template and waits for the rebuild.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/unavailable.ts';
import { siteBlocks, type SiteBlock } from '../../../db/tables.ts';

export const CACHE_MS = 200;
export type OverlayBlock = Pick<SiteBlock, 'id' | 'type' | 'value' | 'url'>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text as Paragraphs.astro renders it: blank lines split paragraphs, single newlines break. */
export function paragraphsHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** The end of the element whose start tag ends at `from` (index after '>'): the index of its closing tag. */
export function closingTag(html: string, tag: string, from: number): number {
  const re = new RegExp(`<(/?)${tag}(?=[\\s>/])`, 'gi');
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return -1;
}

const VOID = new Set(['img', 'br', 'hr', 'input', 'source', 'meta', 'link']);

function rewriteText(inner: string, value: string): string {
  const prose = /^(\s*<div\b[^>]*\bclass="[^"]*\bprose\b[^"]*"[^>]*>)/i.exec(inner);
  return prose ? `${prose[1]}${paragraphsHtml(value)}</div>` : escapeHtml(value);
}

/** `html` with the inner HTML of the first element matching `open` replaced by `inner`. */
function replaceInner(html: string, open: RegExp, inner: string): string | null {
  const m = open.exec(html);
  if (!m) return null;
  const from = m.index + m[0].length;
  const close = closingTag(html, m[1]!, from);
  return close < 0 ? null : html.slice(0, from) + inner + html.slice(close);
}

const ITEM = /<([a-z][a-z0-9]*)\b[^>]*\bclass="[^"]*__item\b[^"]*"[^>]*>/gi;

function listItem(template: string, s: { title: string; content: string }, i: number): string {
  let out =
    replaceInner(template, /<([a-z][a-z0-9]*)\b[^>]*\bclass="[^"]*__title\b[^"]*"[^>]*>/i, escapeHtml(s.title)) ??
    replaceInner(template, /<(h[2-4])\b[^>]*>/i, escapeHtml(s.title)) ??
    template;
  out = replaceInner(out, /<(div)\b[^>]*\bclass="[^"]*\bprose\b[^"]*"[^>]*>/i, paragraphsHtml(s.content)) ?? out;
  out = out.replace(/\b(id|aria-controls|aria-labelledby)="([^"]*-[hp])\d+"/g, `$1="$2${i}"`);
  out = out.replace(/aria-expanded="(true|false)"/, `aria-expanded="${i === 0}"`);
  return out.replace(/(<span\b[^>]*__num\b[^>]*>)\d+(<\/span>)/, `$1${String(i + 1).padStart(2, '0')}$2`);
}

/** The list's items rebuilt from the first one, or null when it has none to copy. */
function rewriteList(inner: string, sections: readonly { title: string; content: string }[]): string | null {
  ITEM.lastIndex = 0;
  const first = ITEM.exec(inner);
  if (!first) return null;
  const tag = first[1]!;
  const start = first.index;
  const firstClose = closingTag(inner, tag, start + first[0].length);
  if (firstClose < 0) return null;
  const template = inner.slice(start, firstClose + tag.length + 3);
  let end = firstClose + tag.length + 3;
  for (;;) {
    ITEM.lastIndex = end;
    const next = ITEM.exec(inner);
    if (!next || inner.slice(end, next.index).trim() !== '') break;
    const close = closingTag(inner, next[1]!, next.index + next[0].length);
    if (close < 0) break;
    end = close + next[1]!.length + 3;
  }
  return inner.slice(0, start) + sections.map((s, i) => listItem(template, s, i)).join('') + inner.slice(end);
}

function rewriteImg(tag: string, url: string, alt: string | null): string {
  let out = tag.replace(/\s(srcset|sizes)="[^"]*"/gi, '');
  out = /\ssrc="/i.test(out)
    ? out.replace(/\ssrc="[^"]*"/i, ` src="${escapeHtml(url)}"`)
    : out.replace(/^<img/i, `<img src="${escapeHtml(url)}"`);
  if (alt != null)
    out = /\salt="/i.test(out)
      ? out.replace(/\salt="[^"]*"/i, ` alt="${escapeHtml(alt)}"`)
      : out.replace(/^<img/i, `<img alt="${escapeHtml(alt)}"`);
  return out;
}

/** `html` with each block's marked element showing its current value. */
export function overlayBlocks(html: string, blocks: readonly OverlayBlock[]): string {
  let out = html;
  for (const b of blocks) {
    const marker = new RegExp(`<([a-z][a-z0-9-]*)\\b[^>]*\\sdata-block="${escapeRe(b.id)}"[^>]*>`, 'gi');
    let result = '';
    let last = 0;
    for (let m = marker.exec(out); m; m = marker.exec(out)) {
      const start = m.index;
      const openEnd = start + m[0].length;
      const tag = m[1]!.toLowerCase();
      if (b.type === 'list' && Array.isArray(b.value)) {
        const close = VOID.has(tag) ? -1 : closingTag(out, tag, openEnd);
        const inner = close < 0 ? null : rewriteList(out.slice(openEnd, close), b.value);
        if (inner == null) continue;
        result += out.slice(last, openEnd) + inner;
        last = close;
        marker.lastIndex = close;
      } else if (b.type === 'text' && typeof b.value === 'string') {
        const close = VOID.has(tag) ? -1 : closingTag(out, tag, openEnd);
        if (close < 0) continue;
        result += out.slice(last, openEnd) + rewriteText(out.slice(openEnd, close), b.value);
        last = close;
        marker.lastIndex = close;
      } else if (b.type === 'image' && b.url) {
        const alt = typeof b.value === 'string' && b.value !== 'placeholder' ? b.value : null;
        if (tag === 'img') {
          result += out.slice(last, start) + rewriteImg(m[0], b.url, alt);
          last = openEnd;
          continue;
        }
        const close = closingTag(out, tag, openEnd);
        if (close < 0) continue;
        const inner = out
          .slice(openEnd, close)
          .replace(/<source\b[^>]*>/gi, '')
          .replace(/<img\b[^>]*>/i, (img) => rewriteImg(img, b.url as string, alt));
        result += out.slice(last, openEnd) + inner;
        last = close;
        marker.lastIndex = close;
      }
    }
    out = result + out.slice(last);
  }
  return out;
}

/** When the pages in `dir` were made from the database (ms). */
export async function buildTime(dir: string): Promise<number> {
  const suffix = /-(\d{13})$/.exec(dir);
  const s = await stat(join(dir, '.build-stamp')).catch(() => null);
  if (suffix && s) return Math.min(Number(suffix[1]), s.mtimeMs);
  if (suffix) return Number(suffix[1]);
  return s ? s.mtimeMs : 0;
}

/**
 * The HTML transform the static server applies: `(html, dir) => html` with the blocks saved
 * after the build in `dir` laid over. No newer block: the page as built.
 */
export function blockOverlay(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; blocks: OverlayBlock[] }>();
  const newer = async (dir: string): Promise<OverlayBlock[]> => {
    const hit = cache.get(dir);
    if (hit && now() - hit.at < CACHE_MS) return hit.blocks;
    const since = new Date(await buildTime(dir));
    const blocks = await db
      .select({ id: siteBlocks.id, type: siteBlocks.type, value: siteBlocks.value, url: siteBlocks.url })
      .from(siteBlocks)
      .where(gt(siteBlocks.updatedAt, since));
    cache.clear(); // one served build at a time
    cache.set(dir, { at: now(), blocks });
    return blocks;
  };
  return {
    newer,
    /** While the database cannot be read (a restart) the page goes out as built. */
    async apply(html: string, dir: string): Promise<string> {
      let blocks: OverlayBlock[];
      try {
        blocks = await newer(dir);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) console.error('[site] could not read newer blocks', err);
        return html;
      }
      return blocks.length ? overlayBlocks(html, blocks) : html;
    },
  };
}
