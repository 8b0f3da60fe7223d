/**
 * Stock sources (/admin/stock/sources): files the shop pulls on a schedule. The list shows each
 * source's schedule, its last run and, in red, a failing one; a source is added or edited with
 * SourceForm, previewed (and its unknown headers mapped) with SourcePreview, run now, paused or
 * resumed. Each run is a run of the import history. Run now answers at once: the run shows as
 * running (here and in the history) until it ends, then says how it ended.
 */
import { useState } from 'react';
import { ApiError, call, client } from '../../../lib/api.ts';
import { routes } from '../../../domain/routes.ts';
import type { SourceInput, SourcePreview as Preview, SourceView } from '../../../domain/stock-sources.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { AdminTable } from '../AdminTable.tsx';
import { failedNotice, fmtDateTime, Notice, type NoticeState } from '../dashboard/kit.tsx';
import { SourceForm } from './SourceForm.tsx';
import { SourcePreview } from './SourcePreview.tsx';
import { MODE_LABEL } from './run-labels.ts';
import { useRunEnd } from './use-run-end.ts';

const api = client.admin['stock-sources'];
const byId = (id: number) => ({ param: { id: String(id) } });

const scheduleText = (s: SourceView) =>
  s.paused
    ? 'Paused'
    : s.schedule.kind === 'interval'
      ? `Every ${s.schedule.interval_minutes} minutes`
      : `At ${s.schedule.times.join(', ')}`;

export function StockSources() {
  const { data, error, reload } = useApiQuery('stock-sources', (signal) => call(api.$get({}, { init: { signal } })));
  const [editing, setEditing] = useState<SourceView | 'new' | null>(null);
  const [preview, setPreview] = useState<{ source: SourceView; preview: Preview } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [lastRun, setLastRun] = useState<{
    id: number;
    source: SourceView;
    status: string;
    reason: string | null;
  } | null>(null);
  const running = lastRun?.status === 'running' ? lastRun : null;
  useRunEnd(running?.id ?? null, (run) => {
    setLastRun((r) => (r && r.id === running?.id ? { ...r, status: run.status, reason: run.reason } : r));
    reload();
  });
  // a run started elsewhere (the schedule, another node or tab): the list is asked again when it ends
  useRunEnd(data?.docs.find((s) => s.running_run != null)?.running_run ?? null, reload);
  const isRunning = (s: SourceView) => s.running_run != null || running?.source.id === s.id;

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await work();
      reload();
    } catch (err) {
      // a pull that failed, or a file that cannot be read, says why
      const why = err instanceof ApiError ? err.options?.reason : undefined;
      setNotice(
        err instanceof ApiError && typeof why === 'string'
          ? { kind: 'error', text: `${err.message}: ${why}` }
          : failedNotice(err),
      );
    } finally {
      setBusy(false);
    }
  };
  const save = (input: SourceInput) =>
    act(async () => {
      if (editing === 'new') await call(api.$post({ json: input }));
      else if (editing) await call(api[':id'].$put({ ...byId(editing.id), json: input }));
      setEditing(null);
      setNotice({ kind: 'info', text: 'The source was saved.' });
    });
  const runNow = (s: SourceView) =>
    act(async () => {
      setLastRun(null);
      try {
        const r = await call(api[':id'].run.$post(byId(s.id)));
        setLastRun({ id: r.runId, source: s, status: r.status, reason: null });
      } catch (err) {
        // a scheduled run, another tab or another member of staff got there first
        if (!(err instanceof ApiError && err.msg === 'source_running')) throw err;
        setNotice({ kind: 'info', text: `“${s.name}” is running already: its run is in the history.` });
      }
    });
  const showPreview = (s: SourceView) =>
    act(async () => setPreview({ source: s, preview: await call(api[':id'].preview.$post(byId(s.id))) }));
  const saveMapping = (mapping: Record<string, string>) =>
    act(async () => {
      if (!preview) return;
      await call(api[':id'].mapping.$put({ ...byId(preview.source.id), json: { mapping } }));
      setPreview({
        source: preview.source,
        preview: await call(api[':id'].preview.$post(byId(preview.source.id))),
      });
      setNotice({ kind: 'info', text: 'The mapping was saved: the next run reads the file with it.' });
    });
  const pause = (s: SourceView) =>
    act(async () => void (await call(api[':id'].pause.$post({ ...byId(s.id), json: { paused: !s.paused } }))));

  return (
    <section aria-labelledby="adm-stock-sources">
      <header className="adm-head">
        <h1 id="adm-stock-sources">Stock sources</h1>
        <p className="adm-muted">
          Files the shop pulls from your own system on a schedule. Each pull is a run of the import history; an
          unchanged file costs nothing, and a broken one leaves the stock as it was.
        </p>
      </header>
      <Notice notice={failedNotice(error)} />
      <Notice notice={notice} />
      {lastRun && (
        <p className="fx-notice" role="status">
          “{lastRun.source.name}”: run #{lastRun.id} {lastRun.status === 'running' ? 'running…' : lastRun.status}
          {lastRun.reason ? ` (${lastRun.reason})` : ''}.{' '}
          <a className="link" href={routes.adminStockRun(lastRun.id)}>
            See the run
          </a>
        </p>
      )}
      {editing ? (
        <SourceForm
          key={editing === 'new' ? 'new' : editing.id}
          source={editing === 'new' ? null : editing}
          busy={busy}
          onSave={(input) => void save(input)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div className="adk-actions">
          <button type="button" className="btn" onClick={() => setEditing('new')}>
            Add a source
          </button>
        </div>
      )}
      {preview && (
        <SourcePreview
          key={preview.source.id}
          name={preview.source.name}
          preview={preview.preview}
          busy={busy}
          onSave={(m) => void saveMapping(m)}
          onClose={() => setPreview(null)}
        />
      )}
      {data && data.docs.length === 0 && <p className="adm-empty">No sources yet.</p>}
      {data && data.docs.length > 0 && (
        <div className="adm-table-wrap">
          <AdminTable columns={['Source', 'Schedule', 'Mode', 'Last run', 'Stock updated', '']}>
            {data.docs.map((s) => (
              <tr key={s.id} className={s.failing ? 'is-failing' : undefined}>
                <td data-label="Source">
                  <strong>{s.name}</strong>
                  <br />
                  <span className="adm-muted adm-wrap">{s.url}</span>
                  {s.header_name && (
                    <span className="adm-muted">
                      <br />
                      {s.header_name}: {s.header_set ? 'set' : 'not set'}
                    </span>
                  )}
                </td>
                <td data-label="Schedule">{scheduleText(s)}</td>
                <td data-label="Mode">{MODE_LABEL[s.mode]}</td>
                <td data-label="Last run">
                  {isRunning(s) ? (
                    'Running…'
                  ) : s.failing ? (
                    <strong>Failing: {s.last_reason}</strong>
                  ) : (
                    (s.last_status ?? 'not yet')
                  )}
                  {s.last_run_at && <span className="num adm-muted"> · {fmtDateTime(s.last_run_at)}</span>}
                </td>
                <td data-label="Stock updated" className="num">
                  {s.last_applied_at ? fmtDateTime(s.last_applied_at) : 'not yet'}
                </td>
                <td data-label="">
                  <div className="adk-actions">
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={busy || isRunning(s)}
                      onClick={() => void runNow(s)}
                    >
                      Run now<span className="sr-only"> {s.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--ghost"
                      disabled={busy}
                      onClick={() => void showPreview(s)}
                    >
                      Preview<span className="sr-only"> {s.name}</span>
                    </button>
                    <button type="button" className="btn btn--small btn--ghost" onClick={() => setEditing(s)}>
                      Edit<span className="sr-only"> {s.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--ghost"
                      disabled={busy}
                      onClick={() => void pause(s)}
                    >
                      {s.paused ? 'Resume' : 'Pause'}
                      <span className="sr-only"> {s.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
    </section>
  );
}

/** On every stock tab: the sources that are failing, in red. */
export function FailingSources() {
  const { data } = useApiQuery('stock-sources-failing', (signal) => call(api.$get({}, { init: { signal } })));
  const failing = data?.docs.filter((s) => s.failing) ?? [];
  if (failing.length === 0) return null;
  return (
    <p className="fx-notice fx-notice--error" role="alert">
      {failing.length === 1 ? 'A stock source is failing' : `${failing.length} stock sources are failing`}:{' '}
      {failing.map((s) => `${s.name} (${s.last_reason ?? s.last_status})`).join('; ')}.{' '}
      <a className="link" href={routes.adminStockSources}>
        Stock sources
      </a>
    </p>
  );
}
