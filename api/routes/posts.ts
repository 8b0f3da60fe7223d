/**
 * Public news posts, under /api/v1/posts (spec: "GET /posts/{all or a selector}"):
 *
 *   GET /posts/all    200 { docs: [{ _id, title, url, date, snippet, src, related }] }  published only, newest first
 *   GET /posts/:id    200 the same fields of one published post | 404 post_not_found
 */
import { Hono } from 'hono';
import { HttpError } from '../middleware/errors.ts';
import { idParams } from '../middleware/validate.ts';
import { publishedPosts } from '../services/admin/posts.ts';
import type { AppEnv, Deps } from '../types.ts';

export function postRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/all', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ docs: await publishedPosts(deps.db) });
    })
    .get('/:id', idParams({ id: 'post_not_found' }), async (c) => {
      const { id } = c.req.valid('param');
      const post = (await publishedPosts(deps.db)).find((p) => p._id === id);
      if (!post) throw new HttpError(404, 'post_not_found');
      c.header('Cache-Control', 'no-cache');
      return c.json(post);
    });
}
