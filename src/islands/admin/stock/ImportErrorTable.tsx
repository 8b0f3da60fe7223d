/** Every row error of the import (row, field, value, problem): those rows are skipped (strict: nothing is imported). */
import type { ImportResult } from '../../../domain/stock-import.ts';
import { fmtCount } from '../dashboard/kit.tsx';
import { ImportTable } from './ImportTable.tsx';

const HEADINGS = [
  { label: 'Row', num: true },
  { label: 'Field' },
  { label: 'Value' },
  { label: 'Problem', cellClass: 'adk-error-cell' },
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
      headings={HEADINGS}
      rows={errors.map((e, i) => ({ key: `${e.row}-${e.field}-${i}`, cells: [e.row, e.field, e.value, e.msg] }))}
    />
  );
}
