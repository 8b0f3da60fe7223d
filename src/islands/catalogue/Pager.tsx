/** Pager: first / previous / next / last, "Page n of N", total stones and the page size. */
import { pageCount, PAGE_SIZES } from '../../domain/catalogue/index.ts';
import { pagerCount, pagerPlace, stonesWord, type DrawnPager } from './pager-markup.ts';

type Props = {
  page: number;
  totalPages: number;
  /** null while the first page is loading */
  totalDocs: number | null;
  limit: number;
  busy: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  idPrefix: string;
};

type Shown = Pick<Props, 'page' | 'totalPages' | 'totalDocs' | 'limit'>;

/**
 * What the pager shows: the list's results once it shows them; before that, the values the
 * server drew into the page with its rows (exactly as drawn while the island hydrates, then
 * for this screen's page size), else a loading pager.
 */
export function pagerShows(
  results: { shown: boolean; page: number; pages: number; total: number },
  pageSize: number,
  drawn: DrawnPager | null,
  hydrated: boolean,
): Shown {
  if (results.shown)
    return { page: results.page, totalPages: results.pages, totalDocs: results.total, limit: pageSize };
  if (drawn && !hydrated)
    return { page: drawn.page, totalPages: drawn.pages, totalDocs: drawn.total, limit: drawn.pageSize };
  if (drawn)
    return { page: drawn.page, totalPages: pageCount(drawn.total, pageSize), totalDocs: drawn.total, limit: pageSize };
  return { page: results.page, totalPages: results.pages, totalDocs: null, limit: pageSize };
}

const Chevron = ({ dir, double = false }: { dir: 'left' | 'right'; double?: boolean }) => (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    aria-hidden="true"
  >
    <g transform={dir === 'left' ? 'matrix(-1 0 0 1 24 0)' : undefined}>
      {double ? <path d="m6 6 6 6-6 6M13 6l6 6-6 6" /> : <path d="m9 6 6 6-6 6" />}
    </g>
  </svg>
);

export function Pager({ page, totalPages, totalDocs, limit, busy, onPage, onLimit, idPrefix }: Props) {
  const { last, atStart, atEnd } = pagerPlace(page, totalPages);
  return (
    <nav className="cat-pager" aria-label="Pages of the stock list" aria-busy={busy}>
      <p className="cat-pager__total">
        {totalDocs == null ? (
          'Loading stock…'
        ) : (
          <>
            <strong>{pagerCount(totalDocs)}</strong> {stonesWord(totalDocs)}
          </>
        )}
      </p>
      <div className="cat-pager__size">
        <label htmlFor={`${idPrefix}-limit`}>Show</label>
        <select
          id={`${idPrefix}-limit`}
          className="select cat-pager__select"
          value={limit}
          onChange={(e) => onLimit(Number(e.target.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="cat-pager__steps">
        <button
          type="button"
          className="cat-pager__btn"
          onClick={() => onPage(1)}
          disabled={atStart}
          aria-label="First page"
        >
          <Chevron dir="left" double />
        </button>
        <button
          type="button"
          className="cat-pager__btn"
          onClick={() => onPage(page - 1)}
          disabled={atStart}
          aria-label="Previous page"
        >
          <Chevron dir="left" />
        </button>
        <span className="cat-pager__where" aria-live="polite">
          Page <strong>{page}</strong> of {pagerCount(last)}
        </span>
        <button
          type="button"
          className="cat-pager__btn"
          onClick={() => onPage(page + 1)}
          disabled={atEnd}
          aria-label="Next page"
        >
          <Chevron dir="right" />
        </button>
        <button
          type="button"
          className="cat-pager__btn"
          onClick={() => onPage(last)}
          disabled={atEnd}
          aria-label="Last page"
        >
          <Chevron dir="right" double />
        </button>
      </div>
    </nav>
  );
}
