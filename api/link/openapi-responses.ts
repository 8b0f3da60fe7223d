/**
 * Response objects for describeRoute, built from the valibot schemas (one home for the error
 * answers), and the error answers every operation shares, which the document adds to every
 * operation in one place (`withSharedErrors`, called by openApiDocument): a route describes
 * only the statuses that are its own (404, 409, 410, ...), and no route can forget a shared one.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { resolver } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
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
  413: [
    'The body is over the size limit (64 KiB), whatever the call (a body sent with a call that takes none counts too)',
    { errors: { msg: 'payload_too_large' } },
  ],
  415: [
    'The body is not JSON: send it with `Content-Type: application/json`',
    { errors: { msg: 'unsupported_media_type' } },
  ],
  429: [
    'Over a limit: wait Retry-After seconds (RateLimit and RateLimit-Policy say which)',
    { errors: { msg: 'rate_limited', options: { policy: 'default', retryAfter: 23 } } },
  ],
};

/**
 * The error answers of a call that are its own (404, 409, ...). The shared ones (400, 401, 403,
 * 413, 415, 429: see `sharedErrorStatuses`) are added to every operation by the document itself.
 */
export function errorResponses(...statuses: number[]) {
  const all = [...new Set(statuses)].sort((a, b) => a - b);
  return Object.fromEntries(
    all.map((s) => {
      const [text, example] = ERROR_TEXT[s] ?? ['Error', { errors: { msg: 'error' } }];
      return [s, jsonResponse(text, ErrorSchema, example)];
    }),
  );
}

type Operation = OpenAPIV3_1.OperationObject;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The error statuses every operation can answer, by what the operation is:
 * - 400: every call (a query parameter it does not take, operations.ts; bad input);
 * - 401, 403, 429: every call that needs a key (all but the public ones, `security: []`);
 * - 413: every call but GET (the body limit reads any body, before the route and the key);
 * - 415: every call that takes a JSON body (another media type is refused).
 */
export function sharedErrorStatuses(method: string, op: Operation): number[] {
  const statuses = [400];
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  if (!isPublic) statuses.push(401, 403, 429);
  if (method.toLowerCase() !== 'get') statuses.push(413);
  if (op.requestBody) statuses.push(415);
  return statuses;
}

/**
 * `paths` with the shared error answers added to every operation (its own description of a
 * status wins), statuses in order. The error body's JSON schema is resolved once here.
 */
export async function withSharedErrors(paths: OpenAPIV3_1.PathsObject): Promise<OpenAPIV3_1.PathsObject> {
  const { schema } = await resolver(ErrorSchema).toOpenAPISchema();
  const shared = (status: number) => {
    const [description, example] = ERROR_TEXT[status]!;
    return { description, content: { 'application/json': { schema, example } } };
  };
  const out: OpenAPIV3_1.PathsObject = {};
  for (const [path, item] of Object.entries(paths)) {
    const next: Record<string, unknown> = { ...item };
    for (const method of METHODS) {
      const op = item?.[method] as Operation | undefined;
      if (!op) continue;
      const responses: Record<string, unknown> = { ...op.responses };
      for (const status of sharedErrorStatuses(method, op)) responses[status] ??= shared(status);
      const ordered = Object.entries(responses).sort(([a], [b]) => a.localeCompare(b));
      next[method] = { ...op, responses: Object.fromEntries(ordered) };
    }
    out[path] = next as OpenAPIV3_1.PathItemObject;
  }
  return out;
}
