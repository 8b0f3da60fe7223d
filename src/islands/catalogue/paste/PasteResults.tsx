/**
 * The answer to a pasted list, in place of the stock list: counts (found, gone, unknown), the
 * found stones in the list's own table (every column, sortable, rows open as in the list),
 * the gone ones with when they left, the unknown ones with "Copy the unknown ones", and
 * actions on every found stone: add to the bag, compare or favourites, download; and whether the
 * page's address keeps the list.
 */
import { useCallback, useMemo, useState } from 'react';
import {
  DEFAULT_SORT,
  nextSort,
  rowsOfIds,
  rowsToDocs,
  sortRows,
  type CatalogueIndex,
  type SortState,
} from '../../../domain/catalogue/index.ts';
import { codesWith } from '../../../domain/catalogue/paste-list.ts';
import { closePasteList, type LookupItem } from '../../../stores/paste-list.ts';
import { openComingSoon360 } from '../../../stores/dialog.ts';
import { DownloadDrawer } from '../../downloads/DownloadDrawer.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { CatalogueTable } from '../CatalogueTable.tsx';
import type { ColumnContext } from '../columns.tsx';
import { RowActions } from '../RowActions.tsx';
import { RowDetail } from '../RowDetail.tsx';
import { PasteActions } from './PasteActions.tsx';
import './paste.css';

type Props = {
  items: LookupItem[];
  duplicates: number;
  /** the list is in the page's address (a reload shows it again; the address can be shared) */
  inAddress: boolean;
  index: CatalogueIndex;
  ctx: ColumnContext;
};

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '';

export function PasteResults({ items, duplicates, inAddress, index, ctx }: Props) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [openRow, setOpenRow] = useState<number | null>(null);
  const [download, setDownload] = useState(false);
  const foundIds = useMemo(() => items.flatMap((i) => (i.status === 'found' && i.id != null ? [i.id] : [])), [items]);
  const found = useMemo(() => {
    const rows = rowsOfIds(index, [...new Set(foundIds)]);
    return rowsToDocs(index, sort ? sortRows(index, rows, sort, ctx.authorised) : rows);
  }, [index, foundIds, sort, ctx.authorised]);
  const gone = items.filter((i) => i.status === 'gone');
  const unknown = codesWith(items, 'unknown');
  const onToggleRow = useCallback((id: number) => setOpenRow((o) => (o === id ? null : id)), []);

  return (
    <section className="paste" aria-labelledby="paste-title">
      <header className="paste__head">
        <h2 id="paste-title" className="paste__title">
          Pasted list
        </h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={closePasteList}>
          Back to the stock list
        </button>
      </header>
      <p className="paste__counts" role="status">
        {items.length} looked up: <strong>{found.length} found</strong>, <strong>{gone.length} gone</strong>,{' '}
        <strong>{unknown.length} unknown</strong>
        {duplicates > 0 && ` (${duplicates} repeated left out)`}
      </p>
      <p className="paste__where">
        {inAddress
          ? 'This page’s address keeps the list: share it with a colleague, or reload to look it up again.'
          : 'This list is too long to keep in the page’s address: a reload returns to the stock list.'}
      </p>
      <PasteActions ids={found.map((d) => d._id)} onDownload={() => setDownload(true)} />

      <h3 className="paste__sub">Found ({found.length})</h3>
      {found.length > 0 ? (
        <div className="cat-table-wrap">
          <CatalogueTable
            docs={found}
            ctx={ctx}
            openRow={openRow}
            onToggleRow={onToggleRow}
            sort={sort ?? DEFAULT_SORT}
            onSort={(column) => setSort(nextSort(sort ?? DEFAULT_SORT, column))}
            loading={false}
            caption={`Found stones of the pasted list, ${found.length}`}
            renderDetail={(d) => (
              <RowDetail
                doc={d}
                ctx={ctx}
                onComingSoon={openComingSoon360}
                extras={<RowActions doc={d} authorised={ctx.authorised} />}
              />
            )}
          />
        </div>
      ) : (
        <p className="paste__none">None of the list is in stock.</p>
      )}

      {gone.length > 0 && (
        <>
          <h3 className="paste__sub">Gone ({gone.length})</h3>
          <table className="data-table paste__gone">
            <caption className="sr-only">Stones of the pasted list that left the stock</caption>
            <thead>
              <tr>
                <th scope="col">As pasted</th>
                <th scope="col">Stock code</th>
                <th scope="col">Left the stock</th>
              </tr>
            </thead>
            <tbody>
              {gone.map((g) => (
                <tr key={g.code}>
                  <td>{g.code}</td>
                  <td>{g.stock_code}</td>
                  <td>{when(g.gone_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      <h3 className="paste__sub">Unknown ({unknown.length})</h3>
      {unknown.length > 0 ? (
        <>
          <ul className="paste__unknown">
            {unknown.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <CopyButton text={unknown.join('\n')} label="Copy the unknown ones" className="btn btn--ghost btn--small" />
        </>
      ) : (
        <p className="paste__none">Every code was known.</p>
      )}
      <DownloadDrawer open={download} onOpenChange={setDownload} docs={found} tickedIds={[]} />
    </section>
  );
}
