/** One customer of the approvals list, with the details staff vet (a toggled row) and the actions. */
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { ACTION_LABELS, actionName, actionsFor, type Action, type Customer } from './customers-api.ts';

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
                  {[c.addressLine1, c.addressLine2, c.city, c.county, c.postcode, c.country].filter(Boolean).join(', ')}
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
          </td>
        </tr>
      )}
    </Fragment>
  );
}
