/**
 * A rolling restart behind a real proxy: nginx (Debian's, from deploy/nginx.conf.example, on
 * loopback) in front of two app nodes on one PostgreSQL. Under a bounded steady load of reads
 * (the catalogue's list call, the static home page) and acknowledged writes (a signed-in
 * trader's contact messages), each node in turn gets SIGTERM, exits, starts again and waits
 * for /readyz: no request fails and every acknowledged write is in the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pgDriver from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startNode, TRADER, type AppNode } from '../support/app-node.ts';
import { startProxy, type Proxy } from '../support/nginx-proxy.ts';
import { freshDatabase, type FreshDatabase } from '../support/shared-pg.ts';

let pg: FreshDatabase;
let dir: string;
let nodes: AppNode[] = [];
let proxy: Proxy | undefined;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  pg = await freshDatabase('rolling');
  dir = mkdtempSync(join(tmpdir(), 'facet-rolling-'));
  // every call comes from 127.0.0.1: raise the per-address limits; log API calls (who served what)
  const env = { RATE_LIMIT_FACTOR: '1000', LOG_REQUESTS: 'true' };
  nodes = await Promise.all(['a', 'b'].map((n) => startNode(n, dir, pg.url, env, { reuseSite: true })));
  proxy = await startProxy(nodes[0]!, nodes[1]!, dir);
}, 420_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(nodes.map((n) => n.stop()));
  await pg?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('rolling restart behind nginx', () => {
  it('restarts both nodes one after the other under load: 0 failed requests, 0 lost acknowledged writes', async () => {
    const trader = client();
    expect((await trader.call(proxy!, '/api/v1/login', { method: 'POST', json: TRADER })).status).toBe(200);
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let reads = 0;
    let running = true;

    const reader = async (path: string) => {
      while (running) {
        try {
          const res = await trader.call(proxy!, path);
          await res.arrayBuffer();
          if (res.status === 200) reads += 1;
          else failures.push(`GET ${path}: ${res.status}`);
        } catch (err) {
          failures.push(`GET ${path}: ${String(err)}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const writer = async (name: string) => {
      for (let i = 0; running; i++) {
        const text = `Rolling restart ${name} ${i} ${Date.now()}`;
        try {
          const res = await trader.call(proxy!, '/api/v1/message', {
            method: 'POST',
            json: {
              name: 'Rolling Trader',
              email: TRADER.email,
              phone: '01234 567890',
              companyName: 'Facet',
              message: text,
            },
          });
          const body = await res.text();
          if (res.status === 201) acknowledged.push(text);
          else failures.push(`POST /message: ${res.status} ${body.slice(0, 200)}`);
        } catch (err) {
          failures.push(`POST /message: ${String(err)}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = [
      reader('/api/v1/diamonds?page=1&limit=20'),
      reader('/api/v1/diamonds?page=2&limit=20'),
      reader('/'),
      writer('w1'),
      writer('w2'),
    ];

    for (const node of nodes) {
      const before = acknowledged.length;
      expect(await node.stop(), `${node.name} exit code`).toBe(0);
      await node.start();
      await until(`${node.name} ready`, async () => (await fetch(`${node.url}/readyz`)).status === 200);
      // the proxy sends it traffic again (its failure mark has lapsed) before the next node stops
      await until(
        `${node.name} serving through nginx`,
        async () => (node.output().match(/\/api\/v1\/diamonds/g) ?? []).length >= 5,
        60_000,
      );
      expect(acknowledged.length, 'writes went on during the restart').toBeGreaterThan(before);
    }
    running = false;
    await Promise.all(load);

    expect(failures, `nginx said:\n${proxy!.errors()}`).toEqual([]);
    expect(reads).toBeGreaterThan(100);
    const db = new pgDriver.Client({ connectionString: pg.url });
    await db.connect();
    try {
      const stored = new Set(
        (
          await db.query<{ message: string }>(
            "SELECT message FROM contact_messages WHERE message LIKE 'Rolling restart %'",
          )
        ).rows.map((r) => r.message),
      );
      expect(acknowledged.filter((m) => !stored.has(m))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(20);
    } finally {
      await db.end();
    }
  }, 400_000);
});
