/**
 * createLinkApp(deps): the API Link, a Hono app mounted at LINK_BASE (/api/link/v1) by
 * createApp (api/app.ts), which api/server.ts serves. Separate from /api/v1: no session
 * cookie, no origin check; a key in the Authorization header is the only way in.
 *
 * Order on every call: CORS (retail keys only) -> path and method as documented (404, 405 with
 * Allow: api/link/operations.ts) -> body limit -> key authentication (api/link/auth.ts;
 * /openapi.json is public) -> usage record (api/link/usage.ts) -> the key's `default` limit
 * (api/link/limits.ts) -> query parameters as documented (400 naming unknown ones) -> the route.
 */
import { Hono, type Context } from 'hono';
import { bodyLimits } from '../middleware/body-limit.ts';
import { onError, onNotFound } from '../middleware/errors.ts';
import type { AppEnv, Deps } from '../types.ts';
import { linkAuth } from './auth.ts';
import { LINK_BASE } from './base.ts';
import { linkCors } from './cors.ts';
import { linkLimit } from './limits.ts';
import { linkOperations } from './operations.ts';
import { requireScope } from './scopes.ts';
import { meRoutes } from './me.ts';
import type { LinkEnv } from './types.ts';
import { linkUsage } from './usage.ts';
import { stoneRoutes } from './stones.ts';
import { changeRoutes } from './changes.ts';
import { changeStreamRoutes } from './change-stream.ts';
import { feedRoutes } from './feed.ts';
import { openApiHandler } from './openapi.ts';
import { webhookRoutes } from './webhooks.ts';
import { linkHoldRoutes } from './holds.ts';
import { testEventRoutes } from './test-events.ts';
import { linkRequestRoutes } from './requests.ts';
import { linkSavedSearchRoutes } from './saved-searches.ts';

/** Paths that answer without a key. */
const PUBLIC_PATHS = new Set([`${LINK_BASE}/openapi.json`]);

export function createLinkApp(deps: Deps): Hono<LinkEnv> {
  const auth = linkAuth(deps);
  const limits = bodyLimits();
  const usage = linkUsage(deps);
  const limit = linkLimit(deps, 'default');
  const app = new Hono<LinkEnv>();
  app.onError(onError);
  app.notFound(onNotFound);
  const operations = linkOperations(app);
  app.use('*', linkCors());
  app.use('*', operations.methods);
  // the site's body limits (64 KiB, read before any route parses it), as under /api/v1
  app.use('*', (c, next) => limits(c as unknown as Context<AppEnv>, next));
  app.use('*', async (c, next) => (PUBLIC_PATHS.has(c.req.path) ? next() : auth(c, next)));
  app.use('*', async (c, next) => (c.var.linkKey ? usage(c, next) : next()));
  app.use('*', async (c, next) => (c.var.linkKey ? limit(c, next) : next()));
  app.use('*', operations.query);

  app.route('/me', meRoutes(deps));
  app.route('/stones', stoneRoutes(deps));
  app.route('/changes', changeRoutes(deps));
  app.route('/changes/stream', changeStreamRoutes(deps)); // one call against the limits, however long
  app.route('/feed', feedRoutes(deps)); // feed applies linkLimit(deps, 'feed') itself
  app.use('/webhooks/*', requireScope('trade')); // a retail key is public: no account changes
  app.use('/webhooks', requireScope('trade'));
  app.route('/webhooks', webhookRoutes(deps));
  app.use('/holds/*', requireScope('trade')); // holds act for the account: trade keys only
  app.use('/holds', requireScope('trade'));
  app.route('/holds', linkHoldRoutes(deps));
  app.use('/test/*', requireScope('trade')); // sample webhook events: trade and test keys
  app.route('/test', testEventRoutes(deps));
  app.use('/requests/*', requireScope('trade')); // requests act for the account: trade and test keys
  app.use('/requests', requireScope('trade'));
  app.route('/requests', linkRequestRoutes(deps));
  app.use('/saved-searches/*', requireScope('trade')); // the account's saved searches: trade and test keys
  app.use('/saved-searches', requireScope('trade'));
  app.route('/saved-searches', linkSavedSearchRoutes(deps));
  // GET /openapi.json (public, see PUBLIC_PATHS): generated from the routes above
  app.get('/openapi.json', ...openApiHandler(app));
  return app;
}
