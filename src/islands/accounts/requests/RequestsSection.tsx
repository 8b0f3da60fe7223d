/**
 * The customer's requests (GET /profile/bagRequests, newest first): date, number of stones,
 * total in the request's currency and state; each opens (RequestCard.tsx) to its answers,
 * timeline and message thread. When the call is not there (404) the
 * section is left out rather than shown empty.
 */
import dayjs from 'dayjs';
import { Fragment, useEffect, useState } from 'react';
import { RequestCard } from './RequestCard.tsx';
import { statusLabel } from '../../../domain/status-label.ts';
import { formatPriceOrNA } from '../../../domain/bag/pricing.ts';
import { ApiError, call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { useLiveMine } from '../../live/useLive.ts';
import { routes } from '../../../domain/routes.ts';

export function RequestsSection() {
  const [open, setOpen] = useState<number | null>(null);
  const { data, setData, error, loading, reload } = useApiQuery('requests', (signal) =>
    call(client.profile.bagRequests.$get({}, { init: { signal } })),
  );
  // read again when the live stream says one of the buyer's requests moved
  const moved = useLiveMine('request');
  useEffect(() => {
    if (moved) reload();
  }, [moved, reload]);
  const docs = data?.docs;
  const state = loading
    ? 'loading'
    : error != null
      ? error instanceof ApiError && error.status === 404
        ? 'absent'
        : 'error'
      : 'ready';

  const hash = typeof window === 'undefined' ? '' : window.location.hash;
  const linked = Number(/^#request-(\d+)$/.exec(hash)?.[1] ?? 0);
  // a link to one request (#request-N: the bag after sending, each step's e-mail) opens it once
  // the list is in; the opened card brings itself into view once its detail is drawn
  useEffect(() => {
    if (state === 'ready' && linked) setOpen(linked);
  }, [state, linked]);

  if (state === 'absent') return null;
  return (
    <section className="acc-card" aria-labelledby="acc-requests">
      <div className="acc-card__head">
        <h2 id="acc-requests">Your requests</h2>
        <a className="link" href={routes.bag}>
          Your bag <span className="arrow">→</span>
        </a>
      </div>
      {state === 'loading' && <p className="acc-muted">Loading your requests…</p>}
      {state === 'error' && <p className="acc-muted">Your requests could not be loaded just now.</p>}
      {state === 'ready' && docs?.length === 0 && (
        <p className="acc-muted">You have not sent a request yet. Add stones to your bag and send it to us.</p>
      )}
      {state === 'ready' && docs && docs.length > 0 && (
        <div className="acc-table-wrap">
          <table className="data-table acc-requests">
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">Reference</th>
                <th scope="col" className="is-num">
                  Stones
                </th>
                <th scope="col" className="is-num">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {docs.map((r) => (
                <Fragment key={r._id}>
                  <tr aria-current={hash === `#request-${r._id}` ? 'true' : undefined}>
                    <td data-label="Sent">{dayjs(r.createdAt).format('DD/MM/YYYY')}</td>
                    <td data-label="Reference">#{r._id}</td>
                    <td data-label="Stones" className="is-num">
                      {r.items.length}
                    </td>
                    <td data-label="Total" className="is-num">
                      {formatPriceOrNA(r.totalPrice, r.ccy)}
                    </td>
                    <td data-label="Status">
                      <span className="badge">{statusLabel(r.status)}</span>
                    </td>
                    <td data-label="Details">
                      <button
                        type="button"
                        className="btn btn--small btn--ghost"
                        aria-expanded={open === r._id}
                        onClick={() => setOpen(open === r._id ? null : r._id)}
                      >
                        {open === r._id ? 'Close' : 'Open'} request #{r._id}
                      </button>
                    </td>
                  </tr>
                  {open === r._id && (
                    <tr>
                      <td colSpan={6}>
                        <RequestCard
                          id={r._id}
                          intoView={r._id === linked}
                          onChanged={(status) =>
                            setData((d) =>
                              d
                                ? {
                                    ...d,
                                    docs: d.docs.map((x) =>
                                      x._id === r._id ? { ...x, status: status as typeof x.status } : x,
                                    ),
                                  }
                                : d,
                            )
                          }
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
