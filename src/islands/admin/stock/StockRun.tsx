/**
 * One import run: its counts, its skipped rows (download as CSV with the reasons) and, while
 * a replace-all waits for confirmation, the stones it would take out of stock with Confirm
 * (applied against the stock as it is now) and Discard (the stock stays as it is). A run still
 * running (a source's Run now, a large push) is asked again until it ends.
 */
import { useState } from 'react';
import { routes } from '../../../domain/routes.ts';
import type { ImportResult } from '../../../domain/stock-import.ts';
import { call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import {
  ConfirmDialog,
  failedNotice,
  fmtCount,
  fmtDateTime,
  Notice,
  StatusBadge,
  type NoticeState,
} from '../dashboard/kit.tsx';
import { ROW_PROBLEM_HEADINGS } from './ImportErrorTable.tsx';
import { ImportTable } from './ImportTable.tsx';
import { MODE_LABEL, originLabel } from './run-labels.ts';
import { useRunEnd } from './use-run-end.ts';

export function StockRun({ id }: { id: number }) {
  const param = { id: String(id) };
  const runs = client.admin['stock-import'].runs[':id'];
  const {
    data: run,
    error,
    loading,
    reload,
  } = useApiQuery(`stock-run:${id}`, (signal) => call(runs.$get({ param }, { init: { signal } })));
  useRunEnd(run?.status === 'running' ? id : null, reload);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);

  const act = async (what: 'confirm' | 'discard') => {
    setAsking(false);
    setBusy(true);
    setNotice(null);
    try {
      if (what === 'confirm') {
        const r: ImportResult = await call(runs.confirm.$post({ param }));
        setNotice({
          kind: 'info',
          text: `Confirmed: ${fmtCount(r.created)} new, ${fmtCount(r.updated)} updated, ${fmtCount(r.markedOut)} taken out of stock.`,
        });
      } else {
        await call(runs.discard.$post({ param }));
        setNotice({ kind: 'info', text: 'Discarded: the stock stays as it was.' });
      }
      reload();
    } catch (err) {
      setNotice(failedNotice(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="adm-stock-run" aria-busy={loading}>
      <header className="adm-head">
        <h1 id="adm-stock-run">Import #{id}</h1>
        <p>
          <a className="link" href={routes.adminStockHistory}>
            Back to the history
          </a>
        </p>
      </header>
      <Notice notice={failedNotice(error)} />
      <Notice notice={notice} />
      {run && (
        <div className="adk-form" style={{ maxWidth: 'none' }}>
          <p>
            <StatusBadge status={run.status} /> {MODE_LABEL[run.mode]} from {originLabel(run)}
            {run.fileName ? `, ${run.fileName}` : ''}, started <span className="num">{fmtDateTime(run.startedAt)}</span>
            {run.reason ? `. Reason: ${run.reason}` : ''}.
          </p>
          <div className="adk-stats" role="group" aria-label="Counts">
            {(
              [
                [run.rows, 'rows'],
                [run.created, 'new'],
                [run.updated, 'updated'],
                [run.unchanged, 'unchanged'],
                [run.markedOut, run.status === 'needs_confirmation' ? 'would leave the stock' : 'out of stock'],
                [run.skipped, 'skipped'],
              ] as const
            ).map(([n, label]) => (
              <p key={label}>
                <strong className="num">{fmtCount(n)}</strong>
                <span>{label}</span>
              </p>
            ))}
          </div>
          {run.changes && (
            <p className="adm-muted">
              Change log (API Link /changes): events <span className="num">{run.changes.from}</span> to{' '}
              <span className="num">{run.changes.to}</span>.
            </p>
          )}
          {run.leaving && (
            <div className="adk-panel">
              <h2>Waiting for confirmation</h2>
              <p>
                This replace-all would take <strong className="num">{fmtCount(run.leaving.count)}</strong> stones out of
                stock. A broken or shortened export looks like this: check the list, then confirm or discard it.
              </p>
              <p className="adm-muted adm-wrap">
                {run.leaving.codes.join(', ')}
                {run.leaving.codes.length < run.leaving.count ? ' …' : ''}
              </p>
              <div className="adk-actions">
                <button type="button" className="btn" disabled={busy} onClick={() => setAsking(true)}>
                  Confirm
                </button>
                <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void act('discard')}>
                  Discard
                </button>
              </div>
            </div>
          )}
          {run.skippedRows.length > 0 && (
            <>
              <p>
                <a className="link" href={`/api/v1/admin/stock-import/runs/${id}/skipped.csv`} download>
                  Download the skipped rows (CSV)
                </a>
              </p>
              <ImportTable
                id="stock-skipped"
                captionClass="adk-field-error"
                caption={`${fmtCount(run.skipped)} skipped ${run.skipped === 1 ? 'row' : 'rows'}`}
                headings={ROW_PROBLEM_HEADINGS}
                rows={run.skippedRows.slice(0, 500).map((s, i) => ({
                  key: `${s.row}-${s.column}-${i}`,
                  cells: [s.row, s.column, s.value, s.reason],
                }))}
              />
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title="Confirm this import?"
        text={`It is applied to the stock as it is now${run?.leaving ? `, taking ${fmtCount(run.leaving.count)} stones out of stock` : ''}.`}
        confirmLabel="Confirm import"
        onConfirm={() => void act('confirm')}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
