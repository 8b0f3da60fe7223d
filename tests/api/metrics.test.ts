/**
 * /metrics (api/routes/metrics.ts) on a real server: 404 without METRICS_TOKEN, 401 without
 * the token, and with it Prometheus text in which the request histogram carries the route's
 * pattern (never an id or a query), beside the database, queue and process metrics.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import { startServerProcess } from './server-process.ts';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The sample lines of Prometheus' text format (comments skipped). */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

describe('/metrics', { timeout: 60_000 }, () => {
  it('is the site 404 when METRICS_TOKEN is not set', async () => {
    const t = await createTestApp({ seed: false });
    const server = await startServerProcess(t.config.databaseLocation);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer x' } })).status).toBe(404);
  });

  it('serves Prometheus text for the bearer of METRICS_TOKEN, with the route histogram by pattern', async () => {
    const t = await createTestApp({ seed: false });
    const token = 'scrape-token-0123456789';
    const server = await startServerProcess(t.config.databaseLocation, { METRICS_TOKEN: token });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);

    for (const id of [101, 102]) await (await fetch(`${server.url}/api/v1/posts/${id}?q=secret`)).text();
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).not.toContain('secret');
    const samples = parse(text);
    const count = samples.find(
      (s) =>
        s.name === 'http_request_duration_seconds_count' &&
        s.labels.route === '/api/v1/posts/:id' &&
        s.labels.method === 'GET' &&
        s.labels.status === '404',
    );
    expect(count?.value).toBe(2);
    expect(samples.some((s) => s.name === 'http_requests_in_flight')).toBe(true);
    expect(samples.find((s) => s.name === 'db_query_duration_seconds_count')?.value).toBeGreaterThan(0);
    for (const name of [
      'webhook_queue_depth',
      'email_outbox_depth',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ])
      expect(samples.some((s) => s.name === name)).toBe(true);
    for (const name of [
      'site_build_duration_seconds',
      'catalogue_set_build_duration_seconds',
      'webhook_delivery_attempts_total',
    ])
      expect(text).toContain(`# TYPE ${name}`);
  });
});
