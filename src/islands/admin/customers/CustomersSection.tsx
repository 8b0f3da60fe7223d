/**
 * Customers (/admin/customers): the trade customers, searched by name, company or e-mail and
 * filtered by status (awaiting approval first) and API access, with approve, reject, grant or
 * revoke API access and disable; reject, disable and revoke ask for confirmation first. A
 * customer's name opens their details and their sent requests.
 */
import { useState } from 'react';
import { generalMessage } from '../../dialogs/use-form.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CustomerRow } from './CustomerRow.tsx';
import type { API_FILTERS } from './customers-api.ts';
import {
  ACTION_LABELS,
  CONFIRM,
  DONE,
  PAGE_SIZE,
  runAction,
  STATUSES,
  type Action,
  type Customer,
} from './customers-api.ts';
import { useCustomers } from './use-customers.ts';
import { AdminTable } from '../AdminTable.tsx';
import { ListSelect } from '../dashboard/kit.tsx';
import { statusLabel } from '../../../domain/status-label.ts';

/** A customer status in words as every status reads, except that 'pending' reads 'Awaiting approval'. */
const customerStatusLabel = (s: string) => (s === 'pending' ? 'Awaiting approval' : statusLabel(s));
const API_LABELS: Record<(typeof API_FILTERS)[number], string> = {
  any: 'Any',
  requested: 'Requested',
  allowed: 'Allowed',
};

const nameOf = (c: Customer) => `${c.firstName} ${c.lastName}`.trim() || c.email;

export default function CustomersSection() {
  const { filters, data, error, loading, change, replace } = useCustomers();
  const [asking, setAsking] = useState<{ customer: Customer; action: Action } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);

  const act = async (customer: Customer, action: Action) => {
    setAsking(null);
    try {
      const after = await runAction(customer._id, action);
      replace(after);
      setNotice({ kind: 'info', text: `${nameOf(after)} ${DONE[action]}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: generalMessage(err) });
    }
  };
  const request = (customer: Customer, action: Action) =>
    CONFIRM[action] ? setAsking({ customer, action }) : void act(customer, action);

  const pages = data ? Math.max(1, Math.ceil(data.totalDocs / PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="adm-customers">
      <header className="adm-head">
        <h1 id="adm-customers">Customers</h1>
        <p className="adm-muted">
          Verified registrations wait here for approval; approving e-mails the customer. Open a name for the details and
          requests.
        </p>
      </header>
      <div className="adm-filters">
        <div className="adm-tabs" role="group" aria-label="Status">
          {STATUSES.map((s) => (
            <button key={s} type="button" aria-pressed={filters.status === s} onClick={() => change({ status: s })}>
              {customerStatusLabel(s)}
            </button>
          ))}
        </div>
        <div className="adm-filters__fields">
          <label className="adm-search">
            <span className="field__label">Search</span>
            <input
              type="search"
              className="input"
              aria-label="Search customers"
              placeholder="Name, company or e-mail"
              value={filters.q}
              onChange={(e) => change({ q: e.target.value })}
            />
          </label>
          <ListSelect label="API access" value={filters.api} options={API_LABELS} onChange={(api) => change({ api })} />
        </div>
      </div>
      {notice && (
        <p
          className={`fx-notice${notice.kind === 'error' ? ' fx-notice--error' : ''}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      {error && (
        <p className="fx-notice fx-notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="adm-table-wrap" aria-busy={loading}>
        <AdminTable columns={['Customer', 'Country', 'Registered', 'Status', 'API', '']}>
          {data?.docs.map((c) => (
            <CustomerRow key={c._id} customer={c} onAction={(a) => request(c, a)} />
          ))}
        </AdminTable>
        {data && data.docs.length === 0 && (
          <p className="adm-empty">
            {filters.q.trim()
              ? `No ${filters.status === 'all' ? '' : `${customerStatusLabel(filters.status).toLowerCase()} `}customers match “${filters.q.trim()}”.`
              : 'No customers with this status.'}
          </p>
        )}
      </div>
      {data && pages > 1 && (
        <nav className="adm-pager" aria-label="Pages">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={filters.page <= 1}
            onClick={() => change({ page: filters.page - 1 })}
          >
            Previous
          </button>
          <span className="num">
            {filters.page} / {pages}
          </span>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={filters.page >= pages}
            onClick={() => change({ page: filters.page + 1 })}
          >
            Next
          </button>
        </nav>
      )}
      <ConfirmDialog
        open={asking != null}
        title={asking ? ACTION_LABELS[asking.action] : ''}
        text={asking ? (CONFIRM[asking.action]?.(nameOf(asking.customer)) ?? '') : ''}
        confirmLabel={asking ? ACTION_LABELS[asking.action] : ''}
        onConfirm={() => asking && void act(asking.customer, asking.action)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
