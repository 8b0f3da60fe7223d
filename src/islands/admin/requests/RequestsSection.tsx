/**
 * Requests inbox (/admin/requests): bag requests newest first, filtered by status; the
 * selected request shows its customer, the priced snapshot sent with it, the customer's
 * notes and alternatives, a status select and staff notes.
 */
import { useEffect, useState } from 'react';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import {
  fmtDateTime,
  fmtMoney,
  generalMessage,
  failedNotice,
  Notice,
  Pager,
  StatusBadge,
  type NoticeState,
} from '../dashboard/kit.tsx';
import { REQUEST_STATUSES, type RequestStatus } from '../../../domain/bag/request.ts';
import { statusLabel } from '../../../domain/status-label.ts';

type Status = RequestStatus;
const requests = client.admin.requests;
export type BagRequest = AnswerOf<typeof requests.$get>['docs'][number];

const LIMIT = 25;

function Detail({ request, onSaved }: { request: BagRequest; onSaved: (r: BagRequest) => void }) {
  const [status, setStatus] = useState<Status>(request.status);
  const [notes, setNotes] = useState(request.staffNotes);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  // a different request resets the form; a saved one keeps its notice
  useEffect(() => {
    setStatus(request.status);
    setNotes(request.staffNotes);
  }, [request._id, request.status, request.staffNotes]);
  useEffect(() => setNotice(null), [request._id]);
  const save = async () => {
    setBusy(true);
    try {
      const after = await call(
        requests[':id'].$patch({ param: { id: String(request._id) }, json: { status, staffNotes: notes } }),
      );
      onSaved(after);
      setNotice({ kind: 'info', text: 'The request was saved.' });
    } catch (err) {
      setNotice({ kind: 'error', text: generalMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const c = request.customer;
  return (
    <article className="adk-panel" aria-labelledby="req-title">
      <h2 id="req-title">Request #{request._id}</h2>
      <dl className="adm-dl">
        <dt>Customer</dt>
        <dd>{c ? `${c.name}, ${c.companyName}` : 'Deleted account'}</dd>
        <dt>Contact</dt>
        <dd>
          {c && (
            <>
              <a className="link" href={`mailto:${c.email}`}>
                {c.email}
              </a>{' '}
              · {c.phone}
            </>
          )}
        </dd>
        <dt>Sent</dt>
        <dd className="num">{fmtDateTime(request.createdAt)}</dd>
        <dt>Alternatives</dt>
        <dd>{request.acceptsAnyAlternatives ? 'Accepts any alternatives' : 'Per line (see below)'}</dd>
        <dt>Customer notes</dt>
        <dd className="adk-pre">{request.orderNotes || '—'}</dd>
      </dl>
      <table className="data-table adm-table">
        <caption className="sr-only">Priced snapshot</caption>
        <thead>
          <tr>
            <th scope="col">Stone</th>
            <th scope="col" className="is-num">
              Quantity
            </th>
            <th scope="col" className="is-num">
              Price/ct
            </th>
            <th scope="col" className="is-num">
              Price
            </th>
            <th scope="col">Alt.</th>
          </tr>
        </thead>
        <tbody>
          {request.items.map((l) => (
            <tr key={`${l.diamondId}-${l.stockCode}`}>
              <td>
                <strong>{l.stockCode}</strong>
                <br />
                <span className="adm-muted">{l.description}</span>
              </td>
              <td className="is-num num">
                {l.selectedUnit === 'weight' ? `${l.quantity.toFixed(2)} ct` : `${l.quantity} items`}
              </td>
              <td className="is-num num">{l.ppcCents == null ? '—' : fmtMoney(l.ppcCents, request.ccy)}</td>
              <td className="is-num num">{fmtMoney(l.itemPriceCents, request.ccy)}</td>
              <td>{l.acceptsAlternatives ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total ({request.ccy}, rate {request.exRate})
            </th>
            <td className="is-num num">
              <strong>{fmtMoney(request.totalCents, request.ccy)}</strong>
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      <label className="field">
        <span className="field__label">Status</span>
        <select className="select" value={status} onChange={(e) => setStatus(e.target.value as Status)}>
          {REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Staff notes</span>
        <textarea className="adk-textarea" maxLength={5000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <div className="adk-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void save()}>
          Save request
        </button>
      </div>
      <Notice notice={notice} />
    </article>
  );
}

/** ?id= in the address opens that request (the customers list links here). */
const requestedId = () => {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

export default function RequestsSection() {
  const [status, setStatus] = useState<Status | 'all'>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const [linked, setLinked] = useState<BagRequest | null>(null);
  const query = { status, page, limit: LIMIT };
  const { data, setData, error, loading } = useApiQuery(JSON.stringify(query), (signal) =>
    call(requests.$get({ query }, { init: { signal } })),
  );
  useEffect(() => {
    const id = requestedId();
    if (id == null) return;
    setSelected(id);
    call(requests[':id'].$get({ param: { id: String(id) } }))
      .then(setLinked)
      .catch(() => setLinked(null));
  }, []);
  useEffect(() => {
    if (selected == null && data?.docs[0]) setSelected(data.docs[0]._id);
  }, [data, selected]);
  const current = data?.docs.find((r) => r._id === selected) ?? (linked?._id === selected ? linked : null);
  const choose = (id: number) => {
    setSelected(id);
    const url = new URL(window.location.href);
    url.searchParams.set('id', String(id));
    window.history.replaceState(null, '', url);
  };
  const replace = (r: BagRequest) => {
    setData((d) => (d ? { ...d, docs: d.docs.map((x) => (x._id === r._id ? r : x)) } : d));
    setLinked((l) => (l?._id === r._id ? r : l));
  };
  const empty = data != null && data.docs.length === 0;
  return (
    <section aria-labelledby="adm-requests">
      <header className="adm-head">
        <h1 id="adm-requests">Requests</h1>
        <p className="adm-muted">Bag requests sent by customers, with the prices they saw when they sent them.</p>
      </header>
      <div className="adk-bar">
        <div className="adm-tabs" role="group" aria-label="Status">
          {(['all', ...REQUEST_STATUSES] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status === s}
              onClick={() => (setStatus(s), setPage(1), setSelected(null), setLinked(null))}
            >
              {statusLabel(s)}
            </button>
          ))}
        </div>
      </div>
      <Notice notice={failedNotice(error)} />
      {empty ? (
        <p className="adm-empty">
          {status === 'all' ? 'No requests yet.' : `No ${statusLabel(status).toLowerCase()} requests.`}
        </p>
      ) : (
        <div className="adk-split adk-split--inbox">
          <div className="adk-inbox-list">
            <div className="adm-table-wrap" aria-busy={loading}>
              <table className="data-table adm-table">
                <thead>
                  <tr>
                    <th scope="col">Request</th>
                    <th scope="col">Customer</th>
                    <th scope="col" className="is-num">
                      Total
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data?.docs.map((r) => (
                    <tr key={r._id} className={r._id === selected ? 'adk-selected' : undefined}>
                      <td>
                        <button type="button" className="adk-row-button" onClick={() => choose(r._id)}>
                          #{r._id}
                        </button>
                        <br />
                        <span className="adm-muted num">{fmtDateTime(r.createdAt)}</span>
                      </td>
                      <td className="adm-wrap">
                        {r.customer?.companyName ?? '—'}
                        <br />
                        <span className="adm-muted">{r.customer?.name}</span>
                      </td>
                      <td className="is-num num">{fmtMoney(r.totalCents, r.ccy)}</td>
                      <td>
                        <StatusBadge status={r.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data && <Pager page={page} total={data.totalDocs} limit={LIMIT} onPage={setPage} />}
          </div>
          {current ? (
            <Detail request={current} onSaved={replace} />
          ) : (
            <div className="adk-panel adm-muted">Choose a request.</div>
          )}
        </div>
      )}
    </section>
  );
}
