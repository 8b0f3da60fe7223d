/**
 * The one place that writes the spec's error shape:
 *   { "errors": { "msg": string | [{ "param", "msg" }], "options"?: {...} } }
 * Handlers throw `HttpError`; a database that cannot be reached (a restart, a failover) is
 * 503 `database_unavailable` with Retry-After; anything else is logged (one JSON line with the
 * stack and the request id) and answered as a bare 500.
 *
 * A person's browser never reads that JSON: a refusal of a browser navigation (a plain HTML
 * form's post or a typed address: `Sec-Fetch-Mode: navigate`, or `Accept` naming text/html)
 * is a small page with the same status and the message in words (refusal-page.ts). Scripts
 * and the site's own client (Accept: application/json) keep the JSON.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { routePath } from 'hono/route';
import * as v from 'valibot';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { logger } from '../services/platform/logger.ts';
import { refusalPage, wantsPage } from './refusal-page.ts';
import { requestNote } from './request-log.ts';

export type FieldError = { param: string; msg: string };
export type ErrorBody = {
  errors: { msg: string | FieldError[]; options?: Record<string, unknown> };
};

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorBody;
  constructor(status: ContentfulStatusCode, msg: string | FieldError[], options?: Record<string, unknown>) {
    super(typeof msg === 'string' ? msg : msg.map((m) => `${m.param}: ${m.msg}`).join('; '));
    this.status = status;
    this.body = { errors: options ? { msg, options } : { msg } };
  }
}

/** valibot issues -> field errors (first issue per field), for a 400. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const param = v.getDotPath(issue) ?? '_';
    if (seen.has(param)) continue;
    seen.add(param);
    out.push({ param, msg: issue.message });
  }
  return out;
}

/** Parses `input` with `schema` or throws a 400 with field errors. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success) throw new HttpError(400, fieldErrors(r.issues));
  return r.output;
}

/** The error answer: the JSON shape, or the page of it for a browser's navigation. */
function answer(c: Context, body: ErrorBody, status: ContentfulStatusCode) {
  return wantsPage(c) ? c.html(refusalPage(body, status), status) : c.json(body, status);
}

export const onError: ErrorHandler = (err, c) => {
  if (err instanceof HttpError) return answer(c, err.body, err.status);
  // Hono's own HTTPException (e.g. body limit) carries a status of its own.
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return answer(c, { errors: { msg: err.message || 'bad_request' } }, status as ContentfulStatusCode);
  }
  if (isDatabaseUnavailable(err)) {
    c.header('retry-after', '5');
    return answer(c, { errors: { msg: 'database_unavailable' } }, 503);
  }
  logger.error({ err, reqId: requestNote(c)?.id, method: c.req.method, route: routePath(c) }, 'unexpected error');
  return answer(c, { errors: { msg: 'internal_error' } }, 500);
};

export const onNotFound: NotFoundHandler = (c: Context) => answer(c, { errors: { msg: 'not_found' } }, 404);
