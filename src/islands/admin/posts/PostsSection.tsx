/**
 * News posts (/admin/posts, /admin/posts/new, /admin/posts/{postId}): the list with each
 * post's status, and the editor (the Manage News and Edit Post links of the site land here).
 */
import { useEffect, useState } from 'react';
import { call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { failedNotice, fmtDate, Notice, Pager, StatusBadge, type NoticeState } from '../dashboard/kit.tsx';
import { PostEditor } from './PostEditor.tsx';
import { postRoute } from './posts-api.ts';
import { AdminTable } from '../AdminTable.tsx';
import { routes } from '../../../domain/routes.ts';

const FILTERS = ['all', 'published', 'draft'] as const;
const LIMIT = 25;

function PostList() {
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('all');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<NoticeState>(null);
  const query = { status, page, limit: LIMIT };
  const { data, error, loading } = useApiQuery(JSON.stringify(query), (signal) =>
    call(client.admin.posts.$get({ query }, { init: { signal } })),
  );
  useEffect(() => {
    const done = new URLSearchParams(window.location.search).get('deleted');
    if (done) setNotice({ kind: 'info', text: `"${done}" was deleted.` });
  }, []);
  return (
    <section aria-labelledby="adm-posts">
      <header className="adm-head">
        <h1 id="adm-posts">News</h1>
        <p className="adm-muted">Published posts appear on the home page and under News; drafts stay here.</p>
      </header>
      <div className="adk-bar">
        <div className="adm-tabs" role="group" aria-label="Status">
          {FILTERS.map((f) => (
            <button key={f} type="button" aria-pressed={status === f} onClick={() => (setStatus(f), setPage(1))}>
              {f === 'all' ? 'All' : f === 'draft' ? 'Drafts' : 'Published'}
            </button>
          ))}
        </div>
        <a className="btn" href={routes.adminNewPost}>
          New post
        </a>
      </div>
      <Notice notice={notice} />
      <Notice notice={failedNotice(error)} />
      <div className="adm-table-wrap" aria-busy={loading}>
        <AdminTable columns={['Title', 'Address', 'Date', 'Tags', 'Status']}>
          {data?.docs.map((p) => (
            <tr key={p._id}>
              <td>
                <a className="adm-title-link" href={routes.adminPost(p._id)}>
                  {p.title}
                </a>
              </td>
              <td className="adm-muted adm-wrap">{p.url}</td>
              <td className="num">{fmtDate(p.date)}</td>
              <td className="adm-muted adm-wrap">{p.related.join(', ') || '—'}</td>
              <td>
                <StatusBadge status={p.status} />
              </td>
            </tr>
          ))}
        </AdminTable>
        {data && data.docs.length === 0 && <p className="adm-empty">No posts here yet.</p>}
      </div>
      {data && <Pager page={page} total={data.totalDocs} limit={LIMIT} onPage={setPage} />}
    </section>
  );
}

export default function PostsSection() {
  const [route, setRoute] = useState<ReturnType<typeof postRoute> | null>(null);
  useEffect(() => setRoute(postRoute(window.location.pathname)), []);
  if (route == null) return null;
  if (route === 'list') return <PostList />;
  return <PostEditor id={route === 'new' ? null : route} />;
}
