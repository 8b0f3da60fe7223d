/**
 * Loads one page of the diamond list from `GET /api/v1/diamonds` and keeps the page and page
 * size in the address (?page=&limit=) so a reload or a shared link opens the same page.
 * A newer request aborts the older one; the last good page stays on screen while the next
 * one loads.
 */
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import type { DiamondList } from '../../domain/diamond.ts';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_SORT = { sort: 'createdAt', order: 1 } as const;

export type Paging = { page: number; limit: number };
export type PageState = {
  data: DiamondList | null;
  loading: boolean;
  error: string | null;
};

function readPaging(): Paging {
  const q = new URLSearchParams(window.location.search);
  const page = Math.max(1, Math.floor(Number(q.get('page')) || 1));
  const limit = Number(q.get('limit'));
  return { page, limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE };
}

function writePaging({ page, limit }: Paging): void {
  const url = new URL(window.location.href);
  if (page > 1) url.searchParams.set('page', String(page));
  else url.searchParams.delete('page');
  if (limit !== DEFAULT_PAGE_SIZE) url.searchParams.set('limit', String(limit));
  else url.searchParams.delete('limit');
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

export function useDiamondPage() {
  // Server render and first client render agree on the defaults; the address is read after.
  const [paging, setPaging] = useState<Paging | null>(null);
  const [state, setState] = useState<PageState>({ data: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setPaging(readPaging()), []);

  useEffect(() => {
    if (!paging) return;
    writePaging(paging);
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    api
      .get<DiamondList>('/diamonds', {
        query: { page: paging.page, limit: paging.limit, ...DEFAULT_SORT },
        signal: controller.signal,
      })
      .then((data) => {
        // A page past the end (stock sold since the link was made): go to the last page.
        if (data.totalPages > 0 && paging.page > data.totalPages) {
          setPaging({ ...paging, page: data.totalPages });
          return;
        }
        setState({ data, loading: false, error: null });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof ApiError ? err.message : 'Something went wrong while loading the stock list.';
        setState((s) => ({ ...s, loading: false, error: message }));
      });
    return () => controller.abort();
  }, [paging, attempt]);

  const goTo = useCallback((page: number) => setPaging((p) => (p ? { ...p, page: Math.max(1, page) } : p)), []);
  const setLimit = useCallback((limit: number) => setPaging({ page: 1, limit }), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { paging: paging ?? { page: 1, limit: DEFAULT_PAGE_SIZE }, ...state, goTo, setLimit, retry };
}
