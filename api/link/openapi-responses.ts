/** Response objects for describeRoute, built from the valibot schemas (one home for the error answers). */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { resolver } from 'hono-openapi';
import { ErrorSchema } from './schemas.ts';

export const jsonResponse = (description: string, schema: StandardSchemaV1) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: `msg` lists the fields and what is wrong',
  401: 'No key, or a malformed, revoked, expired or rolled-out key',
  403: 'The account may not use the API (api_allow withdrawn, disabled)',
  404: 'Not found',
  410: 'Gone',
  429: 'Over the limit: wait Retry-After seconds',
};

/** The error answers of a call (always 401, 403 and 429 too: every call needs a key). */
export function errorResponses(...statuses: number[]) {
  const all = [...new Set([...statuses, 401, 403, 429])].sort();
  return Object.fromEntries(all.map((s) => [s, jsonResponse(ERROR_TEXT[s] ?? 'Error', ErrorSchema)]));
}
