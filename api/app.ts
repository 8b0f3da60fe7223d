/**
 * createApp({ db, mailer, clock, config }): the whole API as a Hono app, mounted at /api/v1,
 * and the API Link (api/link/app.ts, key-authenticated) at /api/link/v1.
 * Built from its parts so tests can inject a temporary database, a capture mailer and a
 * fake clock. The Node entry (server.ts) adds the static site around it.
 */
import { Hono } from 'hono';
import { createLinkApp } from './link/app.ts';
import { LINK_BASE } from './link/base.ts';
import { LINK_DOCS, linkDocsRoutes } from './link/docs.ts';
import { siteOpenApiRoutes } from './link/site-openapi.ts';
import { bodyLimits } from './middleware/body-limit.ts';
import { onError, onNotFound } from './middleware/errors.ts';
import { originCheck } from './middleware/origin.ts';
import { noteRoute } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { sessionMiddleware } from './middleware/session.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { alertUnsubscribeRoutes } from './routes/alert-unsubscribe.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { authRoutes } from './routes/auth.ts';
import { bagRequestRoutes } from './routes/bag-requests.ts';
import { requestRoutes } from './routes/requests.ts';
import { savedSearchRoutes } from './routes/saved-searches.ts';
import { bagRoutes } from './routes/bag.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { clientPageRoutes } from './routes/client-pages.ts';
import { codeLookupRoutes } from './routes/code-lookup.ts';
import { compareShareRoutes } from './routes/compare-share.ts';
import { configRoutes } from './routes/configs.ts';
import { diamondDetailRoutes } from './routes/diamond-detail.ts';
import { diamondRoutes } from './routes/diamonds.ts';
import { geoRoutes } from './routes/geo.ts';
import { healthRoutes } from './routes/health.ts';
import { holdRoutes } from './routes/holds.ts';
import { listRoutes } from './routes/lists.ts';
import { liveRoutes } from './routes/live.ts';
import { messageRoutes } from './routes/messages.ts';
import { postRoutes } from './routes/posts.ts';
import { profileRoutes } from './routes/profile.ts';
import { profileWebhookRoutes } from './routes/profile-webhooks.ts';
import { siteRoutes } from './routes/site.ts';
import { siteBlockRoutes } from './routes/site-blocks.ts';
import { siteBuildRoutes } from './routes/site-build.ts';
import type { AppEnv, Deps } from './types.ts';

export const API_BASE = '/api/v1';

/**
 * The /api/v1 routes as one chained app: its type, `ApiRoutes`, is what the browser's typed
 * client (src/lib/api.ts) is built from, so a route's input and answer types are written once.
 */
export function apiRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(originCheck(deps))
    .use(sessionMiddleware(deps))
    .use(bodyLimits())
    .route('/health', healthRoutes(deps))
    .route('/openapi.json', siteOpenApiRoutes()) // the key-management calls, documented apart from the Link
    .route('/site', siteRoutes(deps))
    .route('/geo', geoRoutes(deps))
    .route('/alerts', alertUnsubscribeRoutes(deps))
    .route('/message', messageRoutes(deps))
    .route('/posts', postRoutes(deps))
    .route('/diamonds/catalogue', catalogueRoutes(deps))
    .route('/diamonds/lookup', codeLookupRoutes(deps))
    .route('/diamonds', diamondRoutes(deps))
    .route('/diamonds', diamondDetailRoutes(deps))
    .route('/compare', compareShareRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/profile/bag', bagRoutes(deps))
    .route('/holds', holdRoutes(deps))
    .route('/live', liveRoutes(deps))
    .route('/saved-searches', savedSearchRoutes(deps))
    .route('/client-pages', clientPageRoutes(deps))
    .route('/profile/webhooks', profileWebhookRoutes(deps))
    .route('/profile/requests', requestRoutes(deps))
    .route('/profile', bagRequestRoutes(deps))
    .route('/profile', profileRoutes(deps))
    .route('/profile', apiKeyRoutes(deps))
    .route('/profile', listRoutes(deps))
    .route('/configs/site-blocks', siteBlockRoutes(deps))
    .route('/configs', configRoutes(deps))
    .route('/admin/site-build', siteBuildRoutes(deps))
    .route('/admin', adminRoutes(deps));
}

export type ApiRoutes = ReturnType<typeof apiRoutes>;

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use(noteRoute); // the request log's route pattern and user (api/middleware/request-log.ts)
  app.use(securityHeaders());
  app.onError(onError);
  app.notFound(onNotFound);
  app.route(API_BASE, apiRoutes(deps));
  app.route(LINK_BASE, createLinkApp(deps));
  app.route(LINK_DOCS, linkDocsRoutes()); // the interactive API Link reference, served from the site itself
  return app;
}

export type App = ReturnType<typeof createApp>;
