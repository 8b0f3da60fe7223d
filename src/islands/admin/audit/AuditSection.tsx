/** Audit log (/admin/audit): every staff change, newest first: who, what, when. */
import { useState } from 'react';
import { fmtDateTime, Notice, Pager, useApiGet, type Paged } from '../dashboard/kit.tsx';

export type AuditEntry = {
  _id: number;
  action: string;
  entity: string;
  entityId: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
  user: { _id: number; email: string; name: string } | null;
};

const ENTITIES: Record<string, string> = {
  '': 'Everything',
  user: 'Customers',
  post: 'News posts',
  bag_request: 'Requests',
  contact_message: 'Messages',
  exchange_rate: 'Exchange rates',
  config: 'Settings',
  diamond: 'Stock',
};
const LIMIT = 50;

/** A short readable line for an entry's detail. */
export function describe(a: AuditEntry): string {
  const d = a.detail ?? {};
  if ('from' in d && 'to' in d) return `${String(d.from)} → ${String(d.to)}`;
  if (a.action === 'stock.import')
    return `${String(d.file)}: ${String(d.rows)} rows, ${String(d.created)} new, ${String(d.updated)} updated, ${String(d.markedOut)} out`;
  if ('changes' in d) return Object.entries(d.changes as Record<string, { from: unknown; to: unknown }>).map(([k, v]) => `${k} ${String(v.from)} → ${String(v.to)}`).join(', ');
  if ('title' in d) return String(d.title);
  if ('fields' in d && Array.isArray(d.fields)) return `changed: ${d.fields.join(', ') || 'nothing'}`;
  return '';
}

export function AuditTable({ docs }: { docs: AuditEntry[] }) {
  return (
    <table className="data-table adm-table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Item</th>
          <th scope="col">Detail</th>
        </tr>
      </thead>
      <tbody>
        {docs.map((a) => (
          <tr key={a._id}>
            <td className="num">{fmtDateTime(a.createdAt)}</td>
            <td>{a.user ? a.user.name || a.user.email : <span className="adm-muted">System</span>}</td>
            <td>{a.action}</td>
            <td className="adm-muted">
              {a.entity}
              {a.entityId ? ` #${a.entityId}` : ''}
            </td>
            <td className="adk-detail-json">{describe(a)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AuditSection() {
  const [entity, setEntity] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, loading } = useApiGet<Paged<AuditEntry>>('/admin/audit', { entity, page, limit: LIMIT });
  return (
    <section aria-labelledby="adm-audit">
      <header className="adm-head">
        <h1 id="adm-audit">Audit log</h1>
        <p className="adm-muted">Every change made in the admin area, with who made it and when.</p>
      </header>
      <div className="adk-bar">
        <label className="adm-select">
          <span className="field__label">Show</span>
          <select className="select" value={entity} onChange={(e) => (setEntity(e.target.value), setPage(1))}>
            {Object.entries(ENTITIES).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice notice={error ? { kind: 'error', text: error } : null} />
      <div className="adm-table-wrap" aria-busy={loading}>
        {data && <AuditTable docs={data.docs} />}
        {data && data.docs.length === 0 && <p className="adm-empty">Nothing has been changed yet.</p>}
      </div>
      {data && <Pager page={page} total={data.totalDocs} limit={LIMIT} onPage={setPage} />}
    </section>
  );
}
