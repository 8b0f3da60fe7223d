/**
 * The answer of the stock import (POST /api/v1/admin/stock/import), shared by the API
 * (api/services/stock-import) and the admin screen that shows it.
 */

/** one problem in one row of the file (row 1 is the header; `field` names the column) */
export type RowError = { row: number; field: string; msg: string };

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
};
