/** Types and calls of the posts screens (see api/routes/admin/posts.ts). */
import { api } from '../../../lib/api.ts';
import { routes } from '../../../domain/routes.ts';

/** The editor fills a new post's address from its title with the site's one slug rule. */
export { slugOf } from '../../../domain/slug.ts';

export type PostStatus = 'draft' | 'published';
export type Post = {
  _id: number;
  title: string;
  url: string;
  snippet: string;
  content?: string;
  date: string;
  src: string;
  related: string[];
  status: PostStatus;
  updatedAt: string;
};
export type PostInput = Omit<Post, '_id' | 'updatedAt' | 'content'> & { content: string };

export const savePost = (id: number | null, input: PostInput) =>
  id == null ? api.post<Post>('/admin/posts', input) : api.patch<Post>(`/admin/posts/${id}`, input);
export const deletePost = (id: number) => api.delete<{ deleted: true }>(`/admin/posts/${id}`);

/** Uploads a png or jpeg cover; answers its address for the post's src. */
export function uploadCover(file: File) {
  const form = new FormData();
  form.set('src', file);
  return api.post<{ src: string }>('/admin/posts/cover', form);
}

/** '/admin/posts' -> list, '/admin/posts/new' -> new, '/admin/posts/12' -> 12 */
export function postRoute(path: string): 'list' | 'new' | number {
  const m = new RegExp(`^${routes.adminPosts}/([^/]+)/?$`).exec(path);
  if (!m) return 'list';
  if (m[1] === 'new') return 'new';
  return /^\d+$/.test(m[1] ?? '') ? Number(m[1]) : 'list';
}
