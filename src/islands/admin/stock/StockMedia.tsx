/**
 * Media in bulk (/admin/stock/media): upload a ZIP of images, 360 frame folders, videos and
 * certificate PDFs named by stock code or certificate number, then read the report: every file,
 * the stone it matched, what it became, or why it was refused (src/domain/stock-media/).
 */
import { useState, type FormEvent } from 'react';
import { ApiError, call, client } from '../../../lib/api.ts';
import { MEDIA_ZIP_MAX_BYTES, type MediaFileStatus, type MediaReport } from '../../../domain/stock-media/report.ts';
import { fmtCount, generalMessage, Notice, type NoticeState } from '../dashboard/kit.tsx';
import { FilePick } from './FilePick.tsx';
import { ImportTable } from './ImportTable.tsx';

const STATUS: Record<MediaFileStatus, string> = {
  stored: 'Stored',
  unchanged: 'Unchanged',
  unmatched: 'No match',
  refused: 'Refused',
};

const REFUSED: Record<string, string> = {
  nothing_matched: 'No file in the ZIP names a stone: nothing was stored.',
  nothing_stored: 'Every matched file was refused: nothing was stored.',
  payload_too_large: `The ZIP is larger than ${MEDIA_ZIP_MAX_BYTES / 1024 / 1024} MB: split it into smaller ones.`,
};

const summary = (r: MediaReport) =>
  `${fmtCount(r.counts.stored)} stored, ${fmtCount(r.counts.unchanged)} unchanged, ${fmtCount(r.counts.unmatched)} without a match, ${fmtCount(r.counts.refused)} refused.`;

function MediaReportTable({ report }: { report: MediaReport }) {
  return (
    <ImportTable
      id="media-report"
      captionClass=""
      caption={`${fmtCount(report.files.length)} files: ${summary(report)} ${report.policy}`}
      headings={[{ label: 'File' }, { label: 'Result' }, { label: 'Stone' }, { label: 'Became or why not' }]}
      rows={report.files.map((f, i) => ({
        key: `${i}:${f.name}`,
        cells: [f.name, STATUS[f.status], f.stockCode ?? '—', f.became ?? f.reason ?? ''],
      }))}
    />
  );
}

export function StockMedia() {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<MediaReport | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);

  /** a new file forgets the previous report and notice */
  const choose = (f: File | null) => {
    setFile(f);
    setReport(null);
    setNotice(null);
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setNotice(null);
    setReport(null);
    try {
      const form = new FormData();
      form.set('file', file);
      const r = await call(client.admin['stock-media'].$post({}, { init: { body: form } }));
      setReport(r);
      setNotice({ kind: 'info', text: `Media uploaded: ${summary(r)}` });
    } catch (err) {
      const msg = err instanceof ApiError && typeof err.msg === 'string' ? err.msg : '';
      const refusedReport = err instanceof ApiError ? (err.options?.report as MediaReport | undefined) : undefined;
      if (refusedReport) setReport(refusedReport);
      const reason = err instanceof ApiError ? (err.options?.reason as string | undefined) : undefined;
      setNotice({ kind: 'error', text: REFUSED[msg] ?? reason ?? generalMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="adm-stock-media">
      <header className="adm-head">
        <h1 id="adm-stock-media">Stock media</h1>
        <p className="adm-muted">
          A ZIP of up to {MEDIA_ZIP_MAX_BYTES / 1024 / 1024} MB. Name each file by the stone’s stock code or certificate
          number: ABC123.jpg, then ABC123_1.jpg or ABC123-2.png for more images (JPEG or PNG, up to 5 MB and 4,000
          pixels a side); ABC123.mp4 or .webm for a video (up to 25 MB); a folder ABC123/ of numbered frames (001.jpg,
          002.jpg…) for a 360 view; 2141438167.pdf for a certificate (up to 10 MB). The files of a kind replace that
          kind of the stone’s media. Every file is checked by its content; a refused file stores nothing.
        </p>
      </header>
      <form className="adk-form" onSubmit={(e) => void send(e)}>
        <FilePick
          id="media-file-label"
          label="Media ZIP"
          button="Choose ZIP"
          accept=".zip,application/zip"
          empty="No file chosen: .zip"
          file={file}
          onFile={choose}
        />
        <div className="adk-actions">
          <button type="submit" className="btn" disabled={!file || busy}>
            Upload media
          </button>
          {busy && <span className="adm-muted">Working…</span>}
        </div>
      </form>
      <Notice notice={notice} />
      {report && (
        <div className="adk-form" style={{ maxWidth: 'none', marginTop: 'var(--space-6)' }}>
          <MediaReportTable report={report} />
        </div>
      )}
    </section>
  );
}
