/**
 * Holds (/admin/holds): running holds, soonest end first, or the recent ones (running and
 * ended in the last 30 days), of everyone or one customer. Staff release a hold or set a new
 * end (earlier or later); each change is audited by the API.
 */
import { useState } from 'react';
import { call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { failedNotice, ListSelect, Notice, type NoticeState } from '../dashboard/kit.tsx';
import { AdminTable } from '../AdminTable.tsx';
import { HoldRow } from './HoldRow.tsx';

const STATUS = { active: 'Active, ending soonest first', recent: 'Recent (last 30 days)' } as const;
type Status = keyof typeof STATUS;

export default function HoldsSection() {
  const [status, setStatus] = useState<Status>('active');
  const [customer, setCustomer] = useState('');
  const [notice, setNotice] = useState<NoticeState>(null);
  const all = useApiQuery(`all:${status}`, (signal) =>
    call(client.admin.holds.$get({ query: { status } }, { init: { signal } })),
  );
  const shown = useApiQuery(`${status}:${customer}`, (signal) =>
    call(client.admin.holds.$get({ query: customer ? { status, customer } : { status } }, { init: { signal } })),
  );
  const customers: Record<string, string> = { '': 'Every customer' };
  for (const h of all.data?.docs ?? []) customers[String(h.customer.id)] = h.customer.company || h.customer.email;
  const changed = (text: string, error = false) => {
    setNotice({ kind: error ? 'error' : 'info', text });
    all.reload();
    shown.reload();
  };
  const docs = shown.data?.docs ?? [];
  return (
    <section aria-labelledby="adm-holds">
      <header className="adm-head">
        <h1 id="adm-holds">Holds</h1>
        <p className="adm-muted">Stones traders are holding, with when each hold ends.</p>
      </header>
      <div className="adk-bar">
        <ListSelect label="Show" value={status} options={STATUS} onChange={(s) => (setStatus(s), setNotice(null))} />
        <ListSelect label="Customer" value={customer} options={customers} onChange={setCustomer} />
      </div>
      <Notice notice={notice ?? failedNotice(shown.error)} />
      <div className="adm-table-wrap" aria-busy={shown.loading}>
        {docs.length > 0 && (
          <AdminTable columns={['Stone', 'Customer', 'Placed', 'Ends', 'State', '']}>
            {docs.map((h) => (
              <HoldRow key={`${h.id}:${h.expiresAt}`} hold={h} onChanged={changed} />
            ))}
          </AdminTable>
        )}
        {shown.data && docs.length === 0 && <p className="adm-empty">No holds to show.</p>}
      </div>
    </section>
  );
}
