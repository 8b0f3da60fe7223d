/**
 * The import history: every run, newest first, with its counts; each opens its detail. While a
 * run of the page is running, the page is asked again when it ends.
 */
import { useState } from 'react';
import { routes } from '../../../domain/routes.ts';
import type { RunSummary } from '../../../domain/stock-import.ts';
import { call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { AdminTable } from '../AdminTable.tsx';
import { failedNotice, fmtCount, fmtDateTime, Notice, StatusBadge } from '../dashboard/kit.tsx';
import { MODE_LABEL, originLabel } from './run-labels.ts';
import { StockLimits } from './StockLimits.tsx';
import { useRunEnd } from './use-run-end.ts';

/** the count columns: heading and value */
const COUNTS: [string, (r: RunSummary) => number][] = [
  ['New', (r) => r.created],
  ['Updated', (r) => r.updated],
  ['Unchanged', (r) => r.unchanged],
  ['Out', (r) => r.markedOut],
  ['Skipped', (r) => r.skipped],
];

export function StockHistory() {
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useApiQuery(`stock-runs:${page}`, (signal) =>
    call(client.admin['stock-import'].runs.$get({ query: { page: String(page) } }, { init: { signal } })),
  );
  useRunEnd(data?.runs.find((r) => r.status === 'running')?.id ?? null, reload);
  return (
    <section aria-labelledby="adm-stock-history">
      <header className="adm-head">
        <h1 id="adm-stock-history">Import history</h1>
        <p className="adm-muted">
          Every stock import, from this screen or the stock API: what it created, updated, left unchanged, took out of
          stock and skipped.
        </p>
      </header>
      <Notice notice={failedNotice(error)} />
      <div className="adm-table-wrap" aria-busy={loading}>
        <AdminTable columns={['Run', 'Started', 'From', 'Mode', 'Status', ...COUNTS.map(([label]) => label)]}>
          {data?.runs.map((r) => (
            <tr key={r.id}>
              <td data-label="Run">
                <a className="adm-title-link" href={routes.adminStockRun(r.id)}>
                  #{r.id}
                  {r.fileName ? ` ${r.fileName}` : ''}
                </a>
              </td>
              <td data-label="Started" className="num">
                {fmtDateTime(r.startedAt)}
              </td>
              <td data-label="From">{originLabel(r)}</td>
              <td data-label="Mode">{MODE_LABEL[r.mode]}</td>
              <td data-label="Status">
                <StatusBadge status={r.status} />
              </td>
              {COUNTS.map(([label, n]) => (
                <td key={label} data-label={label} className="is-num num">
                  {fmtCount(n(r))}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
        {data && data.runs.length === 0 && <p className="adm-empty">No imports yet.</p>}
      </div>
      {data && (page > 1 || data.more) && (
        <div className="adk-actions">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={!data.more}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </div>
      )}
      <StockLimits />
    </section>
  );
}
