/**
 * The stock import's state: the chosen file, the full-feed and strict switches, the server's
 * answer and the notice. `send` posts the file for a preview or to apply it: the valid rows
 * are applied and the bad ones skipped (strict: any bad row refuses the file); an answer
 * refused for its bad rows still shows its result, so the errors can be read; a replace-all
 * that would take too much out of stock waits in the history for confirmation.
 */
import { useState } from 'react';
import { routes } from '../../../domain/routes.ts';
import { ApiError, call, client } from '../../../lib/api.ts';
import type { ImportResult } from '../../../domain/stock-import.ts';
import { fmtCount, generalMessage, type NoticeState } from '../dashboard/kit.tsx';

export type ImportMode = 'preview' | 'apply';

/** the line shown once an import is applied */
const appliedText = (r: ImportResult) =>
  `Imported ${fmtCount(r.rows)} rows: ${fmtCount(r.created)} new, ${fmtCount(r.updated)} updated, ${fmtCount(r.unchanged ?? 0)} unchanged, ${fmtCount(r.markedOut)} marked out of stock, ${fmtCount(r.rows - r.valid)} skipped.`;

const REFUSED: Record<string, string> = {
  import_has_errors: 'Strict import: the file has bad rows, so nothing was imported.',
  too_many_bad_rows: 'Too many bad rows: nothing was imported. Correct the file and upload it again.',
};

export function useStockImport() {
  const [file, setFileState] = useState<File | null>(null);
  const [full, setFullState] = useState(false);
  const [strict, setStrict] = useState(false);
  const [waiting, setWaiting] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);

  /** a new file forgets the previous answer and notice */
  const setFile = (f: File | null) => {
    setFileState(f);
    setResult(null);
    setNotice(null);
  };
  /** switching the full feed on or off makes the previous preview stale */
  const setFull = (on: boolean) => {
    setFullState(on);
    setResult(null);
  };

  const submit = (mode: ImportMode, f: File) => {
    const form = new FormData();
    form.set('file', f);
    form.set('mode', mode);
    form.set('full', String(full));
    form.set('strict', String(strict));
    return call(client.admin['stock-import'].$post({}, { init: { body: form } }));
  };

  const send = async (mode: ImportMode) => {
    if (!file) return;
    setBusy(true);
    setNotice(null);
    setWaiting(null);
    try {
      const r = await submit(mode, file);
      setResult(r);
      if (r.applied) setNotice({ kind: 'info', text: appliedText(r) });
      if (r.status === 'needs_confirmation' && r.runId) {
        setWaiting(r.runId);
        setNotice({
          kind: 'error',
          text: `Not applied: this replace-all would take ${fmtCount(r.leaving?.count ?? r.markedOut)} stones out of stock. It waits for confirmation in the history.`,
        });
      }
    } catch (err) {
      const refused = err instanceof ApiError && typeof err.msg === 'string' ? REFUSED[err.msg] : undefined;
      if (err instanceof ApiError && refused) setResult(err.options as ImportResult); // the refused run comes back with its rows
      const reason = err instanceof ApiError ? (err.options?.reason as string | undefined) : undefined;
      setNotice({ kind: 'error', text: refused ?? reason ?? generalMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  /** applying needs a preview with valid rows and no more bad ones than the limit (strict: none) */
  const badPct = result ? ((result.rows - result.valid) / Math.max(1, result.rows)) * 100 : 0;
  const canApply =
    result != null &&
    !result.applied &&
    result.status == null &&
    result.valid > 0 &&
    badPct <= (result.badRowsLimitPct ?? 100) &&
    (!strict || result.errorCount === 0);
  const waitingHref = waiting ? routes.adminStockRun(waiting) : null;

  return { file, setFile, full, setFull, strict, setStrict, result, busy, notice, send, canApply, waitingHref };
}
