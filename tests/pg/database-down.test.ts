/**
 * A PostgreSQL outage as a node sees it: its own throwaway server is stopped under a running
 * app process. Meanwhile /readyz says 503 with the database as the reason, the static pages are
 * still served from disk (`/` 200) and API calls answer 503 `database_unavailable` in the error
 * shape (never 500); once the server is back, /readyz is 200 again with no restart of the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb } from '../../db/client.ts';
import { startServerProcess, type ServerProcess } from '../api/server-process.ts';
import { startPgCluster, type PgCluster } from '../support/pg-cluster.ts';

let pg: PgCluster;
let app: ServerProcess;

beforeAll(async () => {
  pg = await startPgCluster();
  await pg.createDatabase('outage');
  const db = await openDb(pg.url('outage'), { poolSize: 1 });
  await migrateDb(db);
  await db.close();
  app = await startServerProcess(pg.url('outage'));
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await pg?.stop();
});

const get = (path: string) => fetch(`${app.url}${path}`);

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`still not ${what} after ${ms} ms`);
}

describe('the database stops under a running node', { timeout: 120_000 }, () => {
  it('is ready with the database up', async () => {
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', site: 'ok' },
    });
  });

  it('answers /readyz 503, pages 200 and API calls 503 in the error shape while it is down', async () => {
    pg.halt();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; reason: string };
    expect(body.status).toBe('not_ready');
    expect(body.reason).toMatch(/^database: unreachable/);
    expect((await get('/livez')).status).toBe(200);

    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>home</title>');

    for (const path of ['/api/v1/site', '/api/v1/health', '/api/v1/diamonds?page=1&limit=5']) {
      const res = await get(path);
      expect(res.status, path).toBe(503);
      expect(await res.json(), path).toEqual({ errors: { msg: 'database_unavailable' } });
    }
  });

  it('is ready again once the database is back, without a restart', async () => {
    pg.resume();
    await until(async () => (await get('/readyz')).status === 200, 'ready');
    expect((await get('/api/v1/site')).status).toBe(200);
  });
});
