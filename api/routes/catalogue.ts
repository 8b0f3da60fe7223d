/**
 * GET /api/v1/diamonds/catalogue: every in-stock stone as a slim DiamondDoc, for the list
 * screen, which filters, sorts and pages in the browser (spec section 7; decision 003).
 *
 *   200 { docs: CatalogueDoc[], totalDocs, version }   ETag, Cache-Control: private, no-cache
 *   304 when If-None-Match names the current ETag
 *
 * Signed-in users get prices, ppc, RAP and availability; visitors none of them (a special
 * offer keeps its WebSpecial). Mounted at /diamonds/catalogue, ahead of the numeric
 * /diamonds/:id routes.
 */
import { Hono } from 'hono';
import { cataloguePayload } from '../services/catalogue-payload.ts';
import type { AppEnv, Deps } from '../types.ts';

const matches = (header: string | undefined, etag: string) =>
  (header ?? '')
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === etag || t === '*' || t.replace(/^W\//, '') === etag.replace(/^W\//, ''));

export function catalogueRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const audience = c.var.user ? 'trade' : 'visitor';
    const { etag, body } = await cataloguePayload(deps.db, audience);
    c.header('ETag', etag);
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie');
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(body);
  });
}
