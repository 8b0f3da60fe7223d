/**
 * Live stock (GET /api/v1/live): the opening, order and resuming, heartbeats, resync below
 * the pruned mark, and streams opened and dropped at random leaking nothing; over a real
 * socket (the node's own answer, as in production) too.
 * What each viewer may see of every event: live-visibility.test.ts.
 */
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openStreams, stopLiveHub } from '../../api/services/live/hub.ts';
import { appState, stockChanges } from '../../db/tables.ts';
import type { LiveReady, LiveStoneEvent } from '../../src/domain/live/events.ts';
import { dataOf, sseReader } from '../support/sse.ts';
import { createTestApp, insertUser, signIn } from './auth-helpers.ts';
import { stoneOf, TRADER } from './bag-fixtures.ts';

async function setup(env: Record<string, string> = {}) {
  const t = await createTestApp({ env: { LIVE_POLL_MS: '200', ...env } });
  const trader = await signIn(t, TRADER.email, TRADER.password);
  const single = await stoneOf(t, 'Single Item');
  const single2 = await stoneOf(t, 'Single Item', 1);
  return { t, trader, single, single2 };
}

const isStone = (e: { event: string }) => e.event === 'stone';

describe('GET /api/v1/live', () => {
  it('opens with ready (the newest sequence), no-store and unbuffered, then each hold in sequence order', async () => {
    const { trader, single, single2 } = await setup();
    const res = await trader.request('/live');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const sse = sseReader(res);
    const ready = (await sse.next())!;
    expect(ready.event).toBe('ready');
    const newest = dataOf<LiveReady>(ready).seq;
    expect(ready.id).toBe(String(newest));

    // an event carries the stone as the hub reads it: each change is read before the next one
    const got: LiveStoneEvent[] = [];
    const nextStone = async () => got.push(dataOf<LiveStoneEvent>((await sse.until(isStone)).at(-1)!));
    const held = await trader.json('/holds', 'POST', { diamondId: single.id });
    expect(held.status).toBe(201);
    const hold = (await held.json()) as { id: number };
    await nextStone();
    expect((await trader.json('/holds', 'POST', { diamondId: single2.id })).status).toBe(201);
    await nextStone();
    expect((await trader.request(`/holds/${hold.id}`, { method: 'DELETE' })).status).toBe(200);
    await nextStone();
    expect(got.map((e) => [e.id, e.change, e.hold])).toEqual([
      [single.id, 'hold', 'mine'],
      [single2.id, 'hold', 'mine'],
      [single.id, 'hold', 'none'],
    ]);
    const seqs = got.map((e) => e.seq);
    expect(seqs[0]).toBeGreaterThan(newest);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    await sse.close();
  });

  it('resumes after Last-Event-ID (or ?since=) with no event twice and none missed', async () => {
    const { trader, single, single2 } = await setup();
    const first = sseReader(await trader.request('/live'));
    await first.next();
    expect((await trader.json('/holds', 'POST', { diamondId: single.id })).status).toBe(201);
    const one = (await first.until(isStone)).at(-1)!;
    await first.close();
    // while away: two more changes
    expect((await trader.json('/holds', 'POST', { diamondId: single2.id })).status).toBe(201);
    const mine = (await (await trader.request('/holds')).json()) as { active: { id: number; diamondId: number }[] };
    const h1 = mine.active.find((h) => h.diamondId === single.id)!;
    expect((await trader.request(`/holds/${h1.id}`, { method: 'DELETE' })).status).toBe(200);

    for (const resume of [{ headers: { 'Last-Event-ID': one.id! } }, { path: `/live?since=${one.id}` }]) {
      const res = await trader.request('path' in resume ? resume.path! : '/live', 'headers' in resume ? resume : {});
      const sse = sseReader(res);
      const ready = (await sse.next())!;
      expect(ready.event).toBe('ready');
      expect(ready.id ?? one.id).toBe(one.id); // it resumes from the browser's own id
      const a = dataOf<LiveStoneEvent>((await sse.until(isStone)).at(-1)!);
      const b = dataOf<LiveStoneEvent>((await sse.until(isStone)).at(-1)!);
      expect([a.id, a.hold, b.id, b.hold]).toEqual([single2.id, 'mine', single.id, 'none']);
      expect(a.seq).toBeGreaterThan(Number(one.id));
      expect((await sse.drain(150)).filter(isStone)).toEqual([]); // no event twice
      await sse.close();
    }
    // Last-Event-ID wins over a stale ?since= (a browser's EventSource reconnecting keeps its URL)
    const both = sseReader(
      await trader.request(`/live?since=${Number(one.id) - 1}`, { headers: { 'Last-Event-ID': one.id! } }),
    );
    await both.next();
    expect(dataOf<LiveStoneEvent>((await both.until(isStone)).at(-1)!).id).toBe(single2.id);
    await both.close();
  });

  it('resumes, without a resync, after an event this node has not read yet (heard through another node)', async () => {
    const { t, trader } = await setup();
    const first = sseReader(await trader.request('/live')); // the hub is running
    await first.next();
    // committed without this node's wake-up: as another node's write before its notice arrives
    const [row] = await t.db
      .insert(stockChanges)
      .values({ stockCode: 'ELSEWHERE-1', kind: 'updated', fields: ['comments'], at: new Date(t.clock.now()) })
      .returning();
    const sse = sseReader(await trader.request('/live', { headers: { 'Last-Event-ID': String(row!.seq) } }));
    const ready = (await sse.next())!;
    expect([ready.event, ready.id]).toEqual(['ready', String(row!.seq)]);
    expect((await sse.drain(300)).map((e) => e.event)).not.toContain('resync');
    for (const s of [first, sse]) await s.close();
  });

  it('answers a resync for a cursor below the pruned mark or ahead of the log, and 400 for a bad one', async () => {
    const { t, trader } = await setup();
    const latest = (await t.db.select({ seq: stockChanges.seq }).from(stockChanges)).reduce(
      (m, r) => Math.max(m, r.seq),
      0,
    );
    await t.db.insert(appState).values({ key: 'stock_changes_pruned', version: latest + 5 });
    const gap = sseReader(await trader.request('/live?since=1'));
    const [ready, resync] = [(await gap.next())!, (await gap.next())!];
    expect(ready.event).toBe('ready');
    expect(ready.id).toBe(String(latest + 5)); // resumes from the newest after the reload
    expect([resync.event, dataOf(resync)]).toEqual(['resync', { reason: 'gap' }]);
    await gap.close();
    await t.db.update(appState).set({ version: 0 }).where(eq(appState.key, 'stock_changes_pruned'));
    const ahead = sseReader(await t.request(`/live?since=${latest + 1000}`));
    await ahead.next();
    expect(dataOf((await ahead.next())!)).toEqual({ reason: 'cursor_ahead' });
    await ahead.close();

    for (const res of [
      await t.request('/live?since=abc'),
      await t.request('/live', { headers: { 'Last-Event-ID': '-3' } }),
    ]) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: { msg: unknown } }).errors.msg).toBeTruthy();
    }
  });

  it('stays open through heartbeats (a configured short period standing in for ten idle minutes)', async () => {
    const { trader, single } = await setup({ LIVE_HEARTBEAT_MS: '5' });
    const sse = sseReader(await trader.request('/live'));
    await sse.next();
    // 10 minutes at the real 25 s period: 24 heartbeats
    for (let i = 0; i < 24; i++) expect((await sse.next())!.event).toBe('comment');
    expect((await trader.json('/holds', 'POST', { diamondId: single.id })).status).toBe(201);
    expect(dataOf<LiveStoneEvent>((await sse.until(isStone)).at(-1)!).hold).toBe('mine');
    await sse.close();
  });

  it('100 streams opened and dropped at random leak nothing (open streams, the pool)', async () => {
    const { t, trader, single } = await setup();
    const other = await signIn(t, (await insertUser(t.db, { email: 'second@jeweller.example' })).email);
    const pool = t.db.poolStats?.().total;
    const opened = [];
    for (let i = 0; i < 100; i++) {
      const who = [t, trader, other][i % 3]!;
      opened.push(sseReader(await who.request('/live')));
    }
    await Promise.all(opened.map((s) => s.next()));
    expect(openStreams(t.db)).toBe(100);
    // drop them in random order, some mid-event
    const order = opened.map((s) => ({ s, k: Math.random() })).sort((a, b) => a.k - b.k);
    const hold = trader.json('/holds', 'POST', { diamondId: single.id });
    for (const { s } of order.slice(0, 50)) await s.close();
    expect((await hold).status).toBe(201);
    for (const { s } of order.slice(50)) await s.close();
    await expect.poll(() => openStreams(t.db), { timeout: 2000 }).toBe(0);
    if (pool !== undefined) expect(t.db.poolStats!().total).toBeLessThanOrEqual(Math.max(pool, 6));
  });

  it('a node that stops ends every stream with a retry hint (the browser reconnects elsewhere)', async () => {
    const { t, trader } = await setup();
    const streams = [sseReader(await t.request('/live')), sseReader(await trader.request('/live'))];
    for (const s of streams) await s.next();
    await stopLiveHub(t.db); // what the worker registry does on SIGTERM
    for (const s of streams) {
      const hint = (await s.next())!;
      expect(hint.event).toBe('retry');
      expect(hint.retry).toBeGreaterThanOrEqual(1000);
      expect(hint.retry).toBeLessThanOrEqual(3000);
      expect(await s.next()).toBeNull(); // the answer ended
    }
    expect(openStreams(t.db)).toBe(0);
  });

  it('over a socket: written straight to the answer with its headers, events, heartbeats and the retry hint', async () => {
    const { t, trader, single } = await setup({ LIVE_HEARTBEAT_MS: '50' });
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((ok) => server.once('listening', ok));
    onTestFinished(
      () =>
        new Promise<void>((ok) => {
          server.close(() => ok());
          (server as Server).closeAllConnections(); // the client's idle keep-alive sockets
        }),
    );
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/live`;
    const cookie = [...trader.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { headers: { cookie } });
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
      200,
      'text/event-stream; charset=utf-8',
      'no-store',
    ]);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const sse = sseReader(res);
    expect((await sse.next())!.event).toBe('ready');
    expect((await sse.next())!.event).toBe('comment');
    expect((await trader.json('/holds', 'POST', { diamondId: single.id })).status).toBe(201);
    expect(dataOf<LiveStoneEvent>((await sse.until(isStone)).at(-1)!).hold).toBe('mine');
    const gone = sseReader(await fetch(url));
    await gone.next();
    await gone.close(); // a client that leaves frees its stream
    await expect.poll(() => openStreams(t.db), { timeout: 2000 }).toBe(1);
    await stopLiveHub(t.db);
    expect((await sse.until((e) => e.event === 'retry')).at(-1)!.retry).toBeGreaterThanOrEqual(1000);
    expect(await sse.next()).toBeNull(); // the answer ended
  });
});
