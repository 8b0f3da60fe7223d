/**
 * The frame both import tables share: a left-aligned caption, column headings, and each row's
 * cells under them. Every cell carries its column's name (data-label), so on a phone, where
 * the rows stack (src/styles/stacked-table.css), each value reads beside its label.
 */
import type { ReactNode } from 'react';

/** a column heading; numeric columns align right; `cellClass` styles the column's cells */
export type Heading = { label: string; num?: boolean; cellClass?: string };
/** one row: its key and one cell per heading, in the headings' order */
export type ImportRow = { key: string; cells: ReactNode[] };

type Props = { id: string; captionClass: string; caption: ReactNode; headings: Heading[]; rows: ImportRow[] };

const classOf = (h: Heading) => [h.num && 'is-num num', h.cellClass].filter(Boolean).join(' ') || undefined;

export function ImportTable({ id, captionClass, caption, headings, rows }: Props) {
  return (
    <div id={id} className="adm-table-wrap">
      <table className="data-table adm-table adm-import-table">
        <caption className={captionClass}>{caption}</caption>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h.label} scope="col" className={h.num ? 'is-num' : undefined}>
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {headings.map((h, i) => (
                <td key={h.label} data-label={h.label} className={classOf(h)}>
                  {r.cells[i]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
