/**
 * A stock source's run in a real server process (SQLite), SIGKILLed while its import's write
 * transaction is open (another connection finds the write lock taken): the stock is as it was
 * (the import is one transaction), the run left `running` is marked interrupted by the next run
 * of the source, and that next run goes through.
 */
import http from 'node:http';
import Database from 'better-sqlite3';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { diamonds, stockImports } from '../../db/tables.ts';
import { RUN_STALE_MS, runSource } from '../../api/services/stock-sources/run.ts';
import { createSource } from '../../api/services/stock-sources/sources.ts';
import { createTestApp, insertAdmin, PASSWORD } from '../api/auth-helpers.ts';
import { startServerProcess } from '../api/server-process.ts';
import { until } from '../support/until.ts';

const ROWS = 30_000;

/** Whether another connection holds SQLite's write lock (an open write transaction). */
function writing(path: string): boolean {
  const probe = new Database(path, { timeout: 0 });
  try {
    probe.exec('BEGIN IMMEDIATE; ROLLBACK;');
    return false;
  } catch {
    return true;
  } finally {
    probe.close();
  }
}
const CSV = [
  'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price',
  ...Array.from({ length: ROWS }, (_, i) => `KILL-${i},Round,1.01,G,VS1,${1000 + i}`),
].join('\n');

describe('a stock source run killed mid-import', () => {
  it('leaves the stock as it was, and the next run goes through', async () => {
    const env = { STOCK_FEEDS_ALLOW_LOOPBACK: 'true' };
    const t = await createTestApp({ env });
    const admin = await insertAdmin(t.db);
    let served = 0;
    const feed = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' }).end(CSV, () => (served = Date.now()));
    });
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
    onTestFinished(() => new Promise<void>((r) => feed.close(() => r())));
    const source = await createSource(t, admin.id, {
      name: 'ERP',
      url: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/stock.csv`,
      header_name: '',
      schedule: { kind: 'interval', interval_minutes: 15 },
      paused: false,
      mode: 'update',
    });
    const before = await t.db.$count(diamonds);

    const node = await startServerProcess(t.config.databaseLocation, env);
    const login = await fetch(`${node.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const run = fetch(`${node.url}/api/v1/admin/stock-sources/${source.id}/run`, {
      method: 'POST',
      headers: { cookie },
    }).catch(() => null);
    // the file has been sent; the node's next write transaction is the import's: kill it inside
    await until('the file served', async () => served > 0, 10_000, 5);
    await until('the import writing', async () => writing(t.config.databaseLocation), 10_000, 2);
    process.kill(node.pid, 'SIGKILL');
    expect(await run).toBeNull();

    expect(await t.db.$count(diamonds)).toBe(before);
    const left = (await t.db.select().from(stockImports).where(eq(stockImports.sourceId, source.id)))[0]!;
    expect(left.status).toBe('running');

    // a run still "running" counts as going on for 10 minutes; after that the next run takes over
    await expect(runSource(t, source, { force: true })).rejects.toMatchObject({ status: 409 });
    t.clock.set(Date.now() + RUN_STALE_MS + 1);
    const next = await runSource(t, source, { force: true });
    expect(next.status).toBe('applied');
    expect(await t.db.$count(diamonds)).toBe(before + ROWS);
    const runs = await t.db.select().from(stockImports).where(eq(stockImports.sourceId, source.id));
    expect(runs.map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'interrupted'],
      ['applied', null],
    ]);
  }, 60_000);
});
