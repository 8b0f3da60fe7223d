/** Audit log (/admin/audit): every staff change, newest first: who, what, when. */
import { useState } from 'react';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { ListSelect, failedNotice, fmtDateTime, Notice, Pager } from '../dashboard/kit.tsx';
import { AdminTable } from '../AdminTable.tsx';

export type AuditEntry = AnswerOf<typeof client.admin.audit.$get>['docs'][number];

const ENTITIES: Record<string, string> = {
  '': 'Everything',
  user: 'Customers',
  post: 'News posts',
  bag_request: 'Requests',
  contact_message: 'Messages',
  exchange_rate: 'Exchange rates',
  config: 'Settings',
  site_block: 'Site content',
  diamond: 'Stock',
};

const ACTIONS: Record<string, string> = {
  'customer.approve': 'Approved a customer',
  'customer.reject': 'Rejected a registration',
  'customer.disable': 'Disabled an account',
  'customer.api_access.grant': 'Granted API access',
  'customer.api_access.revoke': 'Revoked API access',
  'post.create': 'Created a post',
  'post.update': 'Edited a post',
  'post.publish': 'Published a post',
  'post.unpublish': 'Unpublished a post',
  'post.delete': 'Deleted a post',
  'post.cover_upload': 'Uploaded a cover image',
  'request.status': 'Changed a request’s status',
  'request.notes': 'Wrote staff notes',
  'message.status': 'Marked a message',
  'rates.update': 'Changed exchange rates',
  'rates.default': 'Changed the default currency',
  'settings.registration_messages': 'Changed registration messages',
  'settings.site': 'Changed site settings',
  'settings.request_terms': 'Changed the request terms',
  'stock.import': 'Imported stock',
  'config.create': 'Saved availability labels',
  'config.update': 'Changed availability labels',
};

/** An entry's action in words ('post.publish' -> 'Published a post'); site blocks say which way. */
export function actionLabel(a: AuditEntry): string {
  const known = ACTIONS[a.action];
  if (known) return known;
  if (a.entity === 'site_block') return a.action === 'create' ? 'Added site content' : 'Edited site content';
  const words = a.action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const itemOf = (a: AuditEntry) =>
  `${ENTITIES[a.entity] ?? a.entity.replace(/_/g, ' ')}${a.entityId ? ` #${a.entityId}` : ''}`;
const whoOf = (a: AuditEntry) => (a.user ? a.user.name || a.user.email : 'System');
const LIMIT = 50;

/** A short readable line for an entry's detail. */
export function describe(a: AuditEntry): string {
  const d = a.detail ?? {};
  if ('from' in d && 'to' in d) return `${String(d.from)} → ${String(d.to)}`;
  if (a.action === 'stock.import')
    return `${String(d.file)}: ${String(d.rows)} rows, ${String(d.created)} new, ${String(d.updated)} updated, ${String(d.markedOut)} out`;
  if ('changes' in d)
    return Object.entries(d.changes as Record<string, { from: unknown; to: unknown }>)
      .map(([k, v]) => `${k} ${String(v.from)} → ${String(v.to)}`)
      .join(', ');
  if ('title' in d) return String(d.title);
  if ('fields' in d && Array.isArray(d.fields)) return `changed: ${d.fields.join(', ') || 'nothing'}`;
  return '';
}

export function AuditTable({ docs }: { docs: AuditEntry[] }) {
  return (
    <AdminTable columns={['When', 'Who', 'What', 'Item', 'Detail']}>
      {docs.map((a) => (
        <tr key={a._id}>
          <td className="num">{fmtDateTime(a.createdAt)}</td>
          <td>{whoOf(a)}</td>
          <td title={a.action}>{actionLabel(a)}</td>
          <td className="adm-muted">{itemOf(a)}</td>
          <td className="adk-detail-json">{describe(a)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The latest entries as a compact list (the dashboard's recent activity). */
export function AuditList({ docs }: { docs: AuditEntry[] }) {
  return (
    <ol className="adk-activity">
      {docs.map((a) => {
        const detail = describe(a);
        return (
          <li key={a._id}>
            <span className="adk-activity__when num">{fmtDateTime(a.createdAt)}</span>
            <span className="adk-activity__what">
              <strong>{actionLabel(a)}</strong> <span className="adm-muted">{itemOf(a)}</span>
              {detail && <span className="adk-activity__detail">{detail}</span>}
            </span>
            <span className="adk-activity__who adm-muted">{whoOf(a)}</span>
          </li>
        );
      })}
    </ol>
  );
}

export default function AuditSection() {
  const [entity, setEntity] = useState('');
  const [page, setPage] = useState(1);
  const query = { entity, page, limit: LIMIT };
  const { data, error, loading } = useApiQuery(JSON.stringify(query), (signal) =>
    call(client.admin.audit.$get({ query }, { init: { signal } })),
  );
  return (
    <section aria-labelledby="adm-audit">
      <header className="adm-head">
        <h1 id="adm-audit">Audit log</h1>
        <p className="adm-muted">Every change made in the admin area, with who made it and when.</p>
      </header>
      <div className="adk-bar">
        <ListSelect label="Show" value={entity} options={ENTITIES} onChange={(k) => (setEntity(k), setPage(1))} />
      </div>
      <Notice notice={failedNotice(error)} />
      {/* a long change scrolls sideways: the region takes the keyboard's focus so it can be scrolled */}
      <div className="adm-table-wrap" aria-busy={loading} role="region" aria-labelledby="adm-audit" tabIndex={0}>
        {data && data.docs.length > 0 && <AuditTable docs={data.docs} />}
        {data && data.docs.length === 0 && (
          <p className="adm-empty">
            {entity ? `No changes to ${ENTITIES[entity]?.toLowerCase()} yet.` : 'Nothing has been changed yet.'}
          </p>
        )}
      </div>
      {data && <Pager page={page} total={data.totalDocs} limit={LIMIT} onPage={setPage} />}
    </section>
  );
}
