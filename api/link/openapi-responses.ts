/** Response objects for describeRoute, built from the valibot schemas (one home for the error answers). */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { resolver } from 'hono-openapi';
import { ErrorSchema } from './schemas.ts';

/** A JSON answer; `example` is shown in the reference and used by generated clients and fuzzers. */
export const jsonResponse = (description: string, schema: StandardSchemaV1, example?: unknown) => ({
  description,
  content: { 'application/json': { schema: resolver(schema), ...(example === undefined ? {} : { example }) } },
});

const ERROR_TEXT: Record<number, [string, unknown]> = {
  400: [
    'Bad input (also an unknown query parameter): `msg` lists the fields and what is wrong',
    { errors: { msg: [{ param: 'limit', msg: 'Must be a whole number 1-500' }] } },
  ],
  401: [
    'No key, or a malformed, unknown, revoked, expired or rolled-out key',
    { errors: { msg: 'api_key_required', options: { message: 'No API key.' } } },
  ],
  403: [
    "The account may not use the API, or the key's scope does not allow this call",
    { errors: { msg: 'scope_not_allowed', options: { scope: 'retail', needs: 'trade' } } },
  ],
  404: ['Not found', { errors: { msg: 'not_found' } }],
  409: ['Conflict', { errors: { msg: 'conflict' } }],
  410: ['Gone', { errors: { msg: 'gone' } }],
  413: ['The body is over the size limit', { errors: { msg: 'payload_too_large' } }],
  429: [
    'Over a limit: wait Retry-After seconds (RateLimit and RateLimit-Policy say which)',
    { errors: { msg: 'rate_limited', options: { policy: 'default', retryAfter: 23 } } },
  ],
};

/**
 * The error answers of a call: the statuses given, and always 400 (bad or unknown query
 * parameters), 401, 403 and 429 (every call needs a key and counts against its limits).
 */
export function errorResponses(...statuses: number[]) {
  const all = [...new Set([...statuses, 400, 401, 403, 429])].sort();
  return Object.fromEntries(
    all.map((s) => {
      const [text, example] = ERROR_TEXT[s] ?? ['Error', { errors: { msg: 'error' } }];
      return [s, jsonResponse(text, ErrorSchema, example)];
    }),
  );
}
