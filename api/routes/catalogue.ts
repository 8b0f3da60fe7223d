/**
 * The list screen's two calls (decisions 003 and 004):
 *
 * GET /api/v1/diamonds/catalogue: every in-stock stone in the columnar wire format
 *   (src/domain/catalogue/wire.ts), sent as stored: brotli or gzip by Accept-Encoding, never
 *   compressed per request. Strong ETag (a hash of the body), `Cache-Control: private, no-cache`,
 *   304 when If-None-Match names the current tag (several tags may be sent). `Facet-Live-Seq`:
 *   the live stream's sequence the body is current from, so a browser's kept copy of it is
 *   brought up to date by the stream's events after it instead of downloaded again.
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
import { catalogueFirstPage } from '../services/catalogue/first-page.ts';
import { cataloguePayload, type CatalogueBody } from '../services/catalogue/payload.ts';
import { queryIn } from '../middleware/validate.ts';
import { SET_SEQ_HEADER } from '../../src/domain/catalogue/wire.ts';
import type { AppEnv, Deps } from '../types.ts';

const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');

type Encoding = 'br' | 'gzip' | 'raw';
/** An answer ready to send: the stored bytes and every header but Server-Timing. */
type Prepared = { data: Uint8Array; headers: Record<string, string> };
type Answers = { br: Buffer; byEncoding: Record<Encoding, Prepared>; notModified: Record<string, string> };

/** Headers every answer of the set carries (the 304 too). */
const commonHeaders = (etag: string, seq: number) => ({
  ETag: etag,
  [SET_SEQ_HEADER]: String(seq),
  'Cache-Control': 'private, no-cache',
  Vary: 'Cookie, Accept-Encoding',
});

function prepare(body: CatalogueBody): Answers {
  const one = (data: Buffer, encoding: string | null): Prepared => ({
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    headers: {
      ...commonHeaders(body.etag, body.seq),
      'Content-Type': 'application/json; charset=utf-8',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Content-Length': String(data.length),
    },
  });
  return {
    br: body.br,
    byEncoding: { br: one(body.br, 'br'), gzip: one(body.gzip, 'gzip'), raw: one(body.raw, null) },
    notModified: commonHeaders(body.etag, body.seq),
  };
}

/** Answers per body, prepared once (again when the densest brotli has replaced the quick one). */
const prepared = new WeakMap<CatalogueBody, Answers>();
function answersOf(body: CatalogueBody): Answers {
  let a = prepared.get(body);
  if (!a || a.br !== body.br) prepared.set(body, (a = prepare(body)));
  return a;
}

/** The stored form the client accepts: brotli first, then gzip, else the plain JSON. */
function encodingFor(accept: string | undefined): Encoding {
  if (!accept) return 'raw';
  const tokens = accept
    .toLowerCase()
    .split(',')
    .map((t) => t.trim());
  const ok = (name: string) =>
    tokens.some((t) => t === name || (t.startsWith(`${name};`) && !/;\s*q=0(\.0*)?$/.test(t)));
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'raw';
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
      const body = await cataloguePayload(deps.db, c.var.user ? 'trade' : 'visitor');
      const answers = answersOf(body);
      // the time spent here (the version check, or a build), for bench/catalogue-scale.ts
      const timing = { 'Server-Timing': `set;dur=${(performance.now() - started).toFixed(2)}` };
      if (matches(c.req.header('if-none-match'), body.etag))
        return new Response(null, { status: 304, headers: { ...answers.notModified, ...timing } });
      const a = answers.byEncoding[encodingFor(c.req.header('accept-encoding'))];
      // a Response with a byte body and plain headers: @hono/node-server writes it as it is
      return new Response(a.data as Uint8Array<ArrayBuffer>, { headers: { ...a.headers, ...timing } });
    })
    .get('/first', queryIn(FirstQuery), async (c) => {
      const q = c.req.valid('query');
      const authorised = Boolean(c.var.user);
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie');
      const query = { authorised, path: q.path, search: q.search, width: Number(q.width) };
      return c.json(await catalogueFirstPage(deps.db, query, c.var.user?.id ?? null));
    });
}
