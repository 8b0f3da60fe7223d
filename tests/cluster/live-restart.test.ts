/**
 * Live stock across a restart, as two traders see it: nginx in front of two app nodes on one
 * PostgreSQL, trader B's list and bag and trader A's list open in Chromium (two contexts).
 * Each node in turn gets SIGTERM while A holds the stone, then releases it, through the
 * proxy: B's open list says "On hold" and B's bag warns, then no longer, without a reload,
 * B's stream having come back through the proxy on the node still running and resumed from
 * its last sequence (`?since=`). Then the wholesaler's system pushes a new price (API Link's
 * stock PATCH) and both lists show it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import pgDriver from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, client, startNode, TRADER, type AppNode } from '../support/app-node.ts';
import { CHROMIUM_PATH } from '../support/chromium.ts';
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
  const env = { RATE_LIMIT_FACTOR: '1000', LOG_REQUESTS: 'true' };
  nodes = await Promise.all(['a', 'b'].map((n) => startNode(n, dir, pg.url, env, { reuseSite: true })));
  proxy = await startProxy(nodes[0]!, nodes[1]!, dir);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
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

const listRow = (page: Page, code: string) => page.locator('.cat-table tbody tr').filter({ hasText: code });
const onHold = (page: Page, code: string) => listRow(page, code).locator('.live-state', { hasText: 'On hold' });

/** Stops a node (SIGTERM, its streams end), runs `meanwhile` through the proxy, starts it again. */
async function whileDown(node: AppNode, meanwhile: () => Promise<void>): Promise<void> {
  expect(await node.stop(), `${node.name} exit code`).toBe(0);
  await meanwhile();
  await node.start();
  await until(`${node.name} ready`, async () => (await fetch(`${node.url}/readyz`)).status === 200, 120_000);
  // as a rolling restart does (README): the proxy sends it traffic again, its failure mark
  // having lapsed, before the next node stops
  await until(
    `${node.name} serving through nginx`,
    async () => (await fetch(`${proxy!.url}/api/v1/health`)).ok && node.output().includes('/api/v1/health'),
    60_000,
  );
}

/** A signed-in page at `path` through the proxy, resolved once its live stream is open. */
async function livePage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/live');
  await page.goto(path);
  await opened;
  return page;
}

async function signedInContext(account: { email: string; password: string }): Promise<BrowserContext> {
  const context = await browser!.newContext({ baseURL: proxy!.url, viewport: { width: 1440, height: 900 } });
  expect((await context.request.post('/api/v1/login', { data: account })).status()).toBe(200);
  return context;
}

describe('live stock behind nginx', () => {
  it('two open lists and a bag follow a hold, its release and a pushed price, while each node restarts in turn', async () => {
    const stone = await freeSingle();
    const b = await signedInContext(TRADER);
    expect((await b.request.post('/api/v1/profile/bag', { data: { diamondId: stone.id } })).status()).toBe(200);
    const streams: string[] = [];
    b.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/live') streams.push(r.url());
    });
    const page = await livePage(b, `/diamonds/all?q=${stone.code}`);
    await listRow(page, stone.code).waitFor();
    const bag = await livePage(b, '/diamonds/bag');
    const warning = bag.locator(`[data-bag-warnings="${stone.id}"]`);
    const a = await signedInContext(JEWELLER);
    const aPage = await livePage(a, `/diamonds/all?q=${stone.code}`);
    await listRow(aPage, stone.code).waitFor();

    const other = client();
    expect((await other.call(proxy!, '/api/v1/login', { method: 'POST', json: JEWELLER })).status).toBe(200);
    let holdId = 0;
    await whileDown(nodes[0]!, async () => {
      const res = await other.call(proxy!, '/api/v1/holds', { method: 'POST', json: { diamondId: stone.id } });
      expect(res.status, `${await res.clone().text()}\n${proxy!.errors()}`).toBe(201);
      holdId = ((await res.json()) as { id: number }).id;
      await onHold(page, stone.code).waitFor({ timeout: 30_000 });
      await warning.filter({ hasText: /On hold for another buyer/ }).waitFor({ timeout: 30_000 });
    });
    await whileDown(nodes[1]!, async () => {
      const res = await other.call(proxy!, `/api/v1/holds/${holdId}`, { method: 'DELETE' });
      expect(res.status, `${await res.clone().text()}\n${proxy!.errors()}`).toBe(200);
      await onHold(page, stone.code).waitFor({ state: 'detached', timeout: 30_000 });
    });

    // the pages were never reloaded; B's stream came back at least once, resuming where it was
    expect(streams.length, 'streams opened').toBeGreaterThan(2);
    expect(streams.filter((u) => u.includes('since=')).length, 'streams resumed').toBeGreaterThan(0);

    // the wholesaler's system pushes a new price: both lists show it
    const staff = client();
    expect((await staff.call(proxy!, '/api/v1/login', { method: 'POST', json: ADMIN })).status).toBe(200);
    const made = await staff.call(proxy!, '/api/v1/admin/stock-import/api-keys', {
      method: 'POST',
      json: { name: 'ERP' },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { key } = (await made.json()) as { key: string };
    const price = (p: Page) => listRow(p, stone.code).locator('.cat-price').first().innerText();
    const before = [await price(page), await price(aPage)];
    const pushed = await fetch(`${proxy!.url}/api/link/v1/stock/${encodeURIComponent(stone.code)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price: 123_456 }),
    });
    expect(pushed.status, await pushed.clone().text()).toBe(200);
    for (const [i, p] of [page, aPage].entries())
      await until(`the new price on list ${i + 1}`, async () => (await price(p)) !== before[i], 30_000);
    await Promise.all([a.close(), b.close()]);
  }, 400_000);
});
