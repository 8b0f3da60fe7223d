/**
 * CSRF defence for state-changing requests: a browser always sends Origin on them, so an
 * Origin (or Sec-Fetch-Site) naming another site is refused with 403. Requests without
 * either header come from non-browser clients and are not a CSRF vector. JSON bodies are
 * checked too, which is why this is not hono/csrf (docs/decisions/007).
 */
import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors.ts';
import type { AppEnv, Deps } from '../types.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const originCheck =
  (deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin) {
      const own = new URL(c.req.url).origin;
      const host = c.req.header('host');
      const allowed = new Set([new URL(deps.config.siteUrl).origin, own]);
      if (host) {
        allowed.add(`http://${host}`);
        allowed.add(`https://${host}`);
      }
      if (!allowed.has(origin)) throw new HttpError(403, 'forbidden_origin');
    } else if (c.req.header('sec-fetch-site') === 'cross-site') {
      throw new HttpError(403, 'forbidden_origin');
    }
    return next();
  };
