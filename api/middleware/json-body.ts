/**
 * JSON bodies. A JSON route refuses any other media type with 415 'unsupported_media_type'
 * (an HTML form or a text/plain "simple request" cannot reach it, which also blunts CSRF),
 * answers 400 'invalid_json' for malformed JSON, then validates with the input's valibot
 * schema (400 with field errors). The size limit (413) is enforced earlier, while the body
 * streams, by `bodyLimits()` (body-limit.ts).
 *
 * Use `readJson(c, Schema)` in a handler; `jsonBody()` guards routes that read the body
 * some other way. Both are per route on purpose: a sub-app mounted at '/' that called
 * `.use(jsonBody())` would put the guard in front of every other resource too.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import { BODY_MESSAGE, isJsonObject } from '../../src/domain/validation/fields.ts';
import { HttpError, parseOr400 } from './errors.ts';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

export const isJsonType = (contentType: string | undefined): boolean => {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
};

const hasBody = (c: Context): boolean => {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  return c.req.header('transfer-encoding') !== undefined || c.req.raw.body !== null;
};

/** 415 for a POST/PUT/PATCH whose body (or declared type) is not JSON. */
export const jsonBody = (): MiddlewareHandler => async (c, next) => {
  if (WITH_BODY.has(c.req.method)) {
    const type = c.req.header('content-type');
    if ((type !== undefined || hasBody(c)) && !isJsonType(type)) {
      throw new HttpError(415, 'unsupported_media_type');
    }
  }
  await next();
};

/**
 * Reads and validates the JSON body. A request with no body and no Content-Type is read as
 * `{}` (so the schema's "required" messages answer), anything else must be JSON.
 */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type');
  const text = await c.req.text();
  if (type === undefined && text.length === 0) return parseOr400(schema, {});
  if (!isJsonType(type)) throw new HttpError(415, 'unsupported_media_type');
  let data: unknown;
  try {
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json');
  }
  // every JSON route takes an object: an array would pass a schema whose fields are all optional
  if (!isJsonObject(data)) throw new HttpError(400, [{ param: '_', msg: BODY_MESSAGE }]);
  return parseOr400(schema, data);
}
