/**
 * Messages inbox (/admin/messages): contact-form, API-access and "Message us" messages, marked
 * read or handled, and answered (the answer goes to the sender by e-mail and into a trader's
 * conversation).
 */
import { useState } from 'react';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { statusLabel } from '../../../domain/status-label.ts';
import {
  ListSelect,
  fmtDateTime,
  generalMessage,
  failedNotice,
  Notice,
  Pager,
  StatusBadge,
  type NoticeState,
} from '../dashboard/kit.tsx';
import { AdminTable } from '../AdminTable.tsx';
import { MessageReplies } from './MessageReplies.tsx';

const messages = client.admin.messages;
type Message = AnswerOf<typeof messages.$get>['docs'][number];
const STATUSES = ['all', 'new', 'read', 'handled'] as const;
const KINDS = {
  all: 'All kinds',
  contact: 'Contact form',
  api: 'API access',
  request: 'Trade requests',
  chat: 'Message us',
} as const;
const LIMIT = 25;

const source = (m: Message) =>
  m.kind === 'api'
    ? 'API access'
    : m.kind === 'chat'
      ? `Message us, conversation ${m.threadId ?? m._id}${m.pageTitle ? ` (${m.pageTitle})` : ''}`
      : m.pageTitle || 'Contact form';

export default function MessagesSection() {
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('new');
  const [kind, setKind] = useState<keyof typeof KINDS>('all');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<NoticeState>(null);
  const query = { status, kind, page, limit: LIMIT };
  const { data, setData, error, loading } = useApiQuery(JSON.stringify(query), (signal) =>
    call(messages.$get({ query }, { init: { signal } })),
  );
  const replied = (m: Message, reply: Message['replies'][number]) => {
    const after = { ...m, status: 'handled' as const, replies: [...m.replies, reply] };
    setData((d) => (d ? { ...d, docs: d.docs.map((x) => (x._id === m._id ? after : x)) } : d));
    setNotice({ kind: 'info', text: `Your reply to ${m.name} is sent.` });
  };
  const mark = async (m: Message, to: Message['status']) => {
    try {
      const after = await call(messages[':id'].$patch({ param: { id: String(m._id) }, json: { status: to } }));
      setData((d) => (d ? { ...d, docs: d.docs.map((x) => (x._id === after._id ? after : x)) } : d));
      setNotice({ kind: 'info', text: `The message from ${m.name} is marked ${to}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: generalMessage(err) });
    }
  };
  return (
    <section aria-labelledby="adm-messages">
      <header className="adm-head">
        <h1 id="adm-messages">Messages</h1>
        <p className="adm-muted">
          Questions from the contact form, the stone pages and the Message us widget, and requests for API access.
        </p>
      </header>
      <div className="adk-bar">
        <div className="adm-tabs" role="group" aria-label="Status">
          {STATUSES.map((s) => (
            <button key={s} type="button" aria-pressed={status === s} onClick={() => (setStatus(s), setPage(1))}>
              {statusLabel(s)}
            </button>
          ))}
        </div>
        <ListSelect label="Kind" value={kind} options={KINDS} onChange={(k) => (setKind(k), setPage(1))} />
      </div>
      <Notice notice={notice} />
      <Notice notice={failedNotice(error)} />
      <div className="adm-table-wrap" aria-busy={loading}>
        <AdminTable columns={['From', 'Message', 'Received', 'Status', '']}>
          {data?.docs.map((m) => (
            <tr key={m._id}>
              <td>
                <strong>{m.name}</strong>
                <br />
                <span className="adm-muted">{m.companyName}</span>
                <br />
                <a className="link" href={`mailto:${m.email}`}>
                  {m.email}
                </a>
                <br />
                <span className="adm-muted num">{m.phone}</span>
              </td>
              <td>
                <span className="adm-muted">{source(m)}</span>
                <p className="adk-pre">{m.message}</p>
                <MessageReplies message={m} onReplied={(r) => replied(m, r)} />
              </td>
              <td className="num">{fmtDateTime(m.createdAt)}</td>
              <td>
                <StatusBadge status={m.status} />
              </td>
              <td>
                <div className="adk-actions">
                  {m.status === 'new' && (
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => void mark(m, 'read')}>
                      Mark read
                    </button>
                  )}
                  {m.status !== 'handled' && (
                    <button type="button" className="btn btn--small" onClick={() => void mark(m, 'handled')}>
                      Handled
                    </button>
                  )}
                  {m.status === 'handled' && (
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => void mark(m, 'new')}>
                      Reopen
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
        {data && data.docs.length === 0 && <p className="adm-empty">No messages here.</p>}
      </div>
      {data && <Pager page={page} total={data.totalDocs} limit={LIMIT} onPage={setPage} />}
    </section>
  );
}
