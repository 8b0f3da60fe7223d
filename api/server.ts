/**
 * Node entry: the API at /api/v1 and the pre-built site around it, on one port.
 * `startServer` is used by scripts/start.ts (after migrate, seed and build).
 */
import { serve, type ServerType } from '@hono/node-server';
import { compress } from 'hono/compress';
import { Hono } from 'hono';
import { createApp, API_BASE } from './app.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { siteRoot, staticSite, type SiteRoot } from './static-site.ts';
import type { Deps } from './types.ts';

export function createServerApp(deps: Deps, root: SiteRoot) {
  const api = createApp(deps);
  const app = new Hono();
  app.use(compress());
  app.use(`${API_BASE}/*`, async (c) => api.fetch(c.req.raw, c.env));
  app.use(securityHeaders());
  app.use(staticSite(root));
  return app;
}

export function startServer(deps: Deps, siteDir: string): Promise<{ server: ServerType; root: SiteRoot; url: string }> {
  const root = siteRoot(siteDir);
  const app = createServerApp(deps, root);
  return new Promise((resolveStart) => {
    const server = serve({ fetch: app.fetch, port: deps.config.PORT, hostname: deps.config.HOST }, (info) => {
      resolveStart({ server, root, url: `http://localhost:${info.port}` });
    });
  });
}
