/**
 * The filter panel edits a draft that shows at once; the list follows FILTER_DELAY_MS
 * (500 ms) after the last change. Each filter that then differs is sent to the reducer (which
 * resets the page, closes the open row and may ask 'Clear your code'); shape and lab choices go
 * last so their question sees the other changes applied.
 * The changes go as one transition, so the list they redraw never holds the page in one long
 * task. `performance.mark('catalogue:filter-apply')` is set as they go (bench/catalogue-browser.ts).
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import {
  FILTER_DELAY_MS,
  FILTER_KEYS,
  sameValue,
  withFilter,
  type FilterChange,
  type FilterKey,
  type FilterState,
  type ListAction,
} from '../../domain/catalogue/index.ts';

const LAST: readonly FilterKey[] = ['shapes', 'gradingLabs'];
const ORDER = [...FILTER_KEYS.filter((k) => k !== 'search' && !LAST.includes(k)), ...LAST];
export const APPLY_MARK = 'catalogue:filter-apply';

export function useDraftFilters(applied: FilterState, dispatch: (a: ListAction) => void) {
  const [draft, setDraft] = useState(applied);
  const draftRef = useRef(draft);
  const appliedRef = useRef(applied);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    appliedRef.current = applied;
    draftRef.current = applied;
    setDraft(applied);
  }, [applied]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const d = draftRef.current;
    const a = appliedRef.current;
    const changes = ORDER.filter((k) => !sameValue(k, d[k], a[k])).map(
      (k) => ({ key: k, value: d[k] }) as FilterChange,
    );
    if (changes.length === 0) return;
    performance.mark(APPLY_MARK);
    // a transition: React draws the new list in short tasks, yielding to the page between them
    startTransition(() => {
      for (const change of changes) dispatch({ type: 'filter', change });
    });
  }, [dispatch]);

  const change = useCallback(
    (c: FilterChange) => {
      const next = withFilter(draftRef.current, c);
      draftRef.current = next;
      setDraft(next);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, FILTER_DELAY_MS);
    },
    [flush],
  );

  return { draft, change, flush };
}
