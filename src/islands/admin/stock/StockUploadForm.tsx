/** The stock file picker, the full-feed and strict switches and the Preview / Apply import buttons. */
import type { FormEvent } from 'react';
import { FilePick } from './FilePick.tsx';
import type { ImportMode } from './use-stock-import.ts';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Props = {
  file: File | null;
  onFile: (file: File | null) => void;
  full: boolean;
  onFull: (on: boolean) => void;
  strict: boolean;
  onStrict: (on: boolean) => void;
  busy: boolean;
  canApply: boolean;
  onSend: (mode: ImportMode) => void;
};

export function StockUploadForm({ file, onFile, full, onFull, strict, onStrict, busy, canApply, onSend }: Props) {
  const preview = (e: FormEvent) => {
    e.preventDefault();
    onSend('preview');
  };
  return (
    <form className="adk-form" onSubmit={preview}>
      <div className="adk-file">
        <FilePick
          id="stock-file-label"
          label="Stock file"
          button="Choose file"
          accept={ACCEPT}
          empty="No file chosen: .csv or .xlsx"
          file={file}
          onFile={onFile}
        />
        <label className="adk-check">
          <input type="checkbox" checked={full} onChange={(e) => onFull(e.target.checked)} />
          Full feed: stones missing from this file go out of stock
        </label>
        <label className="adk-check">
          <input type="checkbox" checked={strict} onChange={(e) => onStrict(e.target.checked)} />
          Strict: import nothing if any row is bad
        </label>
      </div>
      <div className="adk-actions">
        <button type="submit" className="btn btn--ghost" disabled={!file || busy}>
          Preview
        </button>
        <button type="button" className="btn" disabled={!canApply || busy} onClick={() => onSend('apply')}>
          Apply import
        </button>
        {busy && <span className="adm-muted">Working…</span>}
      </div>
    </form>
  );
}
