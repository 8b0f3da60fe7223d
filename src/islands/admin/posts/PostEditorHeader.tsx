/** The editor's heading: back to News, new or edit, and for a saved post its status and link. */
import { StatusBadge } from '../dashboard/kit.tsx';
import type { PostInput } from './posts-api.ts';

export function PostEditorHeader({ id, form }: { id: number | null; form: PostInput }) {
  return (
    <header className="adm-head">
      <p className="eyebrow">
        <a href="/admin/posts" className="link">
          News
        </a>
      </p>
      <h1 id="adm-post-edit">{id == null ? 'New post' : 'Edit post'}</h1>
      {id != null && (
        <p className="adm-muted">
          <StatusBadge status={form.status} />{' '}
          {form.status === 'published' && (
            <a className="link" href={`/news/${form.url}`}>
              View on the site
            </a>
          )}
        </p>
      )}
    </header>
  );
}
