/**
 * The rows the table shows: the domain's filterAndSort over the index for the current tab,
 * then one page of them as docs. Re-runs only when the index (or its prices), the applied
 * filters, the sort, the tab, the columns or the signed-in state change.
 *
 * The rows are the domain's `listRows` and `pageOfRows` (address-page.ts), the same rule the
 * server draws the page's first rows with. Before the index is here, the server's first page
 * stands in while the state is the one it answered (compared by address); a change made
 * meanwhile asks the server for its own first page (`loadAddressPage`), and `waiting` says so
 * until it (or the full set) is here. An index older than the server's first page (the browser's
 * copy from an earlier visit, until the live stream brings it up to date) gives way to that
 * page for the page's own address, so its older prices never show over the server's.
 */
import { useEffect, useMemo, useRef } from 'react';
import { addressOf } from '../../domain/catalogue/address.ts';
import { listRows, pageOfRows } from '../../domain/catalogue/address-page.ts';
import { rowsToDocs, type CatalogueIndex, type ListState } from '../../domain/catalogue/index.ts';
import type { ListDoc } from '../../domain/diamond.ts';
import { loadAddressPage } from '../../stores/catalogue.ts';
import type { ShownFirst } from '../../stores/catalogue-first.ts';

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
  first: ShownFirst | null = null,
  width = 0,
  /** the address has been read (until then the state is not yet the one the page opened at) */
  settled = false,
  /** the index is older than the server's first page (stores/catalogue.ts): that page stands for its address */
  behind = false,
  /** a newer index is on its way (the next, deferred render brings it: the list settled) */
  newer = false,
): Results {
  // filters, sort and tab only: a page change cuts another page from the same rows; with a
  // newer index on its way, the rows shown stand until it is here, not worked out on the older
  const last = useRef<Int32Array>(NONE);
  const rows = useMemo(
    () =>
      index && version >= 0 ? (newer && last.current.length > 0 ? last.current : listRows(index, s, authorised)) : NONE,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, version, s.filters, s.sort, s.tab, s.columns, authorised],
  );
  last.current = rows;
  const cut = useMemo(() => pageOfRows(rows, { page: s.page, pageSize: s.pageSize }), [rows, s.page, s.pageSize]);
  const { pages, page } = cut;
  const docs = useMemo(() => (index ? rowsToDocs(index, cut.rows) : []), [index, cut]);
  const address = first != null && (!index || (behind && !first.kept)) ? addressOf(s, width) : null;
  const firstHolds = address !== null && first!.tab === s.tab && address === first!.address;
  // a change before the full set is here: the server answers its first page meanwhile
  const ask = settled && !index && address !== null && !firstHolds ? address : null;
  useEffect(() => {
    if (ask !== null) loadAddressPage(ask, width);
  }, [ask, width]);
  // one object while nothing it holds changes: the table skips renders that do not touch its rows
  return useMemo((): Results => {
    if (index && !firstHolds) return { total: rows.length, pages, page, docs, shown: true, waiting: false };
    if (firstHolds)
      return {
        total: first!.total,
        pages: first!.pages,
        page: first!.page,
        docs: first!.docs,
        shown: true,
        waiting: false,
      };
    return { total: 0, pages: 1, page: 1, docs: [], shown: false, waiting: first != null };
  }, [index, rows.length, pages, page, docs, firstHolds, first]);
}
