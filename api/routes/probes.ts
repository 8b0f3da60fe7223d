/**
 * The load balancer's probes, beside the site (not under /api/v1):
 * - `GET /livez`: 200 `{ status: 'live' }` while the process answers.
 * - `GET /readyz`: 200 when the node can take traffic, else 503 with the reason
 *   (`{ status: 'not_ready' | 'draining', reason, checks }`, services/platform/readiness.ts).
 */
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { readiness } from '../services/platform/readiness.ts';
import type { Lifecycle } from '../services/platform/shutdown.ts';
import type { SiteRoot } from '../static-site.ts';

export function probeRoutes(db: Db, root: Pick<SiteRoot, 'get'>, lifecycle: Lifecycle) {
  return new Hono()
    .get('/livez', (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ status: 'live' });
    })
    .get('/readyz', async (c) => {
      const r = await readiness(db, root, lifecycle);
      c.header('cache-control', 'no-store');
      return c.json(r, r.status === 'ready' ? 200 : 503);
    });
}
