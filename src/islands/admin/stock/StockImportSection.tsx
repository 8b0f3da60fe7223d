/**
 * Stock import (/admin/stock): upload a CSV or Excel stock file, see the preview (what
 * would be created, updated and marked out of stock, and every row error), then apply it.
 * A file with row errors cannot be applied: correct the file and upload it again.
 */
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../../lib/api.ts';
import type { ImportResult } from '../../../domain/stock-import.ts';
import { fmtCount, generalMessage, Notice, type NoticeState } from '../dashboard/kit.tsx';

type Result = ImportResult;

export default function StockImportSection() {
  const [file, setFile] = useState<File | null>(null);
  const [full, setFull] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);

  const send = async (mode: 'preview' | 'apply') => {
    if (!file) return;
    setBusy(true);
    setNotice(null);
    const form = new FormData();
    form.set('file', file);
    form.set('mode', mode);
    form.set('full', String(full));
    try {
      const r = await api.post<Result>('/admin/stock-import', form);
      setResult(r);
      if (r.applied) {
        setNotice({
          kind: 'info',
          text: `Imported ${fmtCount(r.rows)} rows: ${fmtCount(r.created)} new, ${fmtCount(r.updated)} updated, ${fmtCount(r.markedOut)} marked out of stock.`,
        });
      }
    } catch (err) {
      if (err instanceof ApiError && err.msg === 'import_has_errors') setResult(err.options as unknown as Result);
      const reason = err instanceof ApiError ? (err.options?.reason as string | undefined) : undefined;
      setNotice({ kind: 'error', text: reason ?? generalMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const preview = (e: FormEvent) => {
    e.preventDefault();
    void send('preview');
  };
  const canApply = result != null && !result.applied && result.errorCount === 0 && result.valid > 0;

  return (
    <section aria-labelledby="adm-stock">
      <header className="adm-head">
        <h1 id="adm-stock">Stock import</h1>
        <p className="adm-muted">
          A CSV or Excel (.xlsx) file with a header row of the stock fields (StkCodeCalcNS or Stock No, StkShape,
          STWeight or Carat, Colour, Clarity, Cut, Polish, Symmetry, Fluorescence, Lab, Cert No, price, ppc, RAP,
          measurements…). Stones are matched by stock code: new codes are added, known ones updated.
        </p>
      </header>
      <form className="adk-form" onSubmit={preview}>
        <div className="adk-file">
          <div className="field">
            <span className="field__label" id="stock-file-label">
              Stock file
            </span>
            <div className="adk-file__pick">
              <label className="btn btn--ghost btn--small adk-cover__upload">
                Choose file
                <input
                  type="file"
                  aria-labelledby="stock-file-label"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setResult(null);
                    setNotice(null);
                  }}
                />
              </label>
              <span className={file ? 'adk-file__name' : 'adk-file__name adm-muted'}>
                {file
                  ? `${file.name} (${Math.max(1, Math.round(file.size / 1024)).toLocaleString('en-GB')} KB)`
                  : 'No file chosen: .csv or .xlsx'}
              </span>
            </div>
          </div>
          <label className="adk-check">
            <input type="checkbox" checked={full} onChange={(e) => (setFull(e.target.checked), setResult(null))} />
            Full feed: stones missing from this file go out of stock
          </label>
        </div>
        <div className="adk-actions">
          <button type="submit" className="btn btn--ghost" disabled={!file || busy}>
            Preview
          </button>
          <button type="button" className="btn" disabled={!canApply || busy} onClick={() => void send('apply')}>
            Apply import
          </button>
          {busy && <span className="adm-muted">Working…</span>}
        </div>
      </form>
      <Notice notice={notice} />
      {result && (
        <div className="adk-form" style={{ maxWidth: 'none', marginTop: 'var(--space-6)' }}>
          <div className="adk-stats" role="group" aria-label="Summary">
            <a href="#stock-rows">
              <strong className="num">{fmtCount(result.rows)}</strong>
              <span>rows ({fmtCount(result.valid)} valid)</span>
            </a>
            <a href="#stock-rows">
              <strong className="num">{fmtCount(result.created)}</strong>
              <span>new stones</span>
            </a>
            <a href="#stock-rows">
              <strong className="num">{fmtCount(result.updated)}</strong>
              <span>updated</span>
            </a>
            <a href="#stock-errors">
              <strong className="num">{fmtCount(result.full ? result.markedOut : result.errorCount)}</strong>
              <span>{result.full ? 'to mark out of stock' : 'errors'}</span>
            </a>
          </div>
          <p className="adm-muted">
            Columns read:{' '}
            {result.columns.map((c) => (c.header === c.field ? c.field : `${c.header} → ${c.field}`)).join(', ')}
            {result.ignoredColumns.length > 0 && `. Ignored: ${result.ignoredColumns.join(', ')}`}.
          </p>
          {result.errorCount > 0 && (
            <div id="stock-errors" className="adm-table-wrap">
              <table className="data-table adm-table">
                <caption className="adk-field-error" style={{ textAlign: 'left', paddingBottom: 'var(--space-2)' }}>
                  {fmtCount(result.errorCount)} {result.errorCount === 1 ? 'error' : 'errors'}: nothing can be imported
                  until the file is corrected
                  {result.errors.length < result.errorCount ? ` (first ${result.errors.length} shown)` : ''}.
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className="is-num">
                      Row
                    </th>
                    <th scope="col">Field</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {result.errors.map((e, i) => (
                    <tr key={`${e.row}-${e.field}-${i}`}>
                      <td className="is-num num">{e.row}</td>
                      <td>{e.field}</td>
                      <td className="adk-error-cell">{e.msg}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div id="stock-rows" className="adm-table-wrap">
            <table className="data-table adm-table">
              <caption className="adm-muted" style={{ textAlign: 'left', paddingBottom: 'var(--space-2)' }}>
                {result.applied ? 'Imported' : 'Valid rows'} (first {result.preview.length})
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="is-num">
                    Row
                  </th>
                  <th scope="col">Stock code</th>
                  <th scope="col">Action</th>
                  <th scope="col">Type</th>
                  <th scope="col">Shape</th>
                  <th scope="col" className="is-num">
                    Carat
                  </th>
                  <th scope="col">Colour</th>
                  <th scope="col">Clarity</th>
                  <th scope="col" className="is-num">
                    Price / ppc
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.preview.map((r) => (
                  <tr key={r.row}>
                    <td className="is-num num">{r.row}</td>
                    <td>{r.StkCodeCalcNS}</td>
                    <td>{r.action === 'create' ? 'New' : 'Update'}</td>
                    <td>{r.StkCatType ?? '—'}</td>
                    <td>{r.StkShape ?? '—'}</td>
                    <td className="is-num num">{r.STWeight?.toFixed(2) ?? '—'}</td>
                    <td>{r.Colour ?? '—'}</td>
                    <td>{r.Clarity ?? '—'}</td>
                    <td className="is-num num">
                      {r.price != null
                        ? `$${r.price.toLocaleString('en-GB')}`
                        : r.ppc != null
                          ? `£${r.ppc.toLocaleString('en-GB')}/ct`
                          : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
