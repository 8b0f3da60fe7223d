/**
 * The rows the table shows: the domain's filterAndSort over the index for the current tab,
 * then one page of them as docs. Re-runs only when the index (or its prices), the applied
 * filters, the sort, the tab, the columns or the signed-in state change.
 */
import { useMemo } from 'react';
import {
  filterAndSort,
  pageCount,
  pageRows,
  rowsToDocs,
  type CatalogueIndex,
  type ListState,
} from '../../domain/catalogue/index.ts';
import type { DiamondDoc } from '../../domain/diamond.ts';

const NONE = new Int32Array(0);

export type Results = { total: number; pages: number; page: number; docs: DiamondDoc[] };

export function useResults(index: CatalogueIndex | null, version: number, s: ListState, authorised: boolean): Results {
  const rows = useMemo(
    () =>
      index && version >= 0
        ? filterAndSort(index, s.filters, s.sort, { tab: s.tab, authorised, columns: s.columns })
        : NONE,
    [index, version, s.filters, s.sort, s.tab, s.columns, authorised],
  );
  const pages = pageCount(rows.length, s.pageSize);
  const page = Math.min(s.page, pages);
  const docs = useMemo(
    () => (index ? rowsToDocs(index, pageRows(rows, page, s.pageSize)) : []),
    [index, rows, page, s.pageSize],
  );
  return { total: rows.length, pages, page, docs };
}
