/**
 * The rows the table shows: the domain's filterAndSort over the index for the current tab,
 * then one page of them as docs. Re-runs only when the index (or its prices), the applied
 * filters, the sort, the tab, the columns or the signed-in state change.
 *
 * Before the index is here, the server's first page stands in while the state is the one it
 * answered (compared by address); once the user changes anything, `waiting` says the change
 * applies when the full set arrives.
 */
import { useMemo } from 'react';
import { addressOf } from '../../domain/catalogue/address.ts';
import {
  filterAndSort,
  pageCount,
  pageRows,
  rowsToDocs,
  type CatalogueIndex,
  type ListState,
} from '../../domain/catalogue/index.ts';
import type { ListDoc } from '../../domain/diamond.ts';
import type { FirstPage } from '../../stores/catalogue.ts';

const NONE = new Int32Array(0);

export type Results = {
  total: number;
  pages: number;
  page: number;
  docs: ListDoc[];
  /** rows shown (from the index or the first page) */
  shown: boolean;
  /** the state moved away from the first page before the index arrived */
  waiting: boolean;
};

export function useResults(
  index: CatalogueIndex | null,
  version: number,
  s: ListState,
  authorised: boolean,
  first: FirstPage | null = null,
  width = 0,
): Results {
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
  const firstHolds = !index && first != null && first.tab === s.tab && addressOf(s, width) === first.address;
  if (index) return { total: rows.length, pages, page, docs, shown: true, waiting: false };
  if (firstHolds)
    return {
      total: first.total,
      pages: first.pages,
      page: first.page,
      docs: first.docs,
      shown: true,
      waiting: false,
    };
  return { total: 0, pages: 1, page: 1, docs: [], shown: false, waiting: first != null };
}
