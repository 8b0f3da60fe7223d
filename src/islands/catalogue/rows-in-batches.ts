/**
 * The island's table draws a page of new rows without one long frame: the first screen in the
 * render that shows the change, then the rest a few a frame (rows-per-frame.ts), so a filter
 * change paints its first rows at once and no task draws a whole page. Rows that stay the same
 * stones in the same places (a live price or hold patched into the page) are never drawn back
 * in: a table showing them keeps them.
 */
import { useEffect, useState } from 'react';
import { afterPaint, rowsPerFrame } from './rows-per-frame.ts';
import { FIRST_SCREEN_ROWS } from './table-markup.ts';

type Row = { readonly _id: number };
/** the rows drawn of `docs`, and which body they are drawn in (a new one for wholly new rows) */
export type Drawn<T> = { docs: readonly T[]; count: number; body: number };

/** What to draw at once of `next`, after `drawn`: the rows it keeps in their places, else the first screen. */
export function drawnNext<T extends Row>(drawn: Drawn<T>, next: readonly T[]): Drawn<T> {
  const most = Math.min(drawn.count, next.length);
  let same = 0;
  while (same < most && drawn.docs[same]!._id === next[same]!._id) same++;
  return {
    docs: next,
    count: Math.min(next.length, Math.max(FIRST_SCREEN_ROWS, same)),
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
      ? drawnNext({ docs: before as T[], count: before.length, body: 0 }, docs)
      : { docs, count: docs.length, body: 0 },
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
