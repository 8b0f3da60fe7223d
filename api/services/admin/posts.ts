/**
 * News posts for staff: list (drafts too), read, create, update, delete. The url is the
 * post's own address `/news/{slug}` (unique); content is HTML kept only after sanitize-html
 * (the seed's allow-list plus images, rules and simple emphasis). Every change is audited,
 * and the static site is told (`deps.site?.contentChanged('posts')`) so news pages rebuild.
 */
import { and, count, desc, eq, ne, or, type SQL } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import * as v from 'valibot';
import { routes } from '../../../src/domain/routes.ts';
import { SLUG_MAX, slugOf } from '../../../src/domain/slug.ts';
import { plainText, visible } from '../../../src/domain/validation/fields.ts';
import { likeCI, writeTx, type Db } from '../../../db/client.ts';
import { POST_STATUSES, posts, type Post } from '../../../db/tables.ts';
import { SANITIZE_OPTIONS } from '../../../db/seed/markdown.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { audit } from './audit.ts';
import { contentChanged } from '../site/versions.ts';

export const POST_TITLE_MAX = 200;
export const POST_SNIPPET_MAX = 1000;
export const POST_CONTENT_MAX = 200_000;
export const POST_TAGS_MAX = 20;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const POST_SANITIZE: sanitizeHtml.IOptions = {
  ...SANITIZE_OPTIONS,
  allowedTags: [...(SANITIZE_OPTIONS.allowedTags || []), 'img', 'figure', 'figcaption', 'hr', 'u', 's', 'b', 'i'],
  allowedAttributes: { ...SANITIZE_OPTIONS.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
  allowedSchemesByTag: { img: ['http', 'https'] },
};

export const sanitizePostHtml = (html: string): string => sanitizeHtml(html, POST_SANITIZE);

/** Accepts a bare slug, `news/slug` or `/news/slug`; answers the stored url `/news/slug`. */
const UrlSchema = v.pipe(
  v.string('url must be text'),
  v.trim(),
  v.transform((s) => s.replace(/^\/?news\//, '').replace(/^\/+|\/+$/g, '')),
  v.regex(SLUG_PATTERN, 'url must be a slug of lower-case letters, digits and hyphens'),
  v.maxLength(SLUG_MAX, `url must be at most ${SLUG_MAX} characters`),
  v.transform((slug) => routes.newsArticle(slug)),
);

const DateSchema = v.pipe(
  v.string('date must be a date'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'date must be a date (YYYY-MM-DD)'),
  v.transform((s) => new Date(s)),
);

const fields = {
  title: v.pipe(
    v.string('title must be text'),
    v.trim(),
    v.nonEmpty('Please enter a title'),
    visible('Please enter a title'),
    plainText('title'),
    v.maxLength(POST_TITLE_MAX, `title must be at most ${POST_TITLE_MAX} characters`),
  ),
  url: UrlSchema,
  snippet: v.pipe(
    v.string('snippet must be text'),
    v.trim(),
    plainText('snippet'),
    v.maxLength(POST_SNIPPET_MAX, `snippet must be at most ${POST_SNIPPET_MAX} characters`),
  ),
  content: v.pipe(v.string('content must be text'), v.maxLength(POST_CONTENT_MAX, 'content is too long')),
  date: DateSchema,
  src: v.pipe(
    v.string('src must be text'),
    v.trim(),
    v.check(
      (s) => s === '' || /^(\/[^\s]*|https:\/\/[^\s]+)$/.test(s),
      'src must be a site path (/...) or an https address',
    ),
  ),
  related: v.pipe(
    v.array(
      v.pipe(
        v.string('tags must be text'),
        v.trim(),
        plainText('a tag'),
        v.maxLength(40, 'a tag must be at most 40 characters'),
      ),
      'related must be a list of tags',
    ),
    v.transform((tags) => [...new Set(tags.filter(Boolean).map((t) => t.toLowerCase()))]),
    v.maxLength(POST_TAGS_MAX, `at most ${POST_TAGS_MAX} tags`),
  ),
  status: v.picklist(POST_STATUSES, 'status must be draft or published'),
};

export const PostCreateSchema = v.object(
  {
    title: fields.title,
    url: v.optional(fields.url),
    snippet: v.optional(fields.snippet, ''),
    content: v.optional(fields.content, ''),
    date: v.optional(fields.date),
    src: v.optional(fields.src, ''),
    related: v.optional(fields.related, []),
    status: v.optional(fields.status, 'draft'),
  },
  'The request body must be a JSON object',
);
export const PostUpdateSchema = v.partial(v.object(fields, 'The request body must be a JSON object'));
export type PostCreate = v.InferOutput<typeof PostCreateSchema>;
export type PostUpdate = v.InferOutput<typeof PostUpdateSchema>;

export type PostView = {
  _id: number;
  title: string;
  url: string;
  snippet: string;
  content: string;
  date: string;
  src: string;
  related: string[];
  status: Post['status'];
  createdAt: string;
  updatedAt: string;
};

export const toPostView = (p: Post): PostView => ({
  _id: p.id,
  title: p.title,
  url: p.url,
  snippet: p.snippet,
  content: p.content,
  date: p.date.toISOString(),
  src: p.src,
  related: p.related,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export type PostFilter = { status: Post['status'] | 'all'; q?: string; page: number; limit: number };

export async function listPosts(db: Db, f: PostFilter) {
  const where: SQL[] = [];
  if (f.status !== 'all') where.push(eq(posts.status, f.status));
  if (f.q) {
    const pat = `%${f.q.replace(/[%_]/g, '')}%`;
    where.push(or(likeCI(posts.title, pat), likeCI(posts.url, pat)) as SQL);
  }
  const cond = where.length ? and(...where) : undefined;
  const totalDocs = (await db.select({ n: count() }).from(posts).where(cond).limit(1))[0]?.n ?? 0;
  const rows = await db
    .select()
    .from(posts)
    .where(cond)
    .orderBy(desc(posts.date), desc(posts.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  // the list leaves out the (large) content
  return { docs: rows.map((p) => ({ ...toPostView(p), content: undefined })), totalDocs, page: f.page, limit: f.limit };
}

export async function getPost(db: Db, id: number): Promise<PostView> {
  const p = (await db.select().from(posts).where(eq(posts.id, id)).limit(1))[0];
  if (!p) throw new HttpError(404, 'post_not_found');
  return toPostView(p);
}

async function assertUrlFree(tx: Db, url: string, exceptId?: number) {
  const cond = exceptId == null ? eq(posts.url, url) : and(eq(posts.url, url), ne(posts.id, exceptId));
  if ((await tx.select({ id: posts.id }).from(posts).where(cond).limit(1))[0]) {
    throw new HttpError(409, [{ param: 'url', msg: 'Another post already uses this url' }]);
  }
}

/** Published posts changed: the static news pages and the home teaser regenerate. */
const changed = (deps: Deps) => contentChanged(deps, 'posts');

export async function createPost(deps: Deps, adminId: number, input: PostCreate): Promise<PostView> {
  const now = deps.clock.now();
  const url = input.url ?? routes.newsArticle(slugOf(input.title) || `post-${now}`);
  const row = await writeTx(deps.db, async (tx) => {
    await assertUrlFree(tx, url);
    const created = (
      await tx
        .insert(posts)
        .values({
          title: input.title,
          url,
          snippet: input.snippet,
          content: sanitizePostHtml(input.content),
          date: input.date ?? new Date(now),
          src: input.src,
          related: input.related,
          status: input.status,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning()
    )[0]!;
    await audit(
      tx,
      adminId,
      'post.create',
      'post',
      created.id,
      { title: created.title, url, status: created.status },
      now,
    );
    return created;
  });
  if (row.status === 'published') await changed(deps);
  return toPostView(row);
}

export async function updatePost(deps: Deps, adminId: number, id: number, input: PostUpdate): Promise<PostView> {
  const now = deps.clock.now();
  const { before, after } = await writeTx(deps.db, async (tx) => {
    const before = (await tx.select().from(posts).where(eq(posts.id, id)).limit(1))[0];
    if (!before) throw new HttpError(404, 'post_not_found');
    if (input.url !== undefined) await assertUrlFree(tx, input.url, id);
    const set = {
      ...input,
      ...(input.content !== undefined ? { content: sanitizePostHtml(input.content) } : {}),
      updatedAt: new Date(now),
    };
    const after = (await tx.update(posts).set(set).where(eq(posts.id, id)).returning())[0]!;
    const fieldsChanged = Object.keys(input).filter(
      (k) => JSON.stringify(before[k as keyof Post]) !== JSON.stringify(after[k as keyof Post]),
    );
    const action =
      before.status !== after.status
        ? after.status === 'published'
          ? 'post.publish'
          : 'post.unpublish'
        : 'post.update';
    await audit(tx, adminId, action, 'post', id, { title: after.title, fields: fieldsChanged }, now);
    return { before, after };
  });
  if (before.status === 'published' || after.status === 'published') await changed(deps);
  return toPostView(after);
}

export async function deletePost(deps: Deps, adminId: number, id: number): Promise<void> {
  const now = deps.clock.now();
  const before = await writeTx(deps.db, async (tx) => {
    const before = (await tx.select().from(posts).where(eq(posts.id, id)).limit(1))[0];
    if (!before) throw new HttpError(404, 'post_not_found');
    await tx.delete(posts).where(eq(posts.id, id));
    await audit(tx, adminId, 'post.delete', 'post', id, { title: before.title, url: before.url }, now);
    return before;
  });
  if (before.status === 'published') await changed(deps);
}

/** Published posts for the public list (GET /posts/all): newest first. */
export async function publishedPosts(db: Db) {
  return (
    await db
      .select({
        id: posts.id,
        title: posts.title,
        url: posts.url,
        date: posts.date,
        snippet: posts.snippet,
        src: posts.src,
        related: posts.related,
      })
      .from(posts)
      .where(eq(posts.status, 'published'))
      .orderBy(desc(posts.date), desc(posts.id))
  ).map((p) => ({
    _id: p.id,
    title: p.title,
    url: p.url,
    date: p.date.toISOString(),
    snippet: p.snippet,
    src: p.src,
    related: p.related,
  }));
}
