/**
 * The one loading hook for reads from the API. It runs `fetcher(signal)` whenever `key`
 * changes (a null key: nothing to load yet), aborts the run before it, and keeps
 * `{ data, error, loading }`; `reload()` runs it again, `setData` edits the loaded value.
 *
 *   const { data, error } = useApiQuery(`post:${id}`, (signal) =>
 *     call(client.admin.posts[':id'].$get({ param: { id: String(id) } }, { init: { signal } })),
 *   );
 *
 * `key` stands for everything the fetcher reads, so a new fetcher each render does not refetch.
 * An answer that arrives after its run was aborted (a newer key, or the component gone) is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type ApiQuery<T> = {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
  setData: (next: T | null | ((previous: T | null) => T | null)) => void;
};

export function useApiQuery<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>): ApiQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(key != null);
  const [tick, setTick] = useState(0);
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  useEffect(() => {
    if (key == null) return;
    const ctl = new AbortController();
    const live = () => !ctl.signal.aborted;
    setLoading(true);
    latest
      .current(ctl.signal)
      .then((d) => {
        if (!live()) return;
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => live() && setError(e))
      .finally(() => live() && setLoading(false));
    return () => ctl.abort();
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload, setData };
}
