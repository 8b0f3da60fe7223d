/**
 * Save (keeps the status), Publish for a draft or Unpublish for a published post, and
 * Delete for a saved post.
 */
import type { MouseEvent } from 'react';
import type { PostStatus } from './posts-api.ts';

type Props = {
  status: PostStatus;
  busy: boolean;
  canDelete: boolean;
  onStatus: (e: MouseEvent, status: PostStatus) => void;
  onDelete: () => void;
};

export function PostEditorActions({ status, busy, canDelete, onStatus, onDelete }: Props) {
  return (
    <div className="adk-actions">
      <button type="submit" className="btn btn--ghost" disabled={busy}>
        {status === 'published' ? 'Save' : 'Save draft'}
      </button>
      {status === 'draft' ? (
        <button type="button" className="btn" disabled={busy} onClick={(e) => onStatus(e, 'published')}>
          Publish
        </button>
      ) : (
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={(e) => onStatus(e, 'draft')}>
          Unpublish
        </button>
      )}
      <span className="adk-spacer" />
      {canDelete && (
        <button type="button" className="btn btn--ghost" onClick={onDelete}>
          Delete
        </button>
      )}
    </div>
  );
}
