/**
 * The diamond list island (/diamonds/all): one page of stock from the API in a
 * @tanstack/react-table table with manual (server) pagination. Filters, sorting, tabs,
 * row expansion and the side drawer come in later issues and plug in here.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { $site, loadSite } from '../../stores/site.ts';
import { catalogueColumns, hasPriceFields, type ColumnMeta } from './columns.tsx';
import { Pager } from './Pager.tsx';
import { useDiamondPage } from './useDiamondPage.ts';
import './toolbar.css';
import './table.css';
import './table-phone.css';

const SKELETON_ROWS = 8;

export default function CatalogueIsland() {
  const site = useStore($site);
  const { paging, data, loading, error, goTo, setLimit, retry } = useDiamondPage();

  useEffect(() => {
    void loadSite();
  }, []);

  const ccy = site.data?.ccy ?? 'USD';
  const rates = site.data?.fxrates;
  const columns = useMemo(() => catalogueColumns({ ccy, rates: rates ?? [] }), [ccy, rates]);
  const docs = useMemo(() => data?.docs ?? [], [data]);

  const table = useReactTable({
    data: docs,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (d) => String(d._id),
    manualPagination: true,
    pageCount: data?.totalPages ?? -1,
    state: { pagination: { pageIndex: paging.page - 1, pageSize: paging.limit } },
    onPaginationChange: (updater) => {
      const next =
        typeof updater === 'function' ? updater({ pageIndex: paging.page - 1, pageSize: paging.limit }) : updater;
      if (next.pageSize !== paging.limit) setLimit(next.pageSize);
      else goTo(next.pageIndex + 1);
    },
  });

  const visitor = docs.length > 0 && !docs.some(hasPriceFields);
  const firstLoad = data == null && loading;
  const pager = (where: 'top' | 'bottom') => (
    <Pager
      idPrefix={`cat-${where}`}
      page={paging.page}
      totalPages={data?.totalPages ?? 1}
      totalDocs={data?.totalDocs ?? null}
      limit={paging.limit}
      busy={loading}
      onPage={(p) => {
        table.setPageIndex(p - 1);
        if (where === 'bottom') document.getElementById('catalogue')?.scrollIntoView({ block: 'start' });
      }}
      onLimit={(n) => table.setPageSize(n)}
    />
  );

  return (
    <section id="catalogue" className="cat" aria-label="Stock list" aria-busy={loading}>
      <div className="cat-toolbar">
        {pager('top')}
        {site.data && (
          <p className="cat-ccy">
            Prices in <strong>{ccy}</strong>
          </p>
        )}
      </div>

      {visitor && (
        <div className="cat-notice" role="note">
          <p>
            <strong>Trade prices are reserved for approved accounts.</strong> Sign in or register your business to see
            prices, price per carat and availability.
          </p>
          <div className="cat-notice__actions">
            <button type="button" className="btn btn--small" data-account-entry data-account-dialog="login">
              Login
            </button>
            <a className="btn btn--ghost btn--small" href="/#register">
              Register
            </a>
          </div>
        </div>
      )}

      {error && (
        <div className="cat-error" role="alert">
          <p>
            <strong>The stock list could not be loaded.</strong> {error}
          </p>
          <button type="button" className="btn btn--ghost btn--small" onClick={retry}>
            Try again
          </button>
        </div>
      )}

      <div className={`cat-table-wrap${loading && !firstLoad ? ' is-loading' : ''}`} hidden={data == null && !loading}>
        <div className="cat-progress" hidden={!loading} aria-hidden="true" />
        <table className="data-table cat-table">
          <caption className="sr-only">
            Diamonds, page {paging.page} of {data?.totalPages ?? 1}
          </caption>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const meta = h.column.columnDef.meta as ColumnMeta | undefined;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className={[meta?.numeric && 'is-num', meta?.className].filter(Boolean).join(' ')}
                    >
                      {flexRender(h.column.columnDef.header, h.getContext())}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {firstLoad &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={`s${i}`} className="cat-skeleton" aria-hidden="true">
                  {columns.map((c, j) => (
                    <td key={j} className={(c.meta as ColumnMeta | undefined)?.className}>
                      <span className="cat-skeleton__bar" />
                    </td>
                  ))}
                </tr>
              ))}
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={row.original.specialOffer ? 'is-special' : undefined}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as ColumnMeta | undefined;
                  return (
                    <td
                      key={cell.id}
                      data-label={meta?.label}
                      className={[meta?.numeric && 'is-num', meta?.className].filter(Boolean).join(' ') || undefined}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && !error && data && docs.length === 0 && (
          <div className="cat-empty">
            <p className="cat-empty__title">No Results Found</p>
            <p>Change Your Criteria Using The Filters In The Side Column</p>
          </div>
        )}
      </div>

      {docs.length > 0 && <div className="cat-foot">{pager('bottom')}</div>}
    </section>
  );
}
