/**
 * Public news posts, under /api/v1/posts (spec: "GET /posts/{all or a selector}"):
 *
 *   GET /posts/all    200 { docs: [{ _id, title, url, date, snippet, src, related }] }  published only, newest first
 *   GET /posts/:id    200 the same fields of one published post | 404 post_not_found
 */
import { Hono } from 'hono';
import { publishedPosts } from '../services/admin-posts.ts';
import type { AppEnv, Deps } from '../types.ts';

export function postRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/all', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ docs: await publishedPosts(deps.db) });
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id');
      const post = /^\d{1,12}$/.test(id)
        ? (await publishedPosts(deps.db)).find((p) => p._id === Number(id))
        : undefined;
      if (!post) return c.json({ errors: { msg: 'post_not_found' } }, 404);
      c.header('Cache-Control', 'no-cache');
      return c.json(post);
    });
}
