/**
 * The island's table draws a page of new rows without one long frame: the first screen in the
 * render that shows the change, then the rest a few a frame (rows-per-frame.ts), so a filter
 * change paints its first rows at once and no task draws a whole page. Rows that stay the same
 * stones in the same places (a live price or hold patched into the page) are never drawn back
 * in: a table showing them keeps them. While the rest are drawn in, the table's place keeps the
 * height it had with a whole page, so nothing below it moves up and back and a reader scrolled
 * down the list stays where they were.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { afterPaint, rowsPerFrame } from './rows-per-frame.ts';
import { FIRST_SCREEN_ROWS } from './table-markup.ts';

type Row = { readonly _id: number };
/**
 * The rows drawn of `docs`, which body they are drawn in (a new one for wholly new rows), and
 * whether they came short of the page at first (drawn in batches: the table keeps the page's
 * sizer with them, see CatalogueTable).
 */
export type Drawn<T> = { docs: readonly T[]; count: number; body: number; batched: boolean };

/** What to draw at once of `next`, after `drawn`: the rows it keeps in their places, else the first screen. */
export function drawnNext<T extends Row>(drawn: Drawn<T>, next: readonly T[]): Drawn<T> {
  const most = Math.min(drawn.count, next.length);
  let same = 0;
  while (same < most && drawn.docs[same]!._id === next[same]!._id) same++;
  const count = Math.min(next.length, Math.max(FIRST_SCREEN_ROWS, same));
  return {
    docs: next,
    count,
    batched: count < next.length,
    // wholly new rows go into a new body: one removal of the old rows, not one per row
    body: same === 0 && drawn.count > 0 ? drawn.body + 1 : drawn.body,
  };
}

/**
 * How many of `docs` to draw now, and the key of the body they are drawn in: after each change
 * the first screen and batches after it. A table that takes the place of rows already shown
 * (`before`: the rows the server drew) starts as a change from them; else it draws all its
 * first rows at once, as they are what the place showed.
 */
export function useRowsInBatches<T extends Row>(docs: readonly T[], before?: readonly Row[]): Drawn<T> {
  const [drawn, setDrawn] = useState<Drawn<T>>(() =>
    before
      ? drawnNext({ docs: before as T[], count: before.length, body: 0, batched: false }, docs)
      : { docs, count: docs.length, body: 0, batched: false },
  );
  let now = drawn;
  if (drawn.docs !== docs) {
    now = drawnNext(drawn, docs);
    setDrawn(now);
  }
  const { count } = now;
  useEffect(() => {
    if (count >= docs.length) return;
    return afterPaint(() =>
      setDrawn((d) => (d.docs === docs ? { ...d, count: Math.min(docs.length, d.count + rowsPerFrame()) } : d)),
    );
  }, [docs, count]);
  return now;
}

/**
 * The height of the list's table place as last laid out with a whole page (the rows the server
 * drew, or the island's table once it has drawn all its rows): a callback ref for the place
 * shown, and the height read from it.
 */
export function usePlaceHeight(): [(el: HTMLElement | null) => void, { readonly current: number }] {
  const height = useRef(0);
  const watched = useRef<HTMLElement | null>(null);
  const [observer] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => {
          for (const e of entries)
            if (!e.target.querySelector('.cat-table[aria-busy]'))
              height.current = e.borderBoxSize[0]?.blockSize ?? height.current;
        }),
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  const watch = useCallback(
    (el: HTMLElement | null) => {
      if (watched.current) observer?.unobserve(watched.current);
      watched.current = el;
      if (el) observer?.observe(el);
    },
    [observer],
  );
  return [watch, height];
}

/** Holds the place of `table` at `height` while `busy` (set before the browser lays the change out). */
export function useHeldHeight(
  table: RefObject<HTMLElement | null>,
  busy: boolean,
  height: { readonly current: number } | undefined,
): void {
  useLayoutEffect(() => {
    const place = table.current?.parentElement;
    if (place) place.style.minHeight = busy && height?.current ? `${height.current}px` : '';
  }, [table, busy, height]);
}
