/**
 * The stock import's state: the chosen file, the full-feed switch, the server's answer and
 * the notice. `send` posts the file for a preview or to apply it; an answer refused for row
 * errors still shows its result, so the errors can be read.
 */
import { useState } from 'react';
import { ApiError, call, client } from '../../../lib/api.ts';
import type { ImportResult } from '../../../domain/stock-import.ts';
import { fmtCount, generalMessage, type NoticeState } from '../dashboard/kit.tsx';

export type ImportMode = 'preview' | 'apply';

/** the line shown once an import is applied */
const appliedText = (r: ImportResult) =>
  `Imported ${fmtCount(r.rows)} rows: ${fmtCount(r.created)} new, ${fmtCount(r.updated)} updated, ${fmtCount(r.markedOut)} marked out of stock.`;

export function useStockImport() {
  const [file, setFileState] = useState<File | null>(null);
  const [full, setFullState] = useState(false);
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
    return call(client.admin['stock-import'].$post({}, { init: { body: form } }));
  };

  const send = async (mode: ImportMode) => {
    if (!file) return;
    setBusy(true);
    setNotice(null);
    try {
      const r = await submit(mode, file);
      setResult(r);
      if (r.applied) setNotice({ kind: 'info', text: appliedText(r) });
    } catch (err) {
      if (err instanceof ApiError && err.msg === 'import_has_errors') setResult(err.options as ImportResult); // the refused preview comes back with the error
      const reason = err instanceof ApiError ? (err.options?.reason as string | undefined) : undefined;
      setNotice({ kind: 'error', text: reason ?? generalMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  /** applying needs a clean preview with at least one valid row */
  const canApply = result != null && !result.applied && result.errorCount === 0 && result.valid > 0;

  return { file, setFile, full, setFull, result, busy, notice, send, canApply };
}
