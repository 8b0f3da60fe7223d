import type http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDb } from '../../db/client.ts';
import { auditLog, diamonds, leases, stockImports, stockSources } from '../../db/tables.ts';
import { settled } from '../../api/services/platform/after-response.ts';
import { sourceLease } from '../../api/services/stock-sources/claim.ts';
import { runSource } from '../../api/services/stock-sources/run.ts';
import { runDueSources } from '../../api/services/stock-sources/scheduler.ts';
import { createTestApp, errorOf, insertAdmin, signIn, type TestApp } from './auth-helpers.ts';
import { until } from '../support/until.ts';
import { startFileServer } from '../support/file-server.ts';

/** The feed server: each path answers as its handler says; every request's headers are kept. */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
let base = '';
let close = async () => {};

beforeAll(async () => {
  ({ base, close } = await startFileServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const h = routes.get(req.url ?? '');
    if (h) h(req, res);
    else res.writeHead(404).end();
  }));
});
afterAll(() => close());

const CSV = [
  'Stock No,Shape,Carat,Color,Clarity,Price,Availability',
  'SRC-0001,Round,1.01,G,VS1,7450,1',
  'SRC-0002,Oval,0.72,E,VVS2,980,1',
].join('\n');
const SECRET = 'Bearer s3cret-feed-token';

const serve = (path: string, h: Handler) => routes.set(path, h);
const csvAt = (path: string, body = CSV, headers: Record<string, string> = {}) =>
  serve(path, (_req, res) => res.writeHead(200, { 'content-type': 'text/csv', ...headers }).end(body));

async function setup(env: Record<string, string> = {}, now?: number) {
  const t = await createTestApp({
    now,
    env: {
      STOCK_FEEDS_ALLOW_LOOPBACK: 'true',
      STOCK_FEED_TIMEOUT_MS: '10000',
      STOCK_FEED_MAX_BYTES: '20000',
      ...env,
    },
  });
  const admin = await insertAdmin(t.db);
  const staff = await signIn(t, admin.email);
  const add = async (path: string, over: Record<string, unknown> = {}) => {
    const res = await staff.json('/admin/stock-sources', 'POST', {
      name: `Feed ${path}`,
      url: `${base}${path}`,
      schedule: { kind: 'interval', interval_minutes: 15 },
      ...over,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: number; header_set: boolean } & Record<string, unknown>;
  };
  // Run now answers 202 at once; staff.request waits for the work left after the answer, so the run has ended
  const runNow = async (id: number) => {
    const res = await staff.request(`/admin/stock-sources/${id}/run`, { method: 'POST' });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: number };
    const run = (await (await staff.request(`/admin/stock-import/runs/${runId}`)).json()) as RunView;
    return { runId, status: run.status, reason: run.reason };
  };
  return { t, staff, add, runNow };
}

type RunView = { status: string; reason: string | null };

const stockState = async (t: TestApp) => JSON.stringify(await t.db.select().from(diamonds).orderBy(diamonds.id));
const sourceRow = async (t: TestApp, id: number) =>
  (await t.db.select().from(stockSources).where(eq(stockSources.id, id)))[0]!;

describe('stock sources', () => {
  it('keeps the auth header write-only and refuses bad sources with a clear 400', async () => {
    const { t, staff, add } = await setup();
    csvAt('/auth.csv');
    const s = await add('/auth.csv', { header_name: 'Authorization', header_value: SECRET });
    expect(s).toMatchObject({ header_name: 'Authorization', header_set: true });
    const answers = [
      JSON.stringify(s),
      await (await staff.request('/admin/stock-sources')).text(),
      await (await staff.request(`/admin/stock-sources/${s.id}`)).text(),
      await (
        await staff.json(`/admin/stock-sources/${s.id}`, 'PUT', {
          name: 'Renamed',
          url: `${base}/auth.csv`,
          header_name: 'Authorization',
          schedule: { kind: 'times', times: ['06:00'] },
        })
      ).text(),
      JSON.stringify(await t.db.select().from(auditLog)),
    ];
    for (const a of answers) expect(a).not.toContain('s3cret');
    expect(JSON.parse(answers[3]!)).toMatchObject({ name: 'Renamed', header_set: true });
    // the feed got the header (and only its own origin does)
    await staff.request(`/admin/stock-sources/${s.id}/run`, { method: 'POST' });
    expect(seen.findLast((r) => r.path === '/auth.csv')?.headers.authorization).toBe(SECRET);

    for (const [body, param, msg] of [
      [{ url: 'http://10.0.0.1/f.csv' }, 'url', /private network/],
      [{ url: 'ftp://example.com/f.csv' }, 'url', /https/],
      [{ schedule: { kind: 'interval', interval_minutes: 10 } }, 'schedule.interval_minutes', /15 minutes/],
      [{ schedule: { kind: 'times', times: ['25:00'] } }, 'schedule.times.0', /HH:MM/],
      [{ mode: 'delete' }, 'mode', /update or replace/],
    ] as const) {
      const res = await staff.json('/admin/stock-sources', 'POST', {
        name: 'x',
        url: `${base}/auth.csv`,
        schedule: { kind: 'interval', interval_minutes: 15 },
        ...body,
      });
      expect(res.status).toBe(400);
      const err = await errorOf(res);
      const issue = (err.msg as { param: string; msg: string }[])[0]!;
      expect(issue.param).toBe(param);
      expect(issue.msg).toMatch(msg);
    }
    expect((await staff.request('/admin/stock-sources/999/run', { method: 'POST' })).status).toBe(404);
    expect((await staff.request(`/admin/stock-sources/${s.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await errorOf(await staff.request(`/admin/stock-sources/${s.id}`))).toEqual({ msg: 'source_not_found' });
  });

  it('imports a pull as a run of the history; a 304 or the same content is "unchanged"', async () => {
    const { t, staff, add, runNow } = await setup();
    csvAt('/etag.csv', CSV, { etag: '"v1"' });
    const s = await add('/etag.csv');
    const first = await runNow(s.id);
    expect(first.status).toBe('applied');
    const run = (await (await staff.request(`/admin/stock-import/runs/${first.runId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(run).toMatchObject({ origin: 'source', originLabel: 'Feed /etag.csv', created: 2, fileName: 'etag.csv' });

    // a scheduled pull sends If-None-Match: the server's 304 costs no import
    serve('/etag.csv', (req, res) =>
      req.headers['if-none-match'] === '"v1"' ? res.writeHead(304).end() : res.writeHead(500).end(),
    );
    t.clock.advance(15 * 60_000);
    const before = await stockState(t);
    expect(await runDueSources(t)).toEqual([expect.objectContaining({ status: 'unchanged' })]);
    expect(await stockState(t)).toBe(before);

    // Last-Modified is sent back; the same bytes without a 304 are unchanged by their hash
    csvAt('/lm.csv', CSV, { 'last-modified': 'Wed, 01 Jul 2026 08:00:00 GMT' });
    const lm = await add('/lm.csv');
    await runNow(lm.id);
    t.clock.advance(15 * 60_000);
    const due = await runDueSources(t);
    expect(due.map((r) => r.status)).toEqual(['unchanged', 'unchanged']);
    expect(seen.findLast((r) => r.path === '/lm.csv')?.headers['if-modified-since']).toBe(
      'Wed, 01 Jul 2026 08:00:00 GMT',
    );
    expect(await sourceRow(t, lm.id)).toMatchObject({ lastStatus: 'unchanged', failingSince: null });
  });

  it('gives every broken pull its status and leaves the stock untouched', async () => {
    const { t, staff, add, runNow } = await setup();
    const cases: [string, Handler, RegExp][] = [
      ['/500.csv', (_q, r) => r.writeHead(500).end('oops'), /^http_error: HTTP 500/],
      [
        '/cut.csv',
        (_q, r) => {
          r.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(CSV.length) });
          r.write(CSV.slice(0, 40), () => r.socket?.end());
        },
        /^truncated/,
      ],
      ['/type.csv', (_q, r) => r.writeHead(200, { 'content-type': 'image/png' }).end('png'), /^wrong_type/],
      [
        '/big.csv',
        (_q, r) => r.writeHead(200, { 'content-type': 'text/csv' }).end(CSV + '\nX'.repeat(20_000)),
        /^too_large/,
      ],
      [
        '/private.csv',
        (_q, r) => r.writeHead(302, { location: 'http://10.0.0.1/feed.csv' }).end(),
        /^address_refused: 10\.0\.0\.1 is a private network/,
      ],
      ['/loop.csv', (_q, r) => r.writeHead(302, { location: '/loop.csv' }).end(), /^too_many_redirects/],
      [
        '/login.csv',
        (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>'),
        /^login_page/,
      ],
      [
        '/login-as-csv.csv',
        (_q, r) => r.writeHead(200, { 'content-type': 'text/csv' }).end('<!DOCTYPE html><form>Password</form>'),
        /^login_page/,
      ],
    ];
    const before = await stockState(t);
    for (const [path, handler, reason] of cases) {
      serve(path, handler);
      const s = await add(path);
      const r = await runNow(s.id);
      expect(r.status, path).toBe('failed');
      expect(r.reason, path).toMatch(reason);
      expect(await sourceRow(t, s.id), path).toMatchObject({ lastStatus: r.reason!.split(':')[0] });
      const run = (await t.db.select().from(stockImports).where(eq(stockImports.id, r.runId)))[0]!;
      expect(run).toMatchObject({ status: 'failed', origin: 'source', created: 0, updated: 0 });
    }
    expect(await stockState(t)).toBe(before);
    // the dashboard shows each source red, with when it last updated the stock
    const dash = (await (await staff.request('/admin/dashboard')).json()) as { sources: Record<string, unknown>[] };
    expect(dash.sources).toHaveLength(cases.length);
    expect(dash.sources[0]).toMatchObject({ failing: true, lastAppliedAt: null });
  });

  it('a feed that stops sending ends as a timeout at the configured limit, and the stock is untouched', async () => {
    const { t, add, runNow } = await setup({ STOCK_FEED_TIMEOUT_MS: '300' });
    serve('/slow.csv', (_q, r) => {
      r.writeHead(200, { 'content-type': 'text/csv' });
      r.write('Stock No,Shape\n'); // and nothing more
    });
    const before = await stockState(t);
    const s = await add('/slow.csv');
    const r = await runNow(s.id);
    expect(r).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^timeout/) });
    expect(await sourceRow(t, s.id)).toMatchObject({ lastStatus: 'timeout' });
    expect(await stockState(t)).toBe(before);
  });

  it('Run now answers 202 at once: the run is "running" until it ends, and meanwhile the source is not run again', async () => {
    const { t, staff, add, runNow } = await setup();
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    serve('/held.csv', (_q, r) => void held.then(() => r.writeHead(200, { 'content-type': 'text/csv' }).end(CSV)));
    const s = await add('/held.csv');
    // the app itself, without waiting for the work left after the answer
    const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const raw = (method: string, path: string) => t.app.request(`/api/v1${path}`, { method, headers: { cookie } });
    const runOf = async (id: number) => (await (await raw('GET', `/admin/stock-import/runs/${id}`)).json()) as RunView;

    const started = await raw('POST', `/admin/stock-sources/${s.id}/run`);
    expect(started.status).toBe(202);
    const { runId, status } = (await started.json()) as { runId: number; status: string };
    expect(status).toBe('running');
    await until('the pull', async () => seen.some((r) => r.path === '/held.csv'), 5000, 5);
    expect(await runOf(runId)).toMatchObject({ status: 'running', origin: 'source' });
    const listed = async () =>
      ((await (await raw('GET', '/admin/stock-sources')).json()) as { docs: { running_run: number | null }[] }).docs[0]!
        .running_run;
    expect(await listed()).toBe(runId);
    // one run of a source at a time, whoever starts it: Run now is 409, the scheduler skips its time
    const second = await raw('POST', `/admin/stock-sources/${s.id}/run`);
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toEqual({ msg: 'source_running' });
    t.clock.advance(15 * 60_000);
    expect(await runDueSources(t)).toEqual([]);

    release();
    await settled(t.db);
    expect(await runOf(runId)).toMatchObject({ status: 'applied', created: 2 });
    expect(await listed()).toBeNull();
    // the staff member who pressed it is in the audit
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'stock_source.run'));
    expect(audits).toMatchObject([{ entityId: String(s.id), detail: { runId } }]);
    expect(audits[0]!.userId).not.toBeNull();
    // the claim was given back
    expect(await runNow(s.id)).toMatchObject({ status: 'applied' });
  });

  it('takes over the run of a node that died once its claim lapses, and runs the source again', async () => {
    const { t, staff, add } = await setup();
    csvAt('/orphan.csv');
    const s = await add('/orphan.csv');
    // a node claimed the source and opened its run, then died: its run stays "running"
    const lease = async (expiresAt: number) => {
      const set = { holder: 'dead-node', expiresAt: new Date(expiresAt) };
      await t.db
        .insert(leases)
        .values({ name: sourceLease(s.id), ...set })
        .onConflictDoUpdate({ target: leases.name, set });
    };
    const leftRun = async (status: 'running' | 'failed') =>
      (
        await t.db
          .insert(stockImports)
          .values({
            origin: 'source',
            sourceId: s.id,
            originLabel: 'Feed /orphan.csv',
            mode: 'update',
            status,
            reason: status === 'failed' ? 'interrupted' : null,
            startedAt: new Date(t.clock.now()),
          })
          .returning({ id: stockImports.id })
      )[0]!.id;
    const runs = async () =>
      (await t.db.select().from(stockImports).where(eq(stockImports.sourceId, s.id)).orderBy(stockImports.id)).map(
        (r) => [r.status, r.reason],
      );
    await lease(Date.now() + 60_000);
    const left = await leftRun('running');
    // while its lease lives the run counts as going on
    const refused = await staff.request(`/admin/stock-sources/${s.id}/run`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await runDueSources(t)).toEqual([]);
    expect(await runs()).toEqual([['running', null]]);

    // lapsed: the next tick of any node marks it interrupted and runs the source again at once
    await lease(Date.now() - 1);
    expect(await runDueSources(t)).toEqual([expect.objectContaining({ status: 'applied' })]);
    expect(await runs()).toEqual([
      ['failed', 'interrupted'],
      ['applied', null],
    ]);
    expect((await t.db.select().from(stockImports).where(eq(stockImports.id, left)))[0]!.finishedAt).not.toBeNull();
    expect(
      await t.db
        .select()
        .from(leases)
        .where(eq(leases.name, sourceLease(s.id))),
    ).toEqual([]);

    // runs that die twice in a row are not run a third time at once: the source waits for its next time
    await leftRun('failed');
    await leftRun('running');
    await lease(Date.now() - 1);
    expect(await runDueSources(t)).toEqual([]);
    expect((await runs()).slice(2)).toEqual([
      ['failed', 'interrupted'],
      ['failed', 'interrupted'],
    ]);
  });

  it('previews the first rows, saves a manual mapping for unknown headers and runs with it', async () => {
    const { staff, add, runNow } = await setup();
    csvAt('/map.csv', CSV.replace('Carat', 'Gewicht'));
    const s = await add('/map.csv');
    const res = await staff.request(`/admin/stock-sources/${s.id}/preview`, { method: 'POST' });
    expect(res.status).toBe(200);
    const p = (await res.json()) as {
      rows: string[][];
      unknown: string[];
      columns: { header: string; field: string | null }[];
    };
    expect(p.rows).toHaveLength(2);
    expect(p.unknown).toEqual(['Gewicht']);
    expect(p.columns[0]).toEqual({ header: 'Stock No', field: 'StkCodeCalcNS', manual: false });

    const bad = await staff.json(`/admin/stock-sources/${s.id}/mapping`, 'PUT', {
      mapping: { Gewicht: 'Weightiness' },
    });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toEqual({ msg: [{ param: 'mapping', msg: '"Weightiness" is not a stock field' }] });
    const saved = await staff.json(`/admin/stock-sources/${s.id}/mapping`, 'PUT', { mapping: { Gewicht: 'STWeight' } });
    expect(((await saved.json()) as { mapping: unknown }).mapping).toEqual({ Gewicht: 'STWeight' });
    const again = (await (
      await staff.request(`/admin/stock-sources/${s.id}/preview`, { method: 'POST' })
    ).json()) as typeof p;
    expect(again.unknown).toEqual([]);
    expect(again.columns[2]).toEqual({ header: 'Gewicht', field: 'STWeight', manual: true });
    expect(await runNow(s.id)).toMatchObject({ status: 'applied' });

    // the download stops after the rows it shows: a file that never ends is previewed within the time limit
    serve('/endless.csv', (_q, r) => {
      r.writeHead(200, { 'content-type': 'text/csv' });
      const rows = Array.from({ length: 12 }, (_, i) => `END-${i},Round,1.01,G,VS1,1000,1`);
      r.write(`${[CSV.split('\n')[0], ...rows].join('\n')}\n`); // and nothing more
    });
    const endless = await add('/endless.csv');
    const head = await staff.request(`/admin/stock-sources/${endless.id}/preview`, { method: 'POST' });
    expect(head.status).toBe(200);
    expect(((await head.json()) as typeof p).rows.map((r) => r[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => `END-${i}`),
    );

    serve('/gone.csv', (_q, r) => r.writeHead(500).end());
    const gone = await add('/gone.csv');
    const failed = await staff.request(`/admin/stock-sources/${gone.id}/preview`, { method: 'POST' });
    expect(failed.status).toBe(422);
    expect(await errorOf(failed)).toMatchObject({ msg: 'source_fetch_failed', options: { status: 'http_error' } });
  });

  it('runs sources when due on the clock: every N minutes, paused, times of day in the shop zone', async () => {
    // 05:30 in New York (EDT, UTC-4)
    const { t, staff, add } = await setup({ SHOP_TIME_ZONE: 'America/New_York' }, Date.parse('2026-07-01T09:30:00Z'));
    csvAt('/every.csv');
    csvAt('/six.csv');
    csvAt('/paused.csv');
    const every = await add('/every.csv');
    const six = await add('/six.csv', { schedule: { kind: 'times', times: ['18:00', '06:00'] } });
    await add('/paused.csv', { paused: true });
    expect(six).toMatchObject({ next_run_at: '2026-07-01T10:00:00.000Z' });

    t.clock.advance(14 * 60_000); // 05:44
    expect(await runDueSources(t)).toEqual([]);
    t.clock.advance(60_000); // 05:45: every 15 minutes
    expect((await runDueSources(t)).length).toBe(1);
    expect((await sourceRow(t, every.id)).nextRunAt?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    t.clock.set(Date.parse('2026-07-01T10:00:00Z')); // 06:00 in New York
    expect((await runDueSources(t)).length).toBe(2);
    expect((await sourceRow(t, six.id)).nextRunAt?.toISOString()).toBe('2026-07-01T22:00:00.000Z');

    // pausing stops it; resuming schedules it from now
    const paused = await staff.json(`/admin/stock-sources/${every.id}/pause`, 'POST', { paused: true });
    expect(await paused.json()).toMatchObject({ paused: true, next_run_at: null });
    t.clock.advance(60 * 60_000);
    expect(await runDueSources(t)).toEqual([]);
  });

  it('runs a due source exactly once when two nodes tick together', async () => {
    const { t, add } = await setup();
    csvAt('/twice.csv');
    await add('/twice.csv');
    const other = await openDb(t.config.databaseLocation);
    onTestFinished(() => other.close());
    t.clock.advance(15 * 60_000);
    const [a, b] = await Promise.all([runDueSources(t), runDueSources({ ...t, db: other })]);
    expect(a.length + b.length).toBe(1);
    expect(await t.db.$count(stockImports)).toBe(1);
  });

  it('a replace-all feed that would empty the shop waits; the source is red until staff confirm it', async () => {
    const { t, staff, add, runNow } = await setup();
    csvAt('/replace.csv');
    const s = await add('/replace.csv', { mode: 'replace' });
    const before = await stockState(t);
    const r = await runNow(s.id);
    expect(r.status).toBe('needs_confirmation');
    expect(await stockState(t)).toBe(before);
    expect(await sourceRow(t, s.id)).toMatchObject({ lastStatus: 'needs_confirmation' });
    expect((await sourceRow(t, s.id)).failingSince).not.toBeNull();
    expect((await staff.request(`/admin/stock-import/runs/${r.runId}/confirm`, { method: 'POST' })).status).toBe(200);
    t.clock.advance(15 * 60_000);
    expect(await runDueSources(t)).toEqual([expect.objectContaining({ status: 'unchanged' })]);
    expect(await sourceRow(t, s.id)).toMatchObject({ failingSince: null, lastStatus: 'unchanged' });
  });

  it('e-mails staff once a day while a source fails, and once when it recovers', async () => {
    const { t, add } = await setup();
    // a day on the fake clock outlives the staff session: run through the service
    const runNow = async (id: number) => runSource(t, await sourceRow(t, id), { force: true });
    serve('/flaky.csv', (_q, r) => r.writeHead(503).end());
    const s = await add('/flaky.csv');
    const failing = () => t.mailer.messages.filter((m) => m.subject.includes('is failing'));
    await runNow(s.id);
    t.clock.advance(60 * 60_000);
    await runNow(s.id);
    expect(failing()).toHaveLength(1);
    expect(failing()[0]!.to).toBe(t.config.STAFF_EMAIL);
    expect((await sourceRow(t, s.id)).failingSince).not.toBeNull();
    t.clock.advance(24 * 60 * 60_000);
    await runNow(s.id);
    expect(failing()).toHaveLength(2);

    csvAt('/flaky.csv');
    expect(await runNow(s.id)).toMatchObject({ status: 'applied' });
    expect(t.mailer.messages.filter((m) => m.subject.includes('works again'))).toHaveLength(1);
    expect(await sourceRow(t, s.id)).toMatchObject({ failingSince: null, lastStatus: 'applied' });
    await runNow(s.id);
    expect(t.mailer.messages.filter((m) => m.subject.includes('works again'))).toHaveLength(1);
  });
});
