/**
 * Code search: a case-insensitive substring of the stock code or the certificate number, applied after a SEARCH_DELAY_MS
 * (1 s) typing pause, on Enter or with the button; Escape or the clear button empties it. The
 * box follows the applied search when it changes elsewhere (a 'Clear your code' answer, the
 * back button).
 */
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DELAY_MS } from '../../domain/catalogue/index.ts';

type Props = { value: string; onSearch: (q: string) => void };

export function SearchBox({ value, onSearch }: Props) {
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = (q: string) => {
    window.clearTimeout(timer.current);
    if (q.trim() !== value.trim()) onSearch(q.trim());
  };
  return (
    <form
      className="cat-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        submit(text);
      }}
    >
      <label className="sr-only" htmlFor="cat-search">
        Search by stock code or certificate number
      </label>
      <input
        id="cat-search"
        className="input cat-search__input"
        type="search"
        placeholder="Stock code or certificate no."
        autoComplete="off"
        value={text}
        onChange={(e) => {
          const q = e.target.value;
          setText(q);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => submit(q), SEARCH_DELAY_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            setText('');
            submit('');
          }
        }}
      />
      <button type="submit" className="cat-search__btn" aria-label="Search">
        <svg
          width="15"
          height="15"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          aria-hidden="true"
        >
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m15.5 15.5 5 5" />
        </svg>
      </button>
    </form>
  );
}
