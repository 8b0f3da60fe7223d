/** Pager: first / previous / next / last, "Page n of N", total stones and the page size. */
import { PAGE_SIZES } from '../../domain/catalogue/index.ts';

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

const count = new Intl.NumberFormat('en-GB');

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
  const last = Math.max(1, totalPages);
  const atStart = page <= 1;
  const atEnd = page >= last;
  return (
    <nav className="cat-pager" aria-label="Pages of the stock list" aria-busy={busy}>
      <p className="cat-pager__total">
        {totalDocs == null ? (
          'Loading stock…'
        ) : (
          <>
            <strong>{count.format(totalDocs)}</strong> {totalDocs === 1 ? 'stone' : 'stones'}
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
          Page <strong>{page}</strong> of {count.format(last)}
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
