/**
 * The answer of the stock import (POST /api/v1/admin/stock/import), shared by the API
 * (api/services/stock-import) and the admin screen that shows it.
 */

/** one problem in one row of the file (row 1 is the header; `field` names the column) */
export type RowError = { row: number; field: string; value: string; msg: string };

/** a row as the preview shows it: what would be created or updated */
export type PreviewRow = {
  row: number;
  action: 'create' | 'update';
  StkCodeCalcNS: string;
  StkShape: string | null;
  STWeight: number | null;
  Colour: string | null;
  Clarity: string | null;
  price: number | null;
  ppc: number | null;
  StkCatType: string | null;
};

export type ImportResult = {
  mode: 'preview' | 'apply';
  full: boolean;
  applied: boolean;
  rows: number;
  valid: number;
  errorCount: number;
  errors: RowError[];
  created: number;
  updated: number;
  markedOut: number;
  /** applied only: stones whose row was written (new, changed content, or marked out); an unchanged feed writes none */
  written?: number;
  columns: { header: string; field: string }[];
  ignoredColumns: string[];
  preview: PreviewRow[];
  ms: number;
  /** applied: known stones whose row was the same (nothing written) */
  unchanged?: number;
  /** the run in the import history (not for a preview) */
  runId?: number;
  status?: RunStatus;
  /** preview: the share of bad rows (percent) past which applying is refused */
  badRowsLimitPct?: number;
  /** needs_confirmation: how many stones in stock would leave it, and the first of them */
  leaving?: { count: number; codes: string[] };
};

/** How a run treats the stock: `update` upserts its rows; `replace` also takes every stone it does not list out of stock. */
export const RUN_MODES = ['update', 'replace'] as const;
export type RunMode = (typeof RUN_MODES)[number];

/**
 * What became of a run: `running` (a large push still working), `applied`, `refused` (strict
 * with bad rows, too many bad rows, or a file that cannot be read), `needs_confirmation` (a
 * replace-all that would take too much out of stock waits for staff), then `confirmed` or
 * `discarded`, `failed` (an unexpected error, or a pulled source's file that could not be
 * fetched: nothing was written), and `unchanged` (a pulled source's file was the same as last
 * time: no import).
 */
export const RUN_STATUSES = [
  'running',
  'applied',
  'refused',
  'needs_confirmation',
  'confirmed',
  'discarded',
  'failed',
  'unchanged',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Where a run came from: a staff member's upload, an API Link `stock` key, or a pulled source (stock-sources.ts). */
export const RUN_ORIGINS = ['staff', 'api_key', 'source'] as const;
export type RunOrigin = (typeof RUN_ORIGINS)[number];

/** A row a run skipped: the file's line (header = 1), the column, the cell as written, why. */
export type SkippedRow = { row: number; column: string; value: string; reason: string };

export const skippedOf = (e: RowError): SkippedRow => ({ row: e.row, column: e.field, value: e.value, reason: e.msg });

/** The safety valve's two limits (Admin → Stock → Settings), in percent. */
export type StockImportSettings = { badRowsPct: number; removalPct: number };
export const DEFAULT_IMPORT_SETTINGS: StockImportSettings = { badRowsPct: 2, removalPct: 20 };

/** A run as the history lists it. */
export type RunSummary = {
  id: number;
  origin: RunOrigin;
  /** the staff member's name, the key's name, or the source's */
  originLabel: string;
  fileName: string;
  mode: RunMode;
  strict: boolean;
  status: RunStatus;
  reason: string | null;
  startedAt: string;
  finishedAt: string | null;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  markedOut: number;
  skipped: number;
  /** the change-log sequence numbers the run wrote (API Link /changes), null when it wrote none */
  changes: { from: number; to: number } | null;
};

/** A run with its skipped rows and, while it waits, what would leave the stock. */
export type RunDetail = RunSummary & {
  skippedRows: SkippedRow[];
  leaving: { count: number; codes: string[] } | null;
};
