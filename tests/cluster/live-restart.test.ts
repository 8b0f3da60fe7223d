/**
 * Live stock across a restart, as a browser sees it: nginx in front of two app nodes on one
 * PostgreSQL, a trader's list open in Chromium. Each node in turn gets SIGTERM while another
 * trader holds the stone, then releases it, through the proxy: the open list says "On hold",
 * then no longer, without a reload, its stream having come back through the proxy on the node
 * still running and resumed from its last sequence (`?since=`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pgDriver from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startNode, TRADER, type AppNode } from '../support/app-node.ts';
import { startProxy, type Proxy } from '../support/nginx-proxy.ts';
import { freshDatabase, type FreshDatabase } from '../support/shared-pg.ts';
import { until } from '../support/until.ts';

const JEWELLER = { email: 'jeweller@facet.trade', password: 'Jeweller#2026' };

let pg: FreshDatabase;
let dir: string;
let nodes: AppNode[] = [];
let proxy: Proxy | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  pg = await freshDatabase('live');
  dir = mkdtempSync(join(tmpdir(), 'facet-live-'));
  const env = { RATE_LIMIT_FACTOR: '1000' };
  nodes = await Promise.all(['a', 'b'].map((n) => startNode(n, dir, pg.url, env)));
  proxy = await startProxy(nodes[0]!, nodes[1]!, dir);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await Promise.all(nodes.map((n) => n.stop()));
  await pg?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function freeSingle(): Promise<{ id: number; code: string }> {
  const db = new pgDriver.Client({ connectionString: pg.url });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number; code: string }>(
      `SELECT id, stock_code AS code FROM diamonds d
       WHERE d.cat_type = 'Single Item' AND d.source = '' AND d.in_stock AND d.price_cents > 0
         AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.diamond_id = d.id AND h.ended_at IS NULL)
         AND NOT EXISTS (SELECT 1 FROM request_lines r WHERE r.reserved_diamond_id = d.id)
       ORDER BY d.id DESC LIMIT 1`,
    );
    return { id: Number(rows[0]!.id), code: rows[0]!.code };
  } finally {
    await db.end();
  }
}

const onHold = (page: Page, code: string) =>
  page.locator('.cat-table tbody tr').filter({ hasText: code }).locator('.live-state', { hasText: 'On hold' });

/** Stops a node (SIGTERM, its streams end), runs `meanwhile` through the proxy, starts it again. */
async function whileDown(node: AppNode, meanwhile: () => Promise<void>): Promise<void> {
  expect(await node.stop(), `${node.name} exit code`).toBe(0);
  await meanwhile();
  await node.start();
  await until(`${node.name} ready`, async () => (await fetch(`${node.url}/readyz`)).status === 200, 120_000);
}

describe('live stock behind nginx', () => {
  it('an open list follows a hold and its release made while each node restarts in turn', async () => {
    const stone = await freeSingle();
    const context = await browser!.newContext({ baseURL: proxy!.url, viewport: { width: 1440, height: 900 } });
    expect((await context.request.post('/api/v1/login', { data: TRADER })).status()).toBe(200);
    const page = await context.newPage();
    const streams: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/live') streams.push(r.url());
    });
    const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/live');
    await page.goto(`/diamonds/all?q=${stone.code}`);
    await opened;
    await page.locator('.cat-table tbody tr').filter({ hasText: stone.code }).waitFor();

    const other = client();
    expect((await other.call(proxy!, '/api/v1/login', { method: 'POST', json: JEWELLER })).status).toBe(200);
    let holdId = 0;
    await whileDown(nodes[0]!, async () => {
      const res = await other.call(proxy!, '/api/v1/holds', { method: 'POST', json: { diamondId: stone.id } });
      expect(res.status, `${await res.clone().text()}\n${proxy!.errors()}`).toBe(201);
      holdId = ((await res.json()) as { id: number }).id;
      await onHold(page, stone.code).waitFor({ timeout: 30_000 });
    });
    await whileDown(nodes[1]!, async () => {
      const res = await other.call(proxy!, `/api/v1/holds/${holdId}`, { method: 'DELETE' });
      expect(res.status, `${await res.clone().text()}\n${proxy!.errors()}`).toBe(200);
      await onHold(page, stone.code).waitFor({ state: 'detached', timeout: 30_000 });
    });

    // the page was never reloaded; its stream came back at least once, resuming where it was
    expect(streams.length, 'streams opened').toBeGreaterThan(1);
    expect(streams.filter((u) => u.includes('since=')).length, 'streams resumed').toBeGreaterThan(0);
    await context.close();
  }, 400_000);
});
