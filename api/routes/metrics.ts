/**
 * GET /metrics: the Prometheus text of api/services/platform/metrics.ts, mounted by
 * api/server.ts only when METRICS_TOKEN is set, for `Authorization: Bearer <METRICS_TOKEN>`
 * (401 otherwise). Queue depths and the pool are read as it is scraped.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Handler } from 'hono';
import { collectOnScrape, registry } from '../services/platform/metrics.ts';
import type { Deps } from '../types.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function metricsRoute(deps: Deps): Handler {
  const expected = digest(`Bearer ${deps.config.METRICS_TOKEN}`);
  return async (c) => {
    const sent = c.req.header('authorization') ?? '';
    if (!timingSafeEqual(digest(sent), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json({ errors: { msg: 'unauthorized' } }, 401);
    }
    await collectOnScrape(deps.db);
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  };
}
