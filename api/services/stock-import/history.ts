/**
 * The import history (Admin → Stock → History; API Link `GET /stock/imports/{id}`): runs
 * newest first, one run with its skipped rows, the skipped rows as CSV, and when the stock
 * last changed through an import (the dashboard's "stock last updated").
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { stockImports, type StockImport } from '../../../db/tables.ts';
import type { RunDetail, RunSummary } from '../../../src/domain/stock-import.ts';
import { HttpError } from '../../middleware/errors.ts';
import { csvCell } from '../link/feed-templates.ts';

export const HISTORY_PAGE = 50;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const summaryOf = (r: StockImport): RunSummary => ({
  id: r.id,
  origin: r.origin,
  originLabel: r.originLabel,
  fileName: r.fileName,
  mode: r.mode,
  strict: r.strict,
  status: r.status,
  reason: r.reason,
  startedAt: r.startedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
  rows: r.rows,
  created: r.created,
  updated: r.updated,
  unchanged: r.unchanged,
  markedOut: r.markedOut,
  skipped: r.skipped,
  changes: r.seqFrom != null && r.seqTo != null ? { from: r.seqFrom, to: r.seqTo } : null,
});

/** The newest runs first, a page at a time (`page` from 1). */
export async function listRuns(db: Db, page = 1): Promise<{ runs: RunSummary[]; page: number; more: boolean }> {
  const rows = await db
    .select({
      id: stockImports.id,
      origin: stockImports.origin,
      staffId: stockImports.staffId,
      apiKeyId: stockImports.apiKeyId,
      sourceId: stockImports.sourceId,
      originLabel: stockImports.originLabel,
      fileName: stockImports.fileName,
      mode: stockImports.mode,
      strict: stockImports.strict,
      status: stockImports.status,
      reason: stockImports.reason,
      startedAt: stockImports.startedAt,
      finishedAt: stockImports.finishedAt,
      rows: stockImports.rows,
      created: stockImports.created,
      updated: stockImports.updated,
      unchanged: stockImports.unchanged,
      markedOut: stockImports.markedOut,
      skipped: stockImports.skipped,
      seqFrom: stockImports.seqFrom,
      seqTo: stockImports.seqTo,
    })
    .from(stockImports)
    .orderBy(desc(stockImports.id))
    .limit(HISTORY_PAGE + 1)
    .offset((page - 1) * HISTORY_PAGE);
  return {
    runs: rows.slice(0, HISTORY_PAGE).map((r) => summaryOf({ ...r, skippedRows: [], pending: null, leaving: null })),
    page,
    more: rows.length > HISTORY_PAGE,
  };
}

export async function findRun(db: Db, id: number): Promise<StockImport> {
  const run = (await db.select().from(stockImports).where(eq(stockImports.id, id)).limit(1))[0];
  if (!run) throw new HttpError(404, 'import_not_found');
  return run;
}

export const detailOf = (r: StockImport): RunDetail => ({
  ...summaryOf(r),
  skippedRows: r.skippedRows,
  leaving: r.status === 'needs_confirmation' ? r.leaving : null,
});

/** The skipped rows as CSV: row, column, value, reason. */
export function skippedCsv(r: StockImport): string {
  const lines = [['row', 'column', 'value', 'reason'].join(',')];
  for (const s of r.skippedRows) lines.push([s.row, s.column, s.value, s.reason].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** When an import last changed the stock (null when none has). */
export async function stockLastUpdated(db: Db): Promise<string | null> {
  const row = (
    await db
      .select({ at: stockImports.finishedAt })
      .from(stockImports)
      .where(inArray(stockImports.status, ['applied', 'confirmed']))
      .orderBy(desc(stockImports.id))
      .limit(1)
  )[0];
  return iso(row?.at ?? null);
}
