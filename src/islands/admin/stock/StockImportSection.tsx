/**
 * Stock import (/admin/stock): upload a CSV or Excel stock file, see the preview (what
 * would be created, updated and marked out of stock, and every row error), then apply it.
 * The valid rows are applied and the bad ones skipped (listed in the history, downloadable);
 * too many bad rows, or strict with any, refuse the file.
 */
import { Notice } from '../dashboard/kit.tsx';
import { ImportErrorTable } from './ImportErrorTable.tsx';
import { ImportPreviewTable } from './ImportPreviewTable.tsx';
import { ImportSummary } from './ImportSummary.tsx';
import { StockUploadForm } from './StockUploadForm.tsx';
import { useStockImport } from './use-stock-import.ts';

export default function StockImportSection() {
  const s = useStockImport();
  return (
    <section aria-labelledby="adm-stock">
      <header className="adm-head">
        <h1 id="adm-stock">Stock import</h1>
        <p className="adm-muted">
          A CSV or Excel (.xlsx) file with a header row of the stock fields (StkCodeCalcNS or Stock No, StkShape,
          STWeight or Carat, Colour, Clarity, Cut, Polish, Symmetry, Fluorescence, Lab, Cert No, price, ppc, RAP,
          measurements…). Stones are matched by stock code: new codes are added, known ones updated. Bad rows are
          skipped and listed in the history; a full feed that would take much of the stock out of stock waits there for
          your confirmation.
        </p>
      </header>
      <StockUploadForm
        file={s.file}
        onFile={s.setFile}
        full={s.full}
        onFull={s.setFull}
        strict={s.strict}
        onStrict={s.setStrict}
        busy={s.busy}
        canApply={s.canApply}
        onSend={(mode) => void s.send(mode)}
      />
      <Notice notice={s.notice} />
      {s.waitingHref && (
        <p>
          <a className="link" href={s.waitingHref}>
            Review it: confirm or discard
          </a>
        </p>
      )}
      {s.result && (
        <div className="adk-form" style={{ maxWidth: 'none', marginTop: 'var(--space-6)' }}>
          <ImportSummary result={s.result} />
          {s.result.errorCount > 0 && <ImportErrorTable result={s.result} />}
          <ImportPreviewTable result={s.result} />
        </div>
      )}
    </section>
  );
}
