/**
 * The one Prometheus registry (prom-client), served at /metrics when METRICS_TOKEN is set
 * (api/routes/metrics.ts). Request and database query metrics are only collected then
 * (`enableMetrics`); builds and webhook outcomes are counted always (they are rare). Queue
 * depths and the PostgreSQL pool are read when scraped (`collectOnScrape`).
 */
import { count, eq } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../../db/client.ts';
import { observeQueries } from '../../../db/query-timing.ts';
import { emailOutbox, webhookDeliveries } from '../../../db/tables.ts';

export const registry = new Registry();

const FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const SLOW = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request to its last byte handed to the socket, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: FAST,
  registers: [registry],
});
export const httpInFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'Requests being answered',
  registers: [registry],
});
const dbQueryDuration = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Time of each database query (the driver call)',
  labelNames: ['engine'] as const,
  buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
  registers: [registry],
});
const dbPool = new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections: total, idle, and clients waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
});
const webhookQueue = new Gauge({
  name: 'webhook_queue_depth',
  help: 'Webhook deliveries still pending (due now or later)',
  registers: [registry],
});
export const webhookOutcomes = new Counter({
  name: 'webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts by outcome: delivered, retry (scheduled again) or failed (given up)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const outboxDepth = new Gauge({
  name: 'email_outbox_depth',
  help: 'E-mails queued in the outbox and not sent yet',
  registers: [registry],
});
/** Live stock streams open on this node (api/services/live/hub.ts keeps it). */
export const liveStreamsOpen = new Gauge({
  name: 'live_streams_open',
  help: 'Live stock streams open on this node (/api/v1/live and API Link /changes/stream)',
  registers: [registry],
});
export const siteBuilds = new Histogram({
  name: 'site_build_duration_seconds',
  help: 'Static site builds by outcome (the count is the number of builds)',
  labelNames: ['outcome'] as const,
  buckets: SLOW,
  registers: [registry],
});
export const catalogueSetBuilds = new Histogram({
  name: 'catalogue_set_build_duration_seconds',
  help: 'Catalogue set builds (the list screen set per stock version and audience)',
  labelNames: ['audience'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  registers: [registry],
});

let enabled = false;
/** Turns on the request and query metrics and the default process metrics (event-loop lag among them). */
export function enableMetrics(): void {
  if (enabled) return;
  enabled = true;
  collectDefaultMetrics({ register: registry });
  const sqlite = dbQueryDuration.labels('sqlite');
  const postgres = dbQueryDuration.labels('postgres');
  observeQueries((engine, seconds) => (engine === 'sqlite' ? sqlite : postgres).observe(seconds));
}
export const metricsEnabled = () => enabled;

/** Times `work` into `histogram` (with `labels`), whatever its outcome. */
export async function timed<T>(work: () => Promise<T>, observe: (seconds: number, ok: boolean) => void): Promise<T> {
  const t0 = performance.now();
  try {
    const out = await work();
    observe((performance.now() - t0) / 1000, true);
    return out;
  } catch (err) {
    observe((performance.now() - t0) / 1000, false);
    throw err;
  }
}

/** Reads what is measured at scrape time: queue depths and the pool. */
export async function collectOnScrape(db: Db): Promise<void> {
  const [pending] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'));
  webhookQueue.set(pending?.n ?? 0);
  const [queued] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'queued'));
  outboxDepth.set(queued?.n ?? 0);
  const pool = db.poolStats?.();
  if (pool) {
    dbPool.set({ state: 'total' }, pool.total);
    dbPool.set({ state: 'idle' }, pool.idle);
    dbPool.set({ state: 'waiting' }, pool.waiting);
  }
}
