/** Types and calls of the posts screens (see api/routes/admin/posts.ts). */
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { routes } from '../../../domain/routes.ts';

/** The editor fills a new post's address from its title with the site's one slug rule. */
export { slugOf } from '../../../domain/slug.ts';

const posts = client.admin.posts;
const post = (id: number) => ({ param: { id: String(id) } });

export type Post = AnswerOf<(typeof posts)[':id']['$get']>;
export type PostStatus = Post['status'];
export type PostInput = Omit<Post, '_id' | 'createdAt' | 'updatedAt' | 'content'> & { content: string };

export const savePost = (id: number | null, input: PostInput) =>
  id == null ? call(posts.$post({ json: input })) : call(posts[':id'].$patch({ ...post(id), json: input }));
export const deletePost = (id: number) => call(posts[':id'].$delete(post(id)));

const form = (file: File) => {
  const data = new FormData();
  data.set('src', file);
  return data;
};

/** Uploads a png or jpeg cover (multipart); answers its address for the post's src. */
export function uploadCover(file: File) {
  return call(posts.cover.$post({}, { init: { body: form(file) } }));
}

/** '/admin/posts' -> list, '/admin/posts/new' -> new, '/admin/posts/12' -> 12 */
export function postRoute(path: string): 'list' | 'new' | number {
  const m = new RegExp(`^${routes.adminPosts}/([^/]+)/?$`).exec(path);
  if (!m) return 'list';
  if (m[1] === 'new') return 'new';
  return /^\d+$/.test(m[1] ?? '') ? Number(m[1]) : 'list';
}
