/**
 * Node entry: the API at /api/v1, the API Link at /api/link/v1 and the pre-built site around
 * it, on one port.
 * `startServer` is used by scripts/start.ts (after migrate, seed and build).
 */
import { serve, type ServerType } from '@hono/node-server';
import { compress } from 'hono/compress';
import { Hono } from 'hono';
import { createApp, API_BASE } from './app.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { buildOwner, createRegenerator, newestBuild, watchContent } from './services/site/regenerate.ts';
import { buildSite, buildStamp, oneBuildAtATime, siteBuildEnv } from './services/site/build.ts';
import { warmCatalogue } from './services/catalogue/first-page.ts';
import { blockOverlay } from './services/site/block-overlay.ts';
import { serveUploads } from './services/site/uploads.ts';
import { startWebhookWorker } from './services/webhooks/worker.ts';
import { startHoldSweep } from './services/trade/hold-sweep.ts';
import { siteRoot, staticSite, type SiteRoot } from './static-site.ts';
import type { Deps } from './types.ts';

export function createServerApp(deps: Deps, root: SiteRoot) {
  const api = createApp(deps);
  const app = new Hono();
  app.use(compress());
  app.use(`${API_BASE}/*`, async (c) => api.fetch(c.req.raw, c.env));
  // the API Link (createApp mounts createLinkApp at LINK_BASE; the docs at /api/link/docs beside it)
  app.use('/api/link/*', async (c) => api.fetch(c.req.raw, c.env));
  app.use(securityHeaders());
  app.use('/uploads/*', serveUploads(deps.db, deps.config.UPLOADS_DIR));
  // blocks saved since the served build show at once; the rebuild follows (block-overlay.ts)
  app.use(staticSite(root, { html: blockOverlay(deps.db).apply }));
  return app;
}

export function startServer(deps: Deps, siteDir: string): Promise<{ server: ServerType; root: SiteRoot; url: string }> {
  // serve the newest complete build of this server (a regenerated `<siteDir>-<ms>` folder may be newer)
  const owner = buildOwner(siteDir, deps.config.databaseLocation);
  const root = siteRoot(newestBuild(siteDir, owner));
  const regen = deps.site
    ? null
    : createRegenerator({
        root,
        siteDir,
        owner,
        build: (out) =>
          oneBuildAtATime(deps.db, async () => buildSite(out, siteBuildEnv(deps.config), await buildStamp(deps.db))),
      });
  const site = deps.site ?? regen!;
  // several nodes: a content change made through another node rebuilds this node's pages too
  const stopWatching = regen && deps.db.engine === 'postgres' ? watchContent(deps.db, regen) : () => {};
  const app = createServerApp({ ...deps, site }, root);
  return new Promise((resolveStart) => {
    const server = serve({ fetch: app.fetch, port: deps.config.PORT, hostname: deps.config.HOST }, (info) => {
      resolveStart({ server, root, url: `http://localhost:${info.port}` });
      warmCatalogue(deps.db);
    });
    server.on('close', stopWatching);
    // API Link webhooks: every node sends due deliveries (each attempt is claimed by one node)
    const webhookWorker = startWebhookWorker(deps);
    server.on('close', () => void webhookWorker.stop());
    // holds: every node ends expired holds and sends the notices (each claimed by one node)
    const holdSweep = startHoldSweep(deps);
    server.on('close', () => void holdSweep.stop());
  });
}
