/**
 * Node entry: the API at /api/v1, the API Link at /api/link/v1, the probes (/livez, /readyz)
 * and the pre-built site around it, on one port.
 * `startServer` is used by api/boot.ts (after migrate, seed and build); its workers (webhook
 * deliveries, site regeneration, the content watch) are registered with the process's worker
 * registry, so a shutdown stops them (services/platform/shutdown.ts).
 */
import { serve, type ServerType } from '@hono/node-server';
import { compression } from './middleware/compression.ts';
import { Hono } from 'hono';
import { createApp, API_BASE } from './app.ts';
import { onError } from './middleware/errors.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { metricsRoute } from './routes/metrics.ts';
import { probeRoutes } from './routes/probes.ts';
import { enableMetrics } from './services/platform/metrics.ts';
import { createLifecycle, type Lifecycle } from './services/platform/shutdown.ts';
import { workers } from './services/platform/workers.ts';
import { buildOwner, createRegenerator, newestBuild, watchContent } from './services/site/regenerate.ts';
import { buildSite, buildStamp, isBuildCurrent, siteBuildEnv } from './services/site/build.ts';
import { obtainSite } from './services/site/shared-build.ts';
import { startOutboxResend } from './services/platform/outbox-resend.ts';
import { warmCatalogue } from './services/catalogue/first-page.ts';
import { listPageDrawer } from './services/catalogue/list-page.ts';
import { sessionCookieName } from './middleware/session.ts';
import { blockOverlay } from './services/site/block-overlay.ts';
import { addressStatus } from './services/client-pages/public-page.ts';
import { serveUploads } from './services/site/uploads.ts';
import { startWebhookWorker } from './services/webhooks/worker.ts';
import { stopLiveHub } from './services/live/hub.ts';
import { startHoldSweep } from './services/trade/hold-sweep.ts';
import { startAlertWorker } from './services/saved-searches/alert-worker.ts';
import { startSourceScheduler } from './services/stock-sources/scheduler.ts';
import { siteRoot, staticSite, type SiteRoot } from './static-site.ts';
import type { Deps } from './types.ts';

const PROBES = new Set(['/livez', '/readyz']);
/**
 * How long an idle keep-alive connection stays open: longer than the 60 s a proxy or load
 * balancer commonly keeps its own side, so a client never sends a request on a connection the
 * node is closing that instant (Node's own 5 s makes that race common). A shutdown still closes
 * idle connections at once (services/platform/shutdown.ts).
 */
export const KEEP_ALIVE_MS = 65_000;

/** Serves `app` on `port` and `hostname` with the node's connection settings; `onListen` once listening. */
export function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  port: number,
  hostname: string,
  onListen: (port: number) => void,
): ServerType {
  const server = serve({ fetch: app.fetch, port, hostname }, (info) => onListen(info.port));
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}

export function createServerApp(deps: Deps, root: SiteRoot, lifecycle: Lifecycle = createLifecycle()) {
  const api = createApp(deps);
  const app = new Hono();
  const { config } = deps;
  const metrics = config.METRICS_TOKEN !== '';
  if (metrics) enableMetrics();
  app.use(requestLog(deps, { log: config.LOG_REQUESTS && config.NODE_ENV !== 'test', metrics }));
  app.onError(onError);
  // draining after SIGTERM: a request that arrives now is refused before any work (503, so a
  // proxy may send it, even a POST, to another node: README "Proxy (nginx)"); the requests
  // already in flight finish, and every answer closes its connection
  app.use(async (c, next) => {
    if (lifecycle.draining && !PROBES.has(c.req.path)) {
      c.header('connection', 'close');
      c.header('retry-after', '1');
      return c.json({ errors: { msg: 'draining' } }, 503);
    }
    await next();
    if (lifecycle.draining) c.header('connection', 'close');
  });
  app.route('/', probeRoutes(deps.db, root, lifecycle));
  app.use(compression());
  app.use(`${API_BASE}/*`, async (c) => api.fetch(c.req.raw, c.env));
  // the API Link (createApp mounts createLinkApp at LINK_BASE; the docs at /api/link/docs beside it)
  app.use('/api/link/*', async (c) => api.fetch(c.req.raw, c.env));
  if (metrics) app.get('/metrics', metricsRoute(deps)); // Prometheus text, with the token (else the site's 404)
  app.use(securityHeaders());
  app.use('/uploads/*', serveUploads(deps.db, deps.config.UPLOADS_DIR));
  // blocks saved since the served build show at once; the rebuild follows (block-overlay.ts)
  // a client page's address answers with the page's status (404 unknown, 410 withdrawn)
  app.use(
    staticSite(root, {
      html: blockOverlay(deps.db).apply,
      clientPageStatus: (token) => addressStatus(deps, token),
      // the list page with its first rows drawn for the address and the viewer
      listPage: listPageDrawer({ db: deps.db, cookieName: sessionCookieName(deps), now: () => deps.clock.now() }),
    }),
  );
  return app;
}

export type RunningServer = { server: ServerType; root: SiteRoot; url: string; lifecycle: Lifecycle };

export function startServer(deps: Deps, siteDir: string): Promise<RunningServer> {
  // serve the newest complete build of this server (a regenerated `<siteDir>-<ms>` folder may be newer)
  const owner = buildOwner(siteDir, deps.config.databaseLocation);
  const root = siteRoot(newestBuild(siteDir, owner));
  /** The database's build stamp, and whether the served build already has it. */
  const served = async () => {
    const stamp = await buildStamp(deps.db);
    return { stamp, current: isBuildCurrent(root.get(), stamp) };
  };
  const regen = deps.site
    ? null
    : createRegenerator({
        root,
        siteDir,
        owner,
        // nothing when the served pages already show the database (a stock change off the home
        // strip); else built once for the cluster: another node's published build is unpacked instead
        build: async (out) => {
          const { stamp, current } = await served();
          if (current) return 'current';
          const build = (dir: string, s: string) => buildSite(dir, siteBuildEnv(deps.config), s);
          return (await obtainSite(deps.db, out, build, { stamp })).how;
        },
      });
  const site = deps.site ?? regen!;
  // a change written to the database by another node (or, on SQLite, another process on the
  // same file: a script, a restore) reaches this node's pages too
  const stopWatching = regen ? watchContent(deps.db, regen, async () => (await served()).current) : () => {};
  workers.register('content watch', async () => stopWatching());
  if (regen) workers.register('site regeneration', () => regen.stop());
  const lifecycle = createLifecycle();
  const app = createServerApp({ ...deps, site }, root, lifecycle);
  return new Promise((resolveStart) => {
    const server = listen(app, deps.config.PORT, deps.config.HOST, (port) => {
      resolveStart({ server, root, url: `http://localhost:${port}`, lifecycle });
      warmCatalogue(deps.db);
    });
    // API Link webhooks: every node sends due deliveries (each attempt is claimed by one node)
    const webhookWorker = startWebhookWorker(deps);
    workers.register('webhooks', () => webhookWorker.stop());
    // holds: every node ends expired holds and sends the notices (each claimed by one node)
    const holdSweep = startHoldSweep(deps);
    workers.register('hold sweep', () => holdSweep.stop());
    // saved-search alerts: every node tries, the one holding the lease does the pass
    const alerts = startAlertWorker(deps);
    workers.register('saved-search alerts', () => alerts.stop());
    // stock sources: every node ticks, the one whose claim of a due source wins runs it
    const sources = startSourceScheduler(deps);
    workers.register('stock sources', () => sources.stop());
    // e-mails stored by a node that died before delivering them (each claimed by one node)
    const outbox = startOutboxResend(deps);
    workers.register('outbox resend', () => outbox.stop());
    // live stock: its streams end with a retry hint, its LISTEN connection closes
    workers.register('live stock', () => stopLiveHub(deps.db));
  });
}
