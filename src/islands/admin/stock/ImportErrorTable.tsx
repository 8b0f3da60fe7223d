/** Every row error of the import (row, column, value, reason): those rows are skipped (strict: nothing is imported). */
import type { ImportResult } from '../../../domain/stock-import.ts';
import { fmtCount } from '../dashboard/kit.tsx';
import { ImportTable } from './ImportTable.tsx';

/** the columns of a row problem, here and in a run's skipped rows (StockRun.tsx) */
export const ROW_PROBLEM_HEADINGS = [
  { label: 'Row', num: true },
  { label: 'Column' },
  { label: 'Value' },
  { label: 'Reason', cellClass: 'adk-error-cell' },
];

export function ImportErrorTable({ result }: { result: ImportResult }) {
  const { errorCount, errors } = result;
  const caption = (
    <>
      {fmtCount(errorCount)} {errorCount === 1 ? 'error' : 'errors'}:{' '}
      {errorCount === 1 ? 'its row is' : 'their rows are'} skipped (a strict import imports nothing)
      {errors.length < errorCount ? ` (first ${errors.length} shown)` : ''}.
    </>
  );
  return (
    <ImportTable
      id="stock-errors"
      captionClass="adk-field-error"
      caption={caption}
      headings={ROW_PROBLEM_HEADINGS}
      rows={errors.map((e, i) => ({ key: `${e.row}-${e.field}-${i}`, cells: [e.row, e.field, e.value, e.msg] }))}
    />
  );
}
