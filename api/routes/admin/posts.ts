/**
 * News posts for staff, under /api/v1/admin/posts (admins only, see index.ts):
 *
 *   GET    /admin/posts?status=all|draft|published&q=&page=1&limit=50   200 { docs (without content), totalDocs, page, limit }
 *   GET    /admin/posts/:id                                             200 PostView | 404 post_not_found
 *   POST   /admin/posts   { title, url?, snippet?, content?, date?, src?, related?, status? }   201 PostView
 *   PATCH  /admin/posts/:id   any of those fields                       200 PostView
 *   DELETE /admin/posts/:id                                             200 { deleted: true }
 *   POST   /admin/posts/cover   multipart: src = one png or jpeg (at most 5 MB)   201 { src: '/uploads/...' }
 *          (the image is checked by content and stored; the editor then saves it as the post's src)
 *
 * url: a slug (or /news/slug), unique (409 with a field error); made from the title when
 * left out. content: HTML, sanitised before it is stored. Every change is audited.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { POST_STATUSES } from '../../../db/tables.ts';
import { wholeNumberParam } from '../../lib/query-params.ts';
import { HttpError } from '../../middleware/errors.ts';
import { jsonBody } from '../../middleware/json-body.ts';
import { idParams, jsonIn, queryIn } from '../../middleware/validate.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  PostCreateSchema,
  PostUpdateSchema,
  updatePost,
} from '../../services/admin/posts.ts';
import { audit } from '../../services/admin/audit.ts';
import { storeImage, uploadedImage } from '../../services/site/uploads.ts';
import type { AppEnv, Deps } from '../../types.ts';

const ListQuery = v.object({
  status: v.optional(v.picklist([...POST_STATUSES, 'all'], 'status must be all, draft or published'), 'all'),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  page: v.optional(wholeNumberParam('page', 1_000_000), '1'),
  limit: v.optional(wholeNumberParam('limit', 200), '50'),
});

const postId = idParams({ id: 'post_not_found' });

export function adminPostRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      // the cover upload is multipart: registered before the JSON guard, which then never sees it
      .post('/cover', async (c) => {
        const admin = signedInAdmin(c);
        if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
          throw new HttpError(415, 'unsupported_media_type');
        let form: Record<string, string | File | (string | File)[]>;
        try {
          form = await c.req.parseBody({ all: true });
        } catch {
          throw new HttpError(400, 'invalid_body');
        }
        const { file, image } = await uploadedImage(c, deps, admin.id, form.src);
        const src = await storeImage(deps.db, image);
        await audit(
          deps.db,
          admin.id,
          'post.cover_upload',
          'upload',
          src,
          { name: file.name, bytes: file.size },
          deps.clock.now(),
        );
        return c.json({ src }, 201);
      })
      .use('*', jsonBody())
      .get('/', queryIn(ListQuery), async (c) => c.json(await listPosts(deps.db, c.req.valid('query'))))
      .get('/:id', postId, async (c) => c.json(await getPost(deps.db, c.req.valid('param').id)))
      .post('/', jsonIn(PostCreateSchema), async (c) => {
        const admin = signedInAdmin(c);
        const input = c.req.valid('json');
        return c.json(await createPost(deps, admin.id, input), 201);
      })
      .patch('/:id', postId, jsonIn(PostUpdateSchema), async (c) => {
        const admin = signedInAdmin(c);
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        return c.json(await updatePost(deps, admin.id, id, input));
      })
      .delete('/:id', postId, async (c) => {
        const admin = signedInAdmin(c);
        await deletePost(deps, admin.id, c.req.valid('param').id);
        return c.json({ deleted: true });
      })
  );
}
