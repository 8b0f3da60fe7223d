/**
 * Requests inbox (/admin/requests): requests newest first, filtered by lifecycle state; the
 * selected one opens on the desk (RequestDesk.tsx) to be answered and moved along.
 */
import { useEffect, useState } from 'react';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { fmtDate, fmtMoney, failedNotice, Notice, Pager, StatusBadge } from '../dashboard/kit.tsx';
import { REQUEST_STATUSES, type RequestStatus } from '../../../domain/bag/request.ts';
import { RequestDesk } from './RequestDesk.tsx';
import { statusLabel } from '../../../domain/status-label.ts';

type Status = RequestStatus;
const requests = client.admin.requests;
export type BagRequest = AnswerOf<typeof requests.$get>['docs'][number];

const LIMIT = 25;

/** ?id= in the address opens that request (the customers list links here). */
const requestedId = () => {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

export default function RequestsSection() {
  const [status, setStatus] = useState<Status | 'all'>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const query = { status, page, limit: LIMIT };
  const { data, setData, error, loading } = useApiQuery(JSON.stringify(query), (signal) =>
    call(requests.$get({ query }, { init: { signal } })),
  );
  useEffect(() => {
    const id = requestedId();
    if (id != null) setSelected(id);
  }, []);
  useEffect(() => {
    if (selected == null && data?.docs[0]) setSelected(data.docs[0]._id);
  }, [data, selected]);
  const choose = (id: number) => {
    setSelected(id);
    const url = new URL(window.location.href);
    url.searchParams.set('id', String(id));
    window.history.replaceState(null, '', url);
  };
  const replace = (r: BagRequest) =>
    setData((d) => (d ? { ...d, docs: d.docs.map((x) => (x._id === r._id ? { ...x, status: r.status } : x)) } : d));
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
              onClick={() => (setStatus(s), setPage(1), setSelected(null))}
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
                        {/* the day only: the time is on the request itself, and the status keeps its room */}
                        <span className="adm-muted num">{fmtDate(r.createdAt)}</span>
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
          {selected != null ? (
            <RequestDesk id={selected} onChanged={replace} />
          ) : (
            <div className="adk-panel adm-muted">Choose a request.</div>
          )}
        </div>
      )}
    </section>
  );
}
