/**
 * A stock source's preview: the first rows of its file as pulled now, each header with the
 * field it goes to; a header the import does not know (or one mapped by hand) gets a
 * drop-down to map it, saved as the source's manual mapping.
 */
import { useState } from 'react';
import type { SourcePreview as Preview } from '../../../domain/stock-sources.ts';

type Props = {
  name: string;
  preview: Preview;
  busy: boolean;
  onSave: (mapping: Record<string, string>) => void;
  onClose: () => void;
};

export function SourcePreview({ name, preview, busy, onSave, onClose }: Props) {
  const [mapping, setMapping] = useState<Record<string, string>>(() =>
    Object.fromEntries(preview.columns.filter((c) => c.manual && c.field).map((c) => [c.header, c.field!])),
  );
  const mappable = preview.columns.filter((c) => c.manual || c.field == null);
  return (
    <section className="adk-panel" aria-labelledby="adm-source-preview">
      <h2 id="adm-source-preview">Preview of “{name}”</h2>
      <div className="adm-table-wrap">
        <table className="data-table adm-table">
          <caption className="sr-only">The first rows of the file</caption>
          <thead>
            <tr>
              {preview.columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                  <br />
                  <span className={c.field ? 'adm-muted' : 'is-failing'}>
                    {mapping[c.header] ?? c.field ?? 'not imported'}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, i) => (
              <tr key={i}>
                {preview.headers.map((h, j) => (
                  <td key={h} className="num" data-label={h}>
                    {row[j] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {mappable.length > 0 && (
        <div className="adk-form">
          <h3>Map the headers the import does not know</h3>
          {mappable.map((c) => (
            <label key={c.header} className="field">
              <span className="field__label">“{c.header}” is</span>
              <select
                className="select"
                value={mapping[c.header] ?? ''}
                onChange={(e) => setMapping((m) => ({ ...m, [c.header]: e.target.value }))}
              >
                <option value="">not imported</option>
                {preview.fields.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      <div className="adk-actions">
        {mappable.length > 0 && (
          <button type="button" className="btn" disabled={busy} onClick={() => onSave(mapping)}>
            Save mapping
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close preview
        </button>
      </div>
    </section>
  );
}
