/**
 * The post editor's state: the post loaded for editing (or an empty draft), the tags as
 * typed, whether the address was edited by hand, field errors and the notice; `submit`
 * saves (a new post then opens at its own address), `remove` deletes and returns to the list.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { generalMessage, type NoticeState } from '../dashboard/kit.tsx';
import { deletePost, savePost, slugOf, type PostInput } from './posts-api.ts';

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

/** the address field shows the slug without its /news/ prefix */
const slugPart = (url: string) => url.replace(/^\/news\//, '');
/** 'a, b,,c ' -> ['a', 'b', 'c'] */
const tagList = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export function usePostEditor(id: number | null) {
  const loaded = useApiQuery(id == null ? null : `post:${id}`, (signal) =>
    call(client.admin.posts[':id'].$get({ param: { id: String(id) } }, { init: { signal } })),
  );
  const [form, setForm] = useState<PostInput>(EMPTY);
  const [tags, setTags] = useState('');
  const [urlTouched, setUrlTouched] = useState(id != null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const p = loaded.data;
    if (!p) return;
    setForm({ ...p, content: p.content ?? '', url: slugPart(p.url), date: p.date.slice(0, 10) });
    setTags(p.related.join(', '));
  }, [loaded.data]);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('saved'))
      setNotice({ kind: 'info', text: 'The post was created.' });
  }, []);

  const set = <K extends keyof PostInput>(k: K, v: PostInput[K]) => setForm((f) => ({ ...f, [k]: v }));
  /** the address follows the title until it is edited by hand */
  const setTitle = (title: string) => {
    set('title', title);
    if (!urlTouched) set('url', slugOf(title));
  };
  const setUrl = (url: string) => {
    setUrlTouched(true);
    set('url', url);
  };

  const submit = async (e: FormEvent, status?: PostInput['status']) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    setFieldErrors({});
    const input: PostInput = {
      ...form,
      status: status ?? form.status,
      url: form.url || slugOf(form.title),
      related: tagList(tags),
    };
    try {
      const saved = await savePost(id, input);
      if (id == null) {
        window.location.assign(`/admin/posts/${saved._id}?saved=1`);
        return;
      }
      setForm({ ...input, url: slugPart(saved.url), content: saved.content ?? '' });
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

  const remove = async () => {
    if (id == null) return;
    try {
      await deletePost(id);
      window.location.assign(`/admin/posts?deleted=${encodeURIComponent(form.title)}`);
    } catch (err) {
      setNotice({ kind: 'error', text: generalMessage(err) });
    }
  };

  return { loaded, form, set, setTitle, setUrl, tags, setTags, busy, notice, fieldErrors, submit, remove };
}
