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
    <ImportTable id="stock-rows" captionClass="adm-muted" caption={caption} headings={HEADINGS}>
      {result.preview.map((r) => (
        <tr key={r.row}>
          <td className="is-num num">{r.row}</td>
          <td>{r.StkCodeCalcNS}</td>
          <td>{r.action === 'create' ? 'New' : 'Update'}</td>
          <td>{r.StkCatType ?? '—'}</td>
          <td>{r.StkShape ?? '—'}</td>
          <td className="is-num num">{r.STWeight?.toFixed(2) ?? '—'}</td>
          <td>{r.Colour ?? '—'}</td>
          <td>{r.Clarity ?? '—'}</td>
          <td className="is-num num">{priceText(r)}</td>
        </tr>
      ))}
    </ImportTable>
  );
}
