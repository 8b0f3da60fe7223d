/**
 * Create or edit a post: title, url (slug, suggested from the title), snippet, content
 * (HTML with a small toolbar; the server sanitises it), date, cover image (uploaded, or a
 * path), related tags, draft or published; delete after a confirmation.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { ConfirmDialog, generalMessage, Notice, StatusBadge, useApiGet, type NoticeState } from '../dashboard/kit.tsx';
import { deletePost, savePost, slugOf, uploadCover, type Post, type PostInput } from './posts-api.ts';

const today = () => new Date().toISOString().slice(0, 10);
const EMPTY: PostInput = {
  title: '',
  url: '',
  snippet: '',
  content: '',
  date: today(),
  src: '',
  related: [],
  status: 'draft',
};

type Tool = { label: string; title: string; before: string; after: string };
const TOOLS: Tool[] = [
  { label: 'B', title: 'Bold', before: '<strong>', after: '</strong>' },
  { label: 'I', title: 'Italic', before: '<em>', after: '</em>' },
  { label: 'H2', title: 'Heading', before: '<h2>', after: '</h2>' },
  { label: 'H3', title: 'Sub-heading', before: '<h3>', after: '</h3>' },
  { label: '¶', title: 'Paragraph', before: '<p>', after: '</p>' },
  { label: '• List', title: 'Bulleted list', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { label: '❝', title: 'Quote', before: '<blockquote>', after: '</blockquote>' },
  { label: 'Link', title: 'Link', before: '<a href="https://">', after: '</a>' },
  { label: 'Image', title: 'Image', before: '<img src="/media/" alt="', after: '">' },
];

function HtmlEditor({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const wrap = (t: Tool) => {
    const el = ref.current;
    if (!el) return;
    const { selectionStart: a, selectionEnd: b } = el;
    const next = value.slice(0, a) + t.before + value.slice(a, b) + t.after + value.slice(b);
    onChange(next);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(a + t.before.length, b + t.before.length);
    });
  };
  return (
    <div className="field">
      <span className="field__label" id="post-content-label">
        Content (HTML)
      </span>
      <div className="adk-toolbar" role="toolbar" aria-label="Formatting">
        {TOOLS.map((t) => (
          <button key={t.title} type="button" title={t.title} aria-label={t.title} onClick={() => wrap(t)}>
            {t.label}
          </button>
        ))}
      </div>
      <textarea
        ref={ref}
        className="adk-textarea adk-textarea--code"
        aria-labelledby="post-content-label"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="adm-muted">Scripts, styles and unknown tags are removed when the post is saved.</span>
    </div>
  );
}

/** The cover: a preview, an upload (png or jpeg, checked by the server) and the path it gives. */
function CoverField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem('');
    try {
      onChange((await uploadCover(file)).src);
    } catch (err) {
      setProblem(
        err instanceof ApiError && Array.isArray(err.msg)
          ? (err.msg[0]?.msg ?? generalMessage(err))
          : generalMessage(err),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field adk-cover">
      <span className="field__label" id="cover-label">
        Cover image
      </span>
      <div className="adk-cover__row">
        <div className="adk-cover__preview">{value ? <img src={value} alt="" /> : <span>No cover</span>}</div>
        <div className="adk-cover__controls">
          <label className="btn btn--ghost btn--small adk-cover__upload">
            {busy ? 'Uploading…' : 'Upload image'}
            <input
              type="file"
              accept="image/png,image/jpeg"
              aria-label="Upload a cover image"
              disabled={busy}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </label>
          <input
            className="input"
            aria-labelledby="cover-label"
            placeholder="/uploads/cover.jpg"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      </div>
      {(problem || error) && <span className="adk-field-error">{problem || error}</span>}
    </div>
  );
}

export function PostEditor({ id }: { id: number | null }) {
  const loaded = useApiGet<Post>(id == null ? null : `/admin/posts/${id}`);
  const [form, setForm] = useState<PostInput>(EMPTY);
  const [tags, setTags] = useState('');
  const [urlTouched, setUrlTouched] = useState(id != null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const p = loaded.data;
    if (!p) return;
    setForm({ ...p, content: p.content ?? '', url: p.url.replace(/^\/news\//, ''), date: p.date.slice(0, 10) });
    setTags(p.related.join(', '));
  }, [loaded.data]);

  const set = <K extends keyof PostInput>(k: K, v: PostInput[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent, status?: PostInput['status']) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    setFieldErrors({});
    const input: PostInput = {
      ...form,
      status: status ?? form.status,
      url: form.url || slugOf(form.title),
      related: tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    };
    try {
      const saved = await savePost(id, input);
      if (id == null) {
        window.location.assign(`/admin/posts/${saved._id}?saved=1`);
        return;
      }
      setForm({ ...input, url: saved.url.replace(/^\/news\//, ''), content: saved.content ?? '' });
      setNotice({ kind: 'info', text: saved.status === 'published' ? 'Saved and published.' : 'Saved as a draft.' });
    } catch (err) {
      if (err instanceof ApiError && Array.isArray(err.msg)) {
        setFieldErrors(Object.fromEntries(err.msg.map((m) => [m.param, m.msg])));
      }
      setNotice({ kind: 'error', text: generalMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('saved'))
      setNotice({ kind: 'info', text: 'The post was created.' });
  }, []);

  const remove = async () => {
    setConfirming(false);
    if (id == null) return;
    try {
      await deletePost(id);
      window.location.assign(`/admin/posts?deleted=${encodeURIComponent(form.title)}`);
    } catch (err) {
      setNotice({ kind: 'error', text: generalMessage(err) });
    }
  };

  if (id != null && loaded.error) return <Notice notice={{ kind: 'error', text: loaded.error }} />;
  const err = (k: string) => fieldErrors[k] && <span className="adk-field-error">{fieldErrors[k]}</span>;
  return (
    <section aria-labelledby="adm-post-edit">
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
      <form className="adk-form" onSubmit={(e) => void submit(e)} aria-busy={busy || loaded.loading}>
        <Notice notice={notice} />
        <label className="field">
          <span className="field__label">Title</span>
          <input
            className="input"
            required
            maxLength={200}
            value={form.title}
            onChange={(e) => {
              set('title', e.target.value);
              if (!urlTouched) set('url', slugOf(e.target.value));
            }}
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
              onChange={(e) => {
                setUrlTouched(true);
                set('url', e.target.value);
              }}
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
        <HtmlEditor value={form.content} onChange={(v) => set('content', v)} />
        {err('content')}
        <div className="adk-grid2">
          <CoverField value={form.src} onChange={(v) => set('src', v)} error={fieldErrors.src} />
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
        <div className="adk-actions">
          <button type="submit" className="btn btn--ghost" disabled={busy}>
            {form.status === 'published' ? 'Save' : 'Save draft'}
          </button>
          {form.status === 'draft' ? (
            <button type="button" className="btn" disabled={busy} onClick={(e) => void submit(e, 'published')}>
              Publish
            </button>
          ) : (
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={(e) => void submit(e, 'draft')}>
              Unpublish
            </button>
          )}
          <span className="adk-spacer" />
          {id != null && (
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete this post?"
        text={`"${form.title}" will be removed from the site. This cannot be undone.`}
        confirmLabel="Delete post"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
