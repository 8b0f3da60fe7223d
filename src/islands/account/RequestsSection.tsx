/**
 * The customer's sent bag requests (GET /profile/bagRequests, newest first): date, number of
 * stones, total in the request's currency and status. When the call is not there (404) the
 * section is left out rather than shown empty.
 */
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { formatPrice } from '../../domain/money.ts';
import { statusLabel } from '../../domain/status-label.ts';
import { api, ApiError } from '../../lib/api.ts';
import { routes } from '../../domain/routes.ts';

type SentRequest = {
  _id: number | string;
  status: string;
  createdAt: string;
  ccy: string;
  totalPrice: number;
  items: unknown[];
};

export function RequestsSection() {
  const [docs, setDocs] = useState<SentRequest[] | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'absent' | 'error'>('loading');

  useEffect(() => {
    api
      .get<{ docs: SentRequest[] }>('/profile/bagRequests')
      .then((r) => {
        setDocs(r.docs);
        setState('ready');
      })
      .catch((err: unknown) => setState(err instanceof ApiError && err.status === 404 ? 'absent' : 'error'));
  }, []);

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
              </tr>
            </thead>
            <tbody>
              {docs.map((r) => (
                <tr key={r._id}>
                  <td data-label="Sent">{dayjs(r.createdAt).format('DD/MM/YYYY')}</td>
                  <td data-label="Reference">#{r._id}</td>
                  <td data-label="Stones" className="is-num">
                    {r.items.length}
                  </td>
                  <td data-label="Total" className="is-num">
                    {formatPrice(r.totalPrice, r.ccy)}
                  </td>
                  <td data-label="Status">
                    <span className="badge">{statusLabel(r.status)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
