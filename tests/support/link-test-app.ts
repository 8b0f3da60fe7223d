/**
 * API Link's data app as tests/api/link-*.test.ts and bench/link-api.ts run it until issue
 * 12a's createLinkApp is merged: 12b's routes under LINK_BASE, the docs at LINK_DOCS, behind
 * a test-only stand-in for 12a's key check: `Authorization: Bearer <key>` -> the api_keys
 * row whose key_hash is HMAC-SHA256(SESSION_SECRET, key) hex, not revoked -> an approved
 * customer with api_allow; sets `linkKey` and `linkUser` as the shared contract says.
 * /openapi.json is public. No expiry, limits or usage: those are 12a's.
 */
import { createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { LINK_BASE } from '../../api/link/base.ts';
import { changeRoutes } from '../../api/link/changes.ts';
import { LINK_DOCS, linkDocsRoutes } from '../../api/link/docs.ts';
import { feedRoutes } from '../../api/link/feed.ts';
import { openApiHandler } from '../../api/link/openapi.ts';
import { stoneRoutes } from '../../api/link/stones.ts';
import type { LinkEnv } from '../../api/link/types.ts';
import { HttpError, onError, onNotFound } from '../../api/middleware/errors.ts';
import { securityHeaders } from '../../api/middleware/security-headers.ts';
import type { Deps } from '../../api/types.ts';
import { apiKeys, users } from '../../db/tables.ts';

export const hashKey = (secret: string, key: string) => createHmac('sha256', secret).update(key).digest('hex');

export function testKeyAuth(deps: Pick<Deps, 'db' | 'config'>): MiddlewareHandler<LinkEnv> {
  return async (c, next) => {
    if (c.req.path.endsWith('/openapi.json')) return next();
    const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!m) throw new HttpError(401, 'key_required');
    const key = (
      await deps.db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, hashKey(deps.config.SESSION_SECRET, m[1]!)), isNull(apiKeys.revokedAt)))
        .limit(1)
    )[0];
    if (!key) throw new HttpError(401, 'key_invalid');
    const user = (await deps.db.select().from(users).where(eq(users.id, key.userId)).limit(1))[0]!;
    if (!user.apiAllow || user.status !== 'approved') throw new HttpError(403, 'api_not_allowed');
    c.set('linkKey', { id: key.id, userId: key.userId, scope: key.scope, name: key.name });
    c.set('linkUser', user);
    return next();
  };
}

/** The API Link routes (mounted at LINK_BASE), with `auth` in front. */
export function linkRoutes(deps: Deps, auth: MiddlewareHandler<LinkEnv> = testKeyAuth(deps)) {
  const link = new Hono<LinkEnv>()
    .use(auth)
    .route('/stones', stoneRoutes(deps))
    .route('/changes', changeRoutes(deps))
    .route('/feed', feedRoutes(deps));
  link.get('/openapi.json', ...openApiHandler(link));
  return link;
}

/** A site-like app: security headers, the house error handling, `mounts` and the docs. */
export function linkTestApp(deps: Deps, mounts: Record<string, Hono<LinkEnv>> = { [LINK_BASE]: linkRoutes(deps) }) {
  const app = new Hono();
  app.use(securityHeaders());
  app.onError(onError);
  app.notFound(onNotFound);
  for (const [path, routes] of Object.entries(mounts)) app.route(path, routes);
  app.route(LINK_DOCS, linkDocsRoutes());
  return app;
}
