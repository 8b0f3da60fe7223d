/** The frame both import tables share: a scrolling wrapper, a left-aligned caption and column headings. */
import type { ReactNode } from 'react';

/** a column heading; numeric columns align right */
export type Heading = { label: string; num?: boolean };

type Props = { id: string; captionClass: string; caption: ReactNode; headings: Heading[]; children: ReactNode };

export function ImportTable({ id, captionClass, caption, headings, children }: Props) {
  return (
    <div id={id} className="adm-table-wrap">
      <table className="data-table adm-table">
        <caption className={captionClass} style={{ textAlign: 'left', paddingBottom: 'var(--space-2)' }}>
          {caption}
        </caption>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h.label} scope="col" className={h.num ? 'is-num' : undefined}>
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
