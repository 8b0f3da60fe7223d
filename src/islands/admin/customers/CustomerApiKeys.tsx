/** A customer's API Link keys in the customer's detail row: list, 30-day calls, and revoke (confirmed). */
import dayjs from 'dayjs';
import { useState } from 'react';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { customerKeys, revokeCustomerKey, type CustomerKey } from './customers-api.ts';

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '—');

export function CustomerApiKeys({ customerId, name }: { customerId: string; name: string }) {
  const { data, error, reload: load } = useApiQuery(`keys:${customerId}`, (signal) => customerKeys(customerId, signal));
  const [revokeFailed, setFailed] = useState(false);
  const failed = revokeFailed || error != null;
  const [revoking, setRevoking] = useState<CustomerKey | null>(null);
  const calls = data?.usage.reduce((s, d) => s + d.calls, 0) ?? 0;
  return (
    <div className="adm-detail__requests">
      <h3 className="adm-detail__title">
        API keys{data && data.docs.length > 0 ? <span className="num"> ({data.docs.length})</span> : null}
      </h3>
      {failed && <p className="adm-muted">The keys could not be loaded.</p>}
      {data && data.docs.length === 0 && <p className="adm-muted">No active keys.</p>}
      {data && data.docs.length > 0 && (
        <ul className="adm-detail__list" aria-label={`API keys of ${name}`}>
          {data.docs.map((k) => (
            <li key={k.id}>
              <span>
                {k.name} <span className="num adm-muted">…{k.last4}</span>
              </span>
              <span className="badge">{k.scope}</span>
              <span className="num adm-muted">
                {k.lastUsedAt ? `used ${when(k.lastUsedAt)} · ${k.lastUsedIp ?? ''}` : 'never used'}
              </span>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                aria-label={`Revoke key ${k.name} of ${name}`}
                onClick={() => setRevoking(k)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <p className="adm-muted num">
          {calls} {calls === 1 ? 'call' : 'calls'} in the last 30 days
        </p>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke key "${revoking?.name ?? ''}"?`}
        text={`The key stops working at once; ${name} is told by e-mail.`}
        confirmLabel="Revoke key"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const k = revoking!;
          setRevoking(null);
          void revokeCustomerKey(customerId, k.id).then(load, () => setFailed(true));
        }}
      />
    </div>
  );
}
