/**
 * Create or edit a post: title, url (slug, suggested from the title), snippet, content
 * (HTML with a small toolbar; the server sanitises it), date, cover image (uploaded, or a
 * path), related tags, draft or published; delete after a confirmation.
 */
import { useState } from 'react';
import { ConfirmDialog, failedNotice, Notice } from '../dashboard/kit.tsx';
import { CoverPicker } from './CoverPicker.tsx';
import { PostBodyEditor } from './PostBodyEditor.tsx';
import { PostEditorActions } from './PostEditorActions.tsx';
import { PostEditorHeader } from './PostEditorHeader.tsx';
import { usePostEditor } from './use-post-editor.ts';

export function PostEditor({ id }: { id: number | null }) {
  const { loaded, form, set, setTitle, setUrl, tags, setTags, busy, notice, fieldErrors, submit, remove } =
    usePostEditor(id);
  const [confirming, setConfirming] = useState(false);

  if (id != null && loaded.error) return <Notice notice={failedNotice(loaded.error)} />;
  const err = (k: string) => fieldErrors[k] && <span className="adk-field-error">{fieldErrors[k]}</span>;
  return (
    <section aria-labelledby="adm-post-edit">
      <PostEditorHeader id={id} form={form} />
      <form className="adk-form" onSubmit={(e) => void submit(e)} aria-busy={busy || loaded.loading}>
        <Notice notice={notice} />
        <label className="field">
          <span className="field__label">Title</span>
          <input
            className="input"
            required
            maxLength={200}
            value={form.title}
            onChange={(e) => setTitle(e.target.value)}
          />
          {err('title')}
        </label>
        <div className="adk-grid2">
          <label className="field">
            <span className="field__label">Address (/news/…)</span>
            <input
              className="input"
              value={form.url}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              onChange={(e) => setUrl(e.target.value)}
            />
            {err('url')}
          </label>
          <label className="field">
            <span className="field__label">Date</span>
            <input
              className="input"
              type="date"
              required
              value={form.date}
              onChange={(e) => set('date', e.target.value)}
            />
            {err('date')}
          </label>
        </div>
        <label className="field">
          <span className="field__label">Snippet</span>
          <textarea
            className="adk-textarea"
            maxLength={1000}
            value={form.snippet}
            onChange={(e) => set('snippet', e.target.value)}
          />
          {err('snippet')}
        </label>
        <PostBodyEditor value={form.content} onChange={(v) => set('content', v)} />
        {err('content')}
        <div className="adk-grid2">
          <CoverPicker value={form.src} onChange={(v) => set('src', v)} error={fieldErrors.src} />
          <label className="field">
            <span className="field__label">Related tags (comma separated)</span>
            <input
              className="input"
              placeholder="parcels, lab grown"
              value={tags}
              onChange={(e) => setTags(e.target.value)}
            />
            {err('related')}
          </label>
        </div>
        <PostEditorActions
          status={form.status}
          busy={busy}
          canDelete={id != null}
          onStatus={(e, status) => void submit(e, status)}
          onDelete={() => setConfirming(true)}
        />
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete this post?"
        text={`"${form.title}" will be removed from the site. This cannot be undone.`}
        confirmLabel="Delete post"
        onConfirm={() => {
          setConfirming(false);
          void remove();
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
