/**
 * The list state of Customers: the status filter (pending by default), the API filter and
 * the search words live in the address (?status=&api=&q=&page=), the page of customers is
 * fetched from the API (a search waits for a pause in typing), and an action's answer
 * replaces its row.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import {
  API_FILTERS,
  listCustomers,
  STATUSES,
  type ApiFilter,
  type Customer,
  type StatusFilter,
} from './customers-api.ts';

export type Filters = { status: StatusFilter; api: ApiFilter; q: string; page: number };

function readFilters(): Filters {
  const q = new URLSearchParams(window.location.search);
  const status = q.get('status') as StatusFilter;
  const api = q.get('api') as ApiFilter;
  return {
    status: STATUSES.includes(status) ? status : 'pending',
    api: API_FILTERS.includes(api) ? api : 'any',
    q: q.get('q') ?? '',
    page: Math.max(1, Number(q.get('page')) || 1),
  };
}

function writeFilters(f: Filters) {
  const url = new URL(window.location.href);
  url.search = '';
  if (f.status !== 'pending') url.searchParams.set('status', f.status);
  if (f.api !== 'any') url.searchParams.set('api', f.api);
  if (f.q.trim()) url.searchParams.set('q', f.q.trim());
  if (f.page > 1) url.searchParams.set('page', String(f.page));
  window.history.replaceState(null, '', url);
}

/** Resolves after `ms`, or rejects when `signal` aborts first. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export function useCustomers() {
  const [filters, setFilters] = useState<Filters | null>(null);
  const searched = useRef('');

  useEffect(() => setFilters(readFilters()), []);
  useEffect(() => {
    if (filters) writeFilters(filters);
  }, [filters]);

  const { data, setData, error, loading } = useApiQuery(filters && JSON.stringify(filters), async (signal) => {
    if (!filters) return null;
    // typing a search waits for a pause; a filter click loads at once
    const wait = filters.q === searched.current ? 0 : 250;
    searched.current = filters.q;
    if (wait) await pause(wait, signal);
    return listCustomers(filters.status, filters.api, filters.q, filters.page, signal);
  });

  const change = useCallback((patch: Partial<Filters>) => setFilters((f) => (f ? { ...f, page: 1, ...patch } : f)), []);
  const replace = useCallback(
    (c: Customer) => setData((d) => (d ? { ...d, docs: d.docs.map((x) => (x._id === c._id ? c : x)) } : d)),
    [setData],
  );
  return {
    filters: filters ?? { status: 'pending' as const, api: 'any' as const, q: '', page: 1 },
    data,
    error: error == null ? '' : error instanceof ApiError ? error.message : 'Could not load the customers.',
    loading,
    change,
    replace,
  };
}
