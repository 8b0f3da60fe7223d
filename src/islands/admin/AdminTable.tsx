/**
 * The admin area's data table: a header row from `columns` (an empty name is an actions
 * column, named for screen readers only) and the section's rows as children.
 */
import type { ReactNode } from 'react';

export function AdminTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="data-table adm-table">
      <thead>
        <tr>
          {columns.map((name, i) => (
            <th key={name || `actions-${i}`} scope="col">
              {name || <span className="sr-only">Actions</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
