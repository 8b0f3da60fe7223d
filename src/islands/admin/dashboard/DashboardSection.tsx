/** Dashboard (/admin, also /admin/dashboard): what waits for staff, the stock by category, the latest changes. */
import { call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { AuditList } from '../audit/AuditSection.tsx';
import { failedNotice, fmtCount, fmtDateTime, Notice } from './kit.tsx';
import { routes } from '../../../domain/routes.ts';

export default function DashboardSection() {
  const { data, error } = useApiQuery('dashboard', (signal) =>
    call(client.admin.dashboard.$get({}, { init: { signal } })),
  );
  const c = data?.counts;
  const tiles: [string, number | undefined, string][] = [
    [`${routes.adminCustomers}?status=pending`, c?.pendingApprovals, 'registrations await approval'],
    [routes.adminRequests, c?.newRequests, `new requests (${c ? fmtCount(c.openRequests) : '–'} in progress)`],
    [routes.adminMessages, c?.newMessages, 'new messages'],
    [`${routes.adminCustomers}?status=all&apiAccess=requested`, c?.apiAccessRequests, 'API access requests'],
  ];
  return (
    <section aria-labelledby="adm-dashboard">
      <header className="adm-head">
        <h1 id="adm-dashboard">Dashboard</h1>
      </header>
      <Notice notice={failedNotice(error)} />
      <div className="adk-stats">
        {tiles.map(([href, value, label]) => (
          <a key={label} href={href}>
            <strong className="num">{value == null ? '–' : fmtCount(value)}</strong>
            <span>{label}</span>
          </a>
        ))}
      </div>
      <div className="adk-split">
        <div className="adk-panel">
          <h2>Recent activity</h2>
          {data && data.recent.length > 0 ? (
            <AuditList docs={data.recent} />
          ) : (
            <p className="adm-empty">No changes yet.</p>
          )}
          <a className="link" href={routes.adminAudit}>
            The whole audit log
          </a>
        </div>
        <div className="adk-form">
          <div className="adk-panel">
            <h2>Stock</h2>
            <table className="data-table adm-table">
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col" className="is-num">
                    In stock
                  </th>
                  <th scope="col" className="is-num">
                    Out of stock
                  </th>
                </tr>
              </thead>
              <tbody>
                {data?.stock.map((s) => (
                  <tr key={s.category}>
                    <th scope="row">{s.category}</th>
                    <td className="is-num num">{fmtCount(s.inStock)}</td>
                    <td className="is-num num">{fmtCount(s.outOfStock)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="adm-muted">
              Stock last updated:{' '}
              <span className="num">{data?.stockUpdatedAt ? fmtDateTime(data.stockUpdatedAt) : 'not yet'}</span> (
              <a className="link" href={routes.adminStockHistory}>
                history
              </a>
              )
            </p>
            {data && data.sources.length > 0 && (
              <ul className="adk-sources" aria-label="Stock sources">
                {data.sources.map((s) => (
                  <li key={s.id} className={s.failing ? 'is-failing' : undefined}>
                    <span>{s.name}</span>{' '}
                    <span className="num">
                      {s.lastAppliedAt ? `updated ${fmtDateTime(s.lastAppliedAt)}` : 'not yet imported'}
                    </span>
                    {s.failing && <strong> · failing{s.reason ? `: ${s.reason}` : ''}</strong>}
                    {s.paused && <span> · paused</span>}
                  </li>
                ))}
              </ul>
            )}
            <a className="link" href={routes.adminStock}>
              Import a stock file
            </a>{' '}
            ·{' '}
            <a className="link" href={routes.adminStockSources}>
              Stock sources
            </a>
          </div>
          <div className="adk-panel">
            <h2>News</h2>
            <p>
              <span className="num">{c ? fmtCount(c.publishedPosts) : '–'}</span> published,{' '}
              <span className="num">{c ? fmtCount(c.draftPosts) : '–'}</span> {c?.draftPosts === 1 ? 'draft' : 'drafts'}
            </p>
            <a className="link" href={routes.adminPosts}>
              Manage news
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
