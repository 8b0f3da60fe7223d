/**
 * CORS for the API Link: retail keys may be used from any web page (a stock widget on a
 * jeweller's site), trade keys never (their prices are for servers). Preflights carry no
 * key, so every preflight is answered; the answer itself carries
 * Access-Control-Allow-Origin only when the presented key is a retail key (`ftk_r_…`), so a
 * browser never lets a page read what a trade key returns. No cookies are involved:
 * credentials are not allowed, the key travels in the Authorization header.
 */
import type { MiddlewareHandler } from 'hono';
import { presentedKey } from './auth.ts';
import type { LinkEnv } from './types.ts';

const EXPOSED = 'RateLimit, RateLimit-Policy, Retry-After, ETag, Link, WWW-Authenticate';

export function linkCors(): MiddlewareHandler<LinkEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-None-Match',
        'Access-Control-Max-Age': '600',
      });
    }
    if (presentedKey(c.req.header('authorization'))?.startsWith('ftk_r_')) {
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Access-Control-Expose-Headers', EXPOSED);
      c.header('Vary', 'Authorization', { append: true });
    }
    await next();
  };
}
