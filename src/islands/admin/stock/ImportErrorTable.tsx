/** Every row error of the import (row, field, problem); any error blocks the import. */
import type { ImportResult } from '../../../domain/stock-import.ts';
import { fmtCount } from '../dashboard/kit.tsx';
import { ImportTable } from './ImportTable.tsx';

const HEADINGS = [{ label: 'Row', num: true }, { label: 'Field' }, { label: 'Problem', cellClass: 'adk-error-cell' }];

export function ImportErrorTable({ result }: { result: ImportResult }) {
  const { errorCount, errors } = result;
  const caption = (
    <>
      {fmtCount(errorCount)} {errorCount === 1 ? 'error' : 'errors'}: nothing can be imported until the file is
      corrected
      {errors.length < errorCount ? ` (first ${errors.length} shown)` : ''}.
    </>
  );
  return (
    <ImportTable
      id="stock-errors"
      captionClass="adk-field-error"
      caption={caption}
      headings={HEADINGS}
      rows={errors.map((e, i) => ({ key: `${e.row}-${e.field}-${i}`, cells: [e.row, e.field, e.msg] }))}
    />
  );
}
