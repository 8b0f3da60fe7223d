/**
 * The list screen's two calls (decisions 003 and 004):
 *
 * GET /api/v1/diamonds/catalogue: every in-stock stone in the columnar wire format
 *   (src/domain/catalogue/wire.ts), sent as stored: brotli or gzip by Accept-Encoding, never
 *   compressed per request. Strong ETag (a hash of the body), `Cache-Control: private, no-cache`,
 *   304 when If-None-Match names the current tag (several tags may be sent).
 *
 * GET /api/v1/diamonds/catalogue/first?path=&search=&width=: the first page of the list for an
 *   address (the same rules as the browser), so the rows paint before the full set arrives.
 *
 * Signed-in users get prices, ppc, RAP and availability; visitors none of them (a special
 * offer keeps its WebSpecial). Mounted at /diamonds/catalogue, ahead of the numeric
 * /diamonds/:id routes.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { catalogueFirstPage } from '../services/catalogue-first-page.ts';
import { cataloguePayload, type CatalogueBody } from '../services/catalogue-payload.ts';
import { parseOr400 } from '../middleware/errors.ts';
import type { AppEnv, Deps } from '../types.ts';

const matches = (header: string | undefined, etag: string) =>
  (header ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');

/** The stored form the client accepts: brotli first, then gzip, else the plain JSON. */
function encodingFor(accept: string | undefined, body: CatalogueBody): { name: string | null; data: Buffer } {
  const tokens = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.trim());
  const ok = (name: string) =>
    tokens.some((t) => t === name || (t.startsWith(`${name};`) && !/;\s*q=0(\.0*)?$/.test(t)));
  if (ok('br')) return { name: 'br', data: body.br };
  if (ok('gzip')) return { name: 'gzip', data: body.gzip };
  return { name: null, data: body.raw };
}

const FirstQuery = v.object({
  path: v.optional(v.pipe(v.string(), v.maxLength(200), v.startsWith('/')), '/diamonds/all'),
  search: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''),
  width: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'width must be a whole number of pixels')), '1440'),
});

export function catalogueRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const started = performance.now();
      const audience = c.var.user ? 'trade' : 'visitor';
      const body = await cataloguePayload(deps.db, audience);
      // the time spent here (the version query, or a build), for bench/catalogue-scale.ts
      c.header('Server-Timing', `set;dur=${(performance.now() - started).toFixed(2)}`);
      c.header('ETag', body.etag);
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie, Accept-Encoding');
      if (matches(c.req.header('if-none-match'), body.etag)) return c.body(null, 304);
      const { name, data } = encodingFor(c.req.header('accept-encoding'), body);
      c.header('Content-Type', 'application/json; charset=utf-8');
      if (name) c.header('Content-Encoding', name);
      c.header('Content-Length', String(data.length));
      return c.body(new Uint8Array(data.buffer, data.byteOffset, data.length) as Uint8Array<ArrayBuffer>);
    })
    .get('/first', async (c) => {
      const q = parseOr400(FirstQuery, c.req.query());
      const authorised = Boolean(c.var.user);
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie');
      return c.json(
        await catalogueFirstPage(deps.db, { authorised, path: q.path, search: q.search, width: Number(q.width) }),
      );
    });
}
