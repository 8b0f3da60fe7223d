/**
 * The one browser fetch client for the API at /api/v1: JSON in and out, cookies sent
 * (same-origin), and every failure thrown as an ApiError carrying the spec's error shape
 * `{ errors: { msg: string | [{ param, msg }], options? } }`.
 *
 *   const list = await api.get<DiamondList>('/diamonds', { query: { page: 1, limit: 25 } });
 *   try { await api.post('/login', body) } catch (e) { if (e instanceof ApiError) show(e.message) }
 */
export const API_BASE = '/api/v1';

export type FieldError = { param: string; msg: string };
export type ErrorBody = { errors: { msg: string | FieldError[]; options?: Record<string, unknown> } };

/** Underscores to spaces, first letter capitalised: 'invalid_credentials' -> 'Invalid credentials'. */
export function cleanMessage(msg: string): string {
  const spaced = msg.replace(/_/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, aborted). */
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    const { msg } = body.errors;
    super(typeof msg === 'string' ? cleanMessage(msg) : (msg[0]?.msg ?? 'Request failed'));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The raw msg: a string, or a list of field errors. */
  get msg(): string | FieldError[] {
    return this.body.errors.msg;
  }

  get options(): Record<string, unknown> | undefined {
    return this.body.errors.options;
  }

  /** The first field error (spec: shown against that field), if the msg is a list. */
  get fieldError(): FieldError | undefined {
    const { msg } = this.body.errors;
    return Array.isArray(msg) ? msg[0] : undefined;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
export type RequestOptions = { query?: Query; signal?: AbortSignal; headers?: Record<string, string> };

export function apiUrl(path: string, query?: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v != null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${s ? `?${s}` : ''}`;
}

const isErrorBody = (x: unknown): x is ErrorBody =>
  typeof x === 'object' && x !== null && 'errors' in x && typeof (x as ErrorBody).errors === 'object';

async function request<T>(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method,
      headers,
      credentials: 'same-origin',
      signal: opts.signal,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, { errors: { msg: 'We could not reach the server. Please check your connection.' } });
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    throw new ApiError(
      res.status,
      isErrorBody(data) ? data : { errors: { msg: res.statusText || `Error ${res.status}` } },
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body ?? {}, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body ?? {}, opts),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
};
