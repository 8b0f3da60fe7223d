/**
 * One request on the staff desk (GET /admin/requests/:id): the customer, terms and state,
 * the lines with their answers, the lifecycle buttons, staff notes, the timeline and the
 * message thread with the buyer. Every change answers with the whole request again.
 */
import { useEffect, useState } from 'react';
import { statusLabel } from '../../../domain/status-label.ts';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { RequestThread } from '../../ui/requests/RequestThread.tsx';
import { RequestTimeline } from '../../ui/requests/RequestTimeline.tsx';
import '../../ui/requests/requests.css';
import { fmtDateTime, generalMessage, Notice, StatusBadge, type NoticeState } from '../dashboard/kit.tsx';
import { DeskLines, type Answer } from './DeskLines.tsx';
import { DeskMoves, type Move } from './DeskMoves.tsx';

const requests = client.admin.requests;
export type FullRequest = AnswerOf<(typeof requests)[':id']['$get']>;

export function RequestDesk({ id, onChanged }: { id: number; onChanged: (r: FullRequest) => void }) {
  const [request, setRequest] = useState<FullRequest | null>(null);
  const [notes, setNotes] = useState('');
  const [notice, setNotice] = useState<NoticeState>(null);
  useEffect(() => {
    setNotice(null);
    call(requests[':id'].$get({ param: { id: String(id) } }))
      .then((r) => (setRequest(r), setNotes(r.staffNotes)))
      .catch((err: unknown) => setNotice({ kind: 'error', text: generalMessage(err) }));
  }, [id]);
  const run = async (what: string, p: Promise<FullRequest>) => {
    try {
      const after = await p;
      setRequest(after);
      onChanged(after);
      setNotice({ kind: 'info', text: what });
    } catch (err) {
      setNotice({ kind: 'error', text: generalMessage(err) });
      throw err;
    }
  };
  const param = { id: String(id) };
  if (!request) return <div className="adk-panel adm-muted">{notice ? <Notice notice={notice} /> : 'Loading…'}</div>;
  const move = (m: Move) =>
    run(
      `The request is now ${statusLabel(m.status).toLowerCase()}.`,
      call(requests[':id'].$patch({ param, json: m })),
    ).catch(() => undefined);
  const answer = (lineId: number, a: Answer) =>
    run(
      'The line was answered.',
      call(requests[':id'].lines[':lineId'].$post({ param: { ...param, lineId: String(lineId) }, json: a })),
    ).catch(() => undefined);
  const c = request.customer;
  return (
    <article className="adk-panel" aria-labelledby="req-title" id={`request-${request._id}`}>
      <h2 id="req-title">Request #{request._id}</h2>
      <dl className="adm-dl">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={request.status} />
        </dd>
        <dt>Terms</dt>
        <dd>{request.terms === 'memo' ? 'Memo (on approval)' : 'Invoice'}</dd>
        {request.carrierRef && (
          <>
            <dt>Carrier reference</dt>
            <dd>{request.carrierRef}</dd>
          </>
        )}
        <dt>Customer</dt>
        <dd>
          {c ? (
            <>
              {c.name}, {c.companyName} ·{' '}
              <a className="link" href={`mailto:${c.email}`}>
                {c.email}
              </a>
            </>
          ) : (
            'Deleted account'
          )}
        </dd>
        <dt>Sent</dt>
        <dd className="num">{fmtDateTime(request.createdAt)}</dd>
        <dt>Customer notes</dt>
        <dd className="adk-pre">{request.orderNotes || '—'}</dd>
      </dl>
      <DeskLines request={request} onAnswer={answer} />
      <DeskMoves key={`${request._id}-${request.status}`} request={request} onMove={move} />
      <Notice notice={notice} />
      <label className="field">
        <span className="field__label">Staff notes</span>
        <textarea className="adk-textarea" maxLength={5000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <div className="adk-actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() =>
            void run(
              'The notes were saved.',
              call(requests[':id'].$patch({ param, json: { staffNotes: notes } })),
            ).catch(() => undefined)
          }
        >
          Save notes
        </button>
      </div>
      <RequestTimeline entries={request.timeline} headingId={`req-tl-${request._id}`} />
      <RequestThread
        messages={request.messages}
        open={request.canMessage}
        onSend={(body) => run('The message was sent.', call(requests[':id'].messages.$post({ param, json: { body } })))}
      />
    </article>
  );
}
