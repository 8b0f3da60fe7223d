/**
 * One customer of the list, with the actions; the name toggles a row with the details staff
 * vet and the customer's latest requests (each a link into the requests inbox).
 */
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { fmtMoney, StatusBadge } from '../dashboard/kit.tsx';
import { CustomerApiKeys } from './CustomerApiKeys.tsx';
import { CustomerHoldLimits } from './CustomerHoldLimits.tsx';
import {
  ACTION_LABELS,
  actionName,
  actionsFor,
  customerRequests,
  type Action,
  type Customer,
} from './customers-api.ts';
import { routes } from '../../../domain/routes.ts';

const date = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY') : '—');

export function CustomerRow({ customer: c, onAction }: { customer: Customer; onAction: (a: Action) => void }) {
  const [open, setOpen] = useState(false);
  const name = `${c.title ? `${c.title} ` : ''}${c.firstName} ${c.lastName}`;
  return (
    <Fragment>
      <tr>
        <td>
          <button type="button" className="adm-name" aria-expanded={open} onClick={() => setOpen(!open)}>
            <strong>{name}</strong>
            <span>{c.companyName}</span>
          </button>
          <span className="adm-email">{c.email}</span>
        </td>
        <td data-label="Country">{c.country || '—'}</td>
        <td data-label="Registered" className="num">
          {date(c.createdAt)}
        </td>
        <td data-label="Status">
          <span className={`badge adm-status adm-status--${c.status}`}>{c.status}</span>
        </td>
        <td data-label="API">{c.api_allow ? 'Allowed' : c.requestApiAccess ? 'Requested' : '—'}</td>
        <td>
          <div className="adm-actions">
            {actionsFor(c).map((a) => (
              <button
                key={a}
                type="button"
                className={`btn btn--small${a === 'approve' || a === 'grant' ? '' : ' btn--ghost'}`}
                aria-label={actionName(a, `${c.firstName} ${c.lastName}`)}
                onClick={() => onAction(a)}
              >
                {ACTION_LABELS[a]}
              </button>
            ))}
          </div>
        </td>
      </tr>
      {open && (
        <tr className="adm-detail">
          <td colSpan={6}>
            <section className="adm-detail__body" aria-label={`Details of ${name}`}>
              <dl className="adm-dl">
                <div>
                  <dt>Phone</dt>
                  <dd>
                    {c.phone || '—'}
                    {c.mobileTelephone ? ` · ${c.mobileTelephone}` : ''}
                  </dd>
                </div>
                <div>
                  <dt>Website</dt>
                  <dd>{c.companyWebsite || '—'}</dd>
                </div>
                <div>
                  <dt>Address</dt>
                  <dd>
                    {[c.addressLine1, c.addressLine2, c.city, c.county, c.postcode, c.country]
                      .filter(Boolean)
                      .join(', ')}
                  </dd>
                </div>
                <div>
                  <dt>E-mail verified</dt>
                  <dd>{date(c.emailVerifiedAt)}</dd>
                </div>
                <div className="adm-dl__wide">
                  <dt>Trade references</dt>
                  <dd>
                    <ul>
                      {c.tradeReferences.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  </dd>
                </div>
                {c.requestApiAccess && (
                  <div className="adm-dl__wide">
                    <dt>API request ({date(c.requestApiAccessDate)})</dt>
                    <dd>{c.requestApiAccessMessage || '—'}</dd>
                  </div>
                )}
              </dl>
              <CustomerRequests customerId={c._id} />
              <CustomerHoldLimits customerId={c._id} name={name} />
              <CustomerApiKeys customerId={c._id} name={name} />
            </section>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function CustomerRequests({ customerId }: { customerId: string }) {
  const { data, error } = useApiQuery(`requests:${customerId}`, (signal) => customerRequests(customerId, signal));
  const failed = error != null;
  return (
    <div className="adm-detail__requests">
      <h3 className="adm-detail__title">
        Requests{data && data.totalDocs > 0 ? <span className="num"> ({data.totalDocs})</span> : null}
      </h3>
      {failed && <p className="adm-muted">The requests could not be loaded.</p>}
      {!failed && !data && <p className="adm-muted">Loading…</p>}
      {data && data.docs.length === 0 && <p className="adm-muted">No requests sent yet.</p>}
      {data && data.docs.length > 0 && (
        <ul className="adm-detail__list">
          {data.docs.map((r) => (
            <li key={r._id}>
              <a className="link" href={routes.adminRequest(r._id)}>
                Request #{r._id}
              </a>
              <span className="num adm-muted">{date(r.createdAt)}</span>
              <span className="num">{fmtMoney(r.totalCents, r.ccy)}</span>
              <StatusBadge status={r.status} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
