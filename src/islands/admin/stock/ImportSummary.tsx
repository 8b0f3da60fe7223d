/** The import's counts (each a link to its table) and the columns read and ignored. */
import type { ImportResult } from '../../../domain/stock-import.ts';
import { fmtCount } from '../dashboard/kit.tsx';

export function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <>
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
    </>
  );
}
