/**
 * The one browser client for the API at /api/v1, typed from the server's own routes: `client`
 * is Hono's `hc` over `ApiRoutes` (api/app.ts, a type-only import, so no server code enters the
 * bundle), and `call()` turns its answer into the success body typed from the route, or throws
 * an ApiError carrying the error shape `{ errors: { msg: string | [{ param, msg }], options? } }`.
 *
 *   const { bag } = await call(client.profile.bag.$post({ json: { diamondId: 7 } }));
 *   const list = await call(client.diamonds.$get({ query: { page: 1, limit: 25 } }, { init: { signal } }));
 *   try { await call(client.login.$post({ json })) } catch (e) { if (e instanceof ApiError) show(e.message) }
 */
import { hc, type ClientResponse } from 'hono/client';
import type { ApiRoutes } from '../../api/app.ts';

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

/** A refusal the server meant (4xx): the person is shown its reason; it is not a fault. */
export const isRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status >= 400 && err.status < 500;

/** A refusal in words: its own sentence when the server gave one, else its message. */
export function refusalText(err: ApiError): string {
  const sentence = err.options?.message;
  return err.fieldError?.msg ?? (typeof sentence === 'string' ? sentence : err.message);
}

/**
 * Writes a failure to the console as an error unless it is an expected refusal (a held stone,
 * a changed price: shown to the person instead, never logged as if the site had broken).
 */
export function logUnexpected(where: string, err: unknown): void {
  if (!isRefusal(err)) console.error(where, err);
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** A query string without the empty values (null, undefined, ''). */
function searchParams(query?: Query): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v != null && v !== '') qs.set(k, String(v));
  return qs;
}

export function apiUrl(path: string, query?: Query): string {
  const s = searchParams(query).toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${s ? `?${s}` : ''}`;
}

const OFFLINE = 'We could not reach the server. Please check your connection.';

/** Resolves in a task of its own, once the task running now is over. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * fetch, with "no answer at all" as an ApiError of status 0; an abort passes through as itself.
 * The request leaves in a task of its own, after the one that asked for it: an island's start-up
 * asks for several things from inside one task (React's commit and the effects it runs), and
 * each fetch call costs the main thread a few milliseconds there, which would make that task long.
 */
async function reach(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  await nextTask();
  try {
    return await fetch(input, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, { errors: { msg: OFFLINE } });
  }
}

export const client = hc<ApiRoutes>(API_BASE, {
  fetch: reach,
  headers: { Accept: 'application/json' },
  init: { credentials: 'same-origin' },
  buildSearchParams: (query) => searchParams(query as Query),
});

const isErrorBody = (x: unknown): x is ErrorBody =>
  typeof x === 'object' && x !== null && 'errors' in x && typeof (x as ErrorBody).errors === 'object';

/** What a route answers when it succeeds (its error answers are thrown, never returned, by the server). */
export type Answer<R> = R extends ClientResponse<infer Body, number, string> ? Body : never;

/** What a client method answers on success: `AnswerOf<typeof client.admin.audit.$get>`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnswerOf<F extends (...args: any[]) => Promise<unknown>> = Answer<Awaited<ReturnType<F>>>;

/** The success body of a typed request; anything else is thrown as an ApiError. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<Answer<R>> {
  const res = await request;
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
  return data as Answer<R>;
}
