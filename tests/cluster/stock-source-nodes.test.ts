/**
 * Stock sources on two real app nodes (`npm start`'s script) sharing one PostgreSQL, pulling
 * from a feed server on loopback in this process (STOCK_FEEDS_ALLOW_LOOPBACK; nothing else):
 *
 * - Both nodes' schedulers tick every 200 ms (STOCK_SOURCE_TICK_MS): sources made due at once
 *   are each pulled and imported exactly once.
 * - A Run now on one node is SIGKILLed while its import's write transaction is open: the stock
 *   is as it was (one transaction), and once the run's claim lapses (STOCK_SOURCE_LEASE_MS,
 *   5 s here) the other node's scheduler marks it interrupted and runs the source again to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, client } from '../support/app-node.ts';
import { startFileServer } from '../support/file-server.ts';
import { startTwoNodes, type TwoNodes } from '../support/two-nodes.ts';
import { until } from '../support/until.ts';

const HEAD = 'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price';
const rows = (tag: string, n: number) =>
  [HEAD, ...Array.from({ length: n }, (_, i) => `${tag}-${i},Round,1.01,G,VS1,${1000 + i}`)].join('\n');

const files = new Map<string, string>();
const hits = new Map<string, number>();
let base = '';
let closeFeed = async () => {};
let c: TwoNodes;
const admin = client();

beforeAll(async () => {
  ({ base, close: closeFeed } = await startFileServer((req, res) => {
    const body = files.get(req.url ?? '');
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    if (body == null) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
  }));
  c = await startTwoNodes('stock-sources', {
    STOCK_FEEDS_ALLOW_LOOPBACK: 'true',
    STOCK_SOURCE_TICK_MS: '200',
    STOCK_SOURCE_LEASE_MS: '5000',
  });
  expect((await admin.call(c.a, '/api/v1/login', { method: 'POST', json: ADMIN })).status).toBe(200);
}, 400_000);

afterAll(async () => {
  await c?.stop();
  await closeFeed();
});

/** Adds a source through node `on` (due in 15 minutes, as saved) and answers its id. */
async function addSource(on: { url: string }, path: string, body: string): Promise<number> {
  files.set(path, body);
  const res = await admin.call(on, '/api/v1/admin/stock-sources', {
    method: 'POST',
    json: { name: `Feed ${path}`, url: `${base}${path}`, schedule: { kind: 'interval', interval_minutes: 15 } },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const runsOf = async (sourceId: number) =>
  (
    await c.db.query(
      `SELECT status, reason, created::int AS created FROM stock_imports WHERE source_id = $1 ORDER BY id`,
      [sourceId],
    )
  ).rows as { status: string; reason: string | null; created: number }[];

describe('stock sources on two nodes', () => {
  it('runs each source made due exactly once, whichever node ticks first', async () => {
    const before = await c.one('SELECT count(*) AS n FROM diamonds');
    const ids: number[] = [];
    for (const k of [1, 2, 3]) ids.push(await addSource(c.a, `/due-${k}.csv`, rows(`DUE${k}`, 40)));
    // both schedulers see them due on their next tick
    await c.db.query(`UPDATE stock_sources SET next_run_at = next_run_at - interval '1 hour' WHERE id = ANY($1)`, [
      ids,
    ]);
    await until(
      'every source run',
      async () =>
        (await c.one(`SELECT count(*) AS n FROM stock_imports WHERE source_id = ANY($1) AND status <> 'running'`, [
          ids,
        ])) === ids.length,
      30_000,
      50,
    );
    // a few more ticks of both nodes: still one run each
    await new Promise((r) => setTimeout(r, 1000));
    for (const id of ids) expect(await runsOf(id)).toEqual([{ status: 'applied', reason: null, created: 40 }]);
    for (const k of [1, 2, 3]) expect(hits.get(`/due-${k}.csv`)).toBe(1);
    expect(await c.one('SELECT count(*) AS n FROM diamonds')).toBe(before + 3 * 40);
  });

  it('a node SIGKILLed mid-import leaves the stock as it was; the other takes the run over once its claim lapses', async () => {
    const ROWS = 8_000;
    const id = await addSource(c.a, '/big.csv', rows('KILL', ROWS));
    const before = await c.one('SELECT count(*) AS n FROM diamonds');
    const started = await admin.call(c.a, `/api/v1/admin/stock-sources/${id}/run`, { method: 'POST' });
    expect(started.status).toBe(202);
    // the import's write transaction has written stones and not committed: kill node A inside it
    await until(
      'the import writing',
      async () =>
        (await c.one(
          `SELECT count(*) AS n FROM pg_locks l JOIN pg_class r ON r.oid = l.relation
            WHERE r.relname = 'diamonds' AND l.mode = 'RowExclusiveLock' AND l.pid <> pg_backend_pid()`,
        )) > 0,
      60_000,
      2,
    );
    c.a.proc.kill('SIGKILL');
    await new Promise((r) => c.a.proc.once('exit', r));

    expect(await c.one('SELECT count(*) AS n FROM diamonds')).toBe(before);
    // the killed run wrote nothing; it shows running until its claim lapses, and on a loaded
    // machine the other node may already have marked it interrupted by now
    const [killed] = await runsOf(id);
    expect(killed).toMatchObject({ created: 0 });
    expect(['running', 'failed']).toContain(killed!.status);

    await until('the run taken over', async () => (await runsOf(id)).length === 2, 60_000, 100);
    await until('the new run ended', async () => (await runsOf(id))[1]!.status !== 'running', 120_000, 100);
    expect(await runsOf(id)).toMatchObject([
      { status: 'failed', reason: 'interrupted' },
      { status: 'applied', reason: null, created: ROWS },
    ]);
    expect(await c.one('SELECT count(*) AS n FROM diamonds')).toBe(before + ROWS);
    expect(c.b.proc.exitCode).toBeNull();
  }, 240_000);
});
