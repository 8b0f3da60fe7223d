/**
 * Whole table rows from the raw rows (arrays) of a prepared SQLite select of that table,
 * each column decoded by its own `mapFromDriverValue` (timestamps to Date, booleans, JSON),
 * exactly as drizzle returns them. drizzle's generic mapper asks, for every field of every
 * row, what kind of field it is; for a page of 100 stones of some 70 columns that took longer
 * than the query itself. This one is built once per table.
 *
 *   const page = db.select().from(diamonds).limit(sql.placeholder('limit')).prepare();
 *   const toRow = tableRowMapper(diamonds);
 *   const rows = (page.values({ limit: 100 }) as unknown[][]).map(toRow);
 */
import { Column, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

export function tableRowMapper<T extends Table>(table: T): (row: unknown[]) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const keys = columns.map(([key]) => key);
  const decoders = columns.map(([, column]) =>
    column.mapFromDriverValue === Column.prototype.mapFromDriverValue
      ? null
      : (value: unknown) => column.mapFromDriverValue(value),
  );
  const n = keys.length;
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const value = row[i];
      const decode = decoders[i];
      out[keys[i]!] = value === null || !decode ? value : decode(value);
    }
    return out as InferSelectModel<T>;
  };
}
