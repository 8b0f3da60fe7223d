/**
 * Compression for clients that ask for it (hono/compress: gzip or deflate), and nothing more
 * for those that do not. hono's compress adds `Vary: Accept-Encoding` to every compressible
 * answer with `c.header`, which on a finished answer rebuilds it around its body as a stream:
 * a client that sends no Accept-Encoding (most API clients, load balancers' checks) would pay
 * for a streamed copy of every answer it gets. Without the header the answer is left as it is
 * and only its Vary is set, on its own headers.
 */
import type { MiddlewareHandler } from 'hono';
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (vary !== '*' && !/\baccept-encoding\b/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
}

export const compression = (): MiddlewareHandler => {
  const compressing = compress();
  return async (c, next) => {
    if (c.req.header('accept-encoding')) return compressing(c, next);
    await next();
    const headers = c.res.headers;
    const type = headers.get('content-type');
    if (type && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !headers.has('content-encoding')) varyOnEncoding(headers);
  };
};
