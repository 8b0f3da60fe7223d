/**
 * GET /feed?format=csv|json|ndjson&template=house|rapnet|idex: the whole in-stock list in one
 * gzip download with a strong ETag (If-None-Match -> 304) and `X-Change-Seq`, the change
 * sequence it reflects (continue /changes from there). See api/services/link/feed.ts.
 */
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { HttpError, type FieldError } from '../middleware/errors.ts';
import { feedCache, type FeedRequest } from '../services/link/feed.ts';
import type { Currency } from '../services/link/stone-view.ts';
import type { Deps } from '../types.ts';
import { chargeLinkLimit } from './limits.ts';
import { errorResponses } from './openapi-responses.ts';
import { priceView, valid } from './request.ts';
import { FeedJsonSchema, FeedQuerySchema, type FeedQuery } from './schemas.ts';
import type { LinkEnv } from './types.ts';
import { holderOf } from './holds.ts';

const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

const PLATFORM_TEMPLATES = new Set(['rapnet', 'idex']);

/**
 * The feed asked for, or 400: a template only with CSV; rapnet and idex in USD (both platforms
 * read dollars, whatever the account's currency) and one origin a file, as both keep them apart.
 */
function settle(q: FeedQuery): FeedRequest & { currency?: Currency } {
  const errors: FieldError[] = [];
  if (q.template && q.format !== 'csv')
    errors.push({ param: 'template', msg: 'A template applies to format=csv only' });
  const template = q.template ?? 'house';
  let currency = q.currency;
  if (PLATFORM_TEMPLATES.has(template)) {
    if (!q.origin) errors.push({ param: 'origin', msg: `The ${template} template needs origin=natural or lab_grown` });
    if (currency && currency !== 'USD')
      errors.push({ param: 'currency', msg: `The ${template} template is priced in USD` });
    currency = 'USD';
  }
  if (errors.length) throw new HttpError(400, errors);
  return { ...q, template, currency };
}

export function feedRoutes(deps: Deps) {
  const feed = feedCache(deps.config.siteUrl);
  return new Hono<LinkEnv>().get(
    '/',
    describeRoute({
      tags: ['Feed'],
      summary: 'The whole stock in one download',
      description:
        "Templates rapnet and idex are priced in USD with numbers as numbers, one origin a file (`origin` required); idex uses IDEX's own header names, the lab-grown file those of IDEX's lab-grown feed (`Supplier Stock Ref`, `Certificate URL`, `Image URL`): see the changelog at the top of this document. Every stone in stock as JSON (`{ change_seq, count, stones }`), NDJSON (one stone a line) or CSV (templates house, rapnet, idex; frozen header rows). Sent gzip-compressed (Content-Encoding: gzip) with a strong ETag: send If-None-Match to get 304 when nothing changed. `X-Change-Seq` is the change sequence the file reflects: continue with /changes?since= that number.",
      responses: {
        200: {
          description: 'The file',
          headers: {
            ETag: { schema: { type: 'string' }, description: 'Strong validator of the file' },
            'X-Change-Seq': { schema: { type: 'integer' }, description: 'The change sequence it reflects' },
          },
          content: {
            'application/json': { schema: resolver(FeedJsonSchema) },
            'application/x-ndjson': { schema: { type: 'string' } },
            'text/csv': { schema: { type: 'string' } },
          },
        },
        304: { description: 'Not modified (If-None-Match matched; not counted against the `feed` limit)' },
        ...errorResponses(400),
      },
    }),
    valid('query', FeedQuerySchema),
    async (c) => {
      const q = settle(c.req.valid('query'));
      const file = await feed(deps.db, q, await priceView(c, deps.db, q.currency), holderOf(c, deps));
      c.header('ETag', file.etag);
      c.header('X-Change-Seq', String(file.seq));
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Accept-Encoding, Authorization');
      if (matches(c.req.header('if-none-match'), file.etag)) return c.body(null, 304);
      // a full download counts against the key's `feed` policy (a 304 does not)
      await chargeLinkLimit(c, deps, 'feed');
      c.header('Content-Type', file.contentType);
      c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      if (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) {
        c.header('Content-Encoding', 'gzip');
        // a view of the cached buffer, no copy (gzipSync gives an ArrayBuffer-backed Buffer)
        return c.body(new Uint8Array(file.gz.buffer as ArrayBuffer, file.gz.byteOffset, file.gz.byteLength));
      }
      return c.body(new Uint8Array(gunzipSync(file.gz)));
    },
  );
}
