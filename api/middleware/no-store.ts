/**
 * `Cache-Control: no-store` on every answer of a router whose answers are one account's own
 * (holds, requests, saved searches, client pages): no shared or browser cache keeps them.
 */
import type { MiddlewareHandler } from 'hono';

export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
}
