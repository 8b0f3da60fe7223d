/**
 * One line per request: method, path, status, duration. Never logs bodies or query strings
 * (searches and tokens), which is why this is not hono/logger (docs/decisions/007).
 */
import type { MiddlewareHandler } from 'hono';

export const requestLog =
  (enabled: boolean): MiddlewareHandler =>
  async (c, next) => {
    if (!enabled) return next();
    const start = performance.now();
    await next();
    const ms = (performance.now() - start).toFixed(1);
    console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
