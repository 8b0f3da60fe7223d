/**
 * Starter content from `content/`: site blocks (`content/blocks/*.json`, one file per page,
 * each an array of `{ _id, type, value, url? }`) and news posts (`content/posts/*.md`,
 * front matter + markdown). Existing blocks and posts (same id / url) are left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../client.ts';
import { BLOCK_TYPES, POST_STATUSES, posts, siteBlocks, type BlockValue } from '../tables.ts';
import { parseFrontMatter, renderPostHtml } from './markdown.ts';

export const CONTENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../content');
const SEEDED_AT = new Date(Date.UTC(2026, 0, 1));

export type StarterBlock = { _id: string; type: (typeof BLOCK_TYPES)[number]; value: BlockValue; url?: string };

const files = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => join(dir, f));

function checkBlock(b: StarterBlock, file: string): StarterBlock {
  const ok =
    typeof b._id === 'string' &&
    BLOCK_TYPES.includes(b.type) &&
    (b.type === 'list'
      ? Array.isArray(b.value) && b.value.every((s) => typeof s.title === 'string' && typeof s.content === 'string')
      : typeof b.value === 'string') &&
    (b.type !== 'image' || typeof b.url === 'string');
  if (!ok) throw new Error(`${file}: malformed block ${JSON.stringify(b).slice(0, 80)}`);
  return b;
}

export function loadStarterBlocks(dir = join(CONTENT_DIR, 'blocks')): StarterBlock[] {
  const all: StarterBlock[] = [];
  for (const file of files(dir, '.json')) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as StarterBlock[];
    for (const b of parsed) all.push(checkBlock(b, file));
  }
  const ids = new Set<string>();
  for (const b of all) {
    if (ids.has(b._id)) throw new Error(`duplicate block id ${b._id}`);
    ids.add(b._id);
  }
  return all;
}

export type StarterPost = typeof posts.$inferInsert;

export function loadStarterPosts(dir = join(CONTENT_DIR, 'posts')): StarterPost[] {
  return files(dir, '.md').map((file) => {
    const { data, body } = parseFrontMatter(readFileSync(file, 'utf8'));
    const str = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : '');
    const status = str('status') as (typeof POST_STATUSES)[number];
    const date = new Date(str('date'));
    if (
      !str('title') ||
      !str('url').startsWith('/news/') ||
      Number.isNaN(date.getTime()) ||
      !POST_STATUSES.includes(status)
    ) {
      throw new Error(`${file}: front matter needs title, url (/news/...), date and status`);
    }
    const related = Array.isArray(data.related) ? data.related : [];
    return {
      title: str('title'),
      url: str('url'),
      snippet: str('snippet'),
      content: renderPostHtml(body),
      date,
      src: str('src'),
      related,
      status,
      createdAt: date,
      updatedAt: date,
    };
  });
}

/** The starter site blocks and, unless `withPosts` is false (production), the demo news posts. */
export async function seedContent(db: Db, { withPosts = true } = {}): Promise<{ blocks: number; posts: number }> {
  const blocks = loadStarterBlocks();
  const starterPosts = withPosts ? loadStarterPosts().sort((a, b) => +a.date - +b.date) : [];
  const b =
    blocks.length === 0
      ? []
      : await db
          .insert(siteBlocks)
          .values(
            blocks.map((x) => ({ id: x._id, type: x.type, value: x.value, url: x.url ?? null, updatedAt: SEEDED_AT })),
          )
          .onConflictDoNothing({ target: siteBlocks.id })
          .returning({ id: siteBlocks.id });
  const p =
    starterPosts.length === 0
      ? []
      : await db
          .insert(posts)
          .values(starterPosts)
          .onConflictDoNothing({ target: posts.url })
          .returning({ id: posts.id });
  return { blocks: b.length, posts: p.length };
}
