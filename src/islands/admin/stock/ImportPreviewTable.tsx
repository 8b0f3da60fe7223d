/** The first valid rows of the import: what each would create or update. */
import type { ImportResult } from '../../../domain/stock-import.ts';
import { ImportTable } from './ImportTable.tsx';

type PreviewRow = ImportResult['preview'][number];

const HEADINGS = [
  { label: 'Row', num: true },
  { label: 'Stock code' },
  { label: 'Action' },
  { label: 'Type' },
  { label: 'Shape' },
  { label: 'Carat', num: true },
  { label: 'Colour' },
  { label: 'Clarity' },
  { label: 'Price / ppc', num: true },
];

/** a single stone's price in dollars, else a parcel's price per carat in pounds, else a dash */
const priceText = (r: PreviewRow) =>
  r.price != null
    ? `$${r.price.toLocaleString('en-GB')}`
    : r.ppc != null
      ? `£${r.ppc.toLocaleString('en-GB')}/ct`
      : '—';

export function ImportPreviewTable({ result }: { result: ImportResult }) {
  const caption = `${result.applied ? 'Imported' : 'Valid rows'} (first ${result.preview.length})`;
  return (
    <ImportTable
      id="stock-rows"
      captionClass="adm-muted"
      caption={caption}
      headings={HEADINGS}
      rows={result.preview.map((r) => ({
        key: String(r.row),
        cells: [
          r.row,
          r.StkCodeCalcNS,
          r.action === 'create' ? 'New' : 'Update',
          r.StkCatType ?? '—',
          r.StkShape ?? '—',
          r.STWeight?.toFixed(2) ?? '—',
          r.Colour ?? '—',
          r.Clarity ?? '—',
          priceText(r),
        ],
      }))}
    />
  );
}
