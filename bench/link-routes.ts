/**
 * The API Link data routes mounted without the site around them, with an auth middleware the
 * caller chooses: bench/link-api.ts serves them once behind the real key check and once behind
 * a fixed key, to measure what the key check costs. (The tests call the site's own app.)
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { changeRoutes } from '../api/link/changes.ts';
import { LINK_DOCS, linkDocsRoutes } from '../api/link/docs.ts';
import { feedRoutes } from '../api/link/feed.ts';
import { openApiHandler } from '../api/link/openapi.ts';
import { stoneRoutes } from '../api/link/stones.ts';
import type { LinkEnv } from '../api/link/types.ts';
import { onError, onNotFound } from '../api/middleware/errors.ts';
import { securityHeaders } from '../api/middleware/security-headers.ts';
import type { Deps } from '../api/types.ts';

/** The API Link routes (mounted at LINK_BASE), with `auth` in front. */
export function linkRoutes(deps: Deps, auth: MiddlewareHandler<LinkEnv>) {
  const link = new Hono<LinkEnv>()
    .use(auth)
    .route('/stones', stoneRoutes(deps))
    .route('/changes', changeRoutes(deps))
    .route('/feed', feedRoutes(deps));
  link.get('/openapi.json', ...openApiHandler(link));
  return link;
}

/** A site-like app: security headers, the house error handling, `mounts` and the docs. */
export function linkTestApp(mounts: Record<string, Hono<LinkEnv>>) {
  const app = new Hono();
  app.use(securityHeaders());
  app.onError(onError);
  app.notFound(onNotFound);
  for (const [path, routes] of Object.entries(mounts)) app.route(path, routes);
  app.route(LINK_DOCS, linkDocsRoutes());
  return app;
}
