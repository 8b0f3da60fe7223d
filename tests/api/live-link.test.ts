/**
 * API Link's GET /changes/stream: the /changes events pushed (the same JSON, held against the
 * document as a /changes page), resumed with Last-Event-ID or ?since=, 410 / 409 / 400 for a
 * cursor /changes refuses, a retail key's `available`, a test key's stream, and one call
 * against the key's limits however long it stays open.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { diamonds } from '../../db/tables.ts';
import { appState } from '../../db/tables.ts';
import { dataOf, sseReader, type SseEvent } from '../support/sse.ts';
import { stoneOf } from './bag-fixtures.ts';
import { contractChecker } from './link-contract.ts';
import { body, createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';

type Change = { seq: number; type: string; stock_code: string; fields: string[]; at: string };
const isChange = (e: SseEvent) => e.event === 'change';

async function setup() {
  const t = await createLinkTestApp({ env: { LIVE_POLL_MS: '200' } });
  const keys = { trade: '', retail: '', test: '' };
  for (const scope of ['trade', 'retail', 'test'] as const)
    keys[scope] = await linkKeyFor(t, `${scope}-key@example.com`, scope);
  return { t, ...keys, stone: await stoneOf(t, 'Single Item') };
}

/** A price change through the real import, and a hold by the trade key. */
async function changeStock(t: LinkTestApp, trade: string, stone: typeof diamonds.$inferSelect) {
  await t.importCsv(`StkCodeCalcNS,price\n${stone.stockCode},${((stone.priceCents! + 5000) / 100).toFixed(2)}`);
  const held = await t.post('/holds', trade, { stock_code: stone.stockCode });
  expect(held.status).toBe(201);
}

/** The streamed events, held against the document as the page GET /changes would answer. */
async function checkAsChangesPage(t: LinkTestApp, events: Change[]) {
  const doc = await body<Parameters<typeof contractChecker>[0]>(await t.call('/openapi.json'));
  const page = { data: events, next_since: events.at(-1)?.seq ?? 0, has_more: false };
  const res = new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } });
  await contractChecker(doc)('GET', '/changes', res);
}

const changes = async (sse: ReturnType<typeof sseReader>, n: number) => {
  const got: Change[] = [];
  while (got.length < n) got.push(dataOf<Change>((await sse.until(isChange)).at(-1)!));
  return got;
};

describe('GET /api/link/v1/changes/stream', () => {
  it('pushes the /changes events as they commit (same JSON), and resumes after Last-Event-ID or ?since=', async () => {
    const { t, trade, stone } = await setup();
    const res = await t.call('/changes/stream', trade);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const sse = sseReader(res);
    expect((await sse.next())!.event).toBe('comment');
    await changeStock(t, trade, stone);
    const pushed = await changes(sse, 2);
    await sse.close();
    const polled = await body<{ data: Change[] }>(await t.call(`/changes?since=${pushed[0]!.seq - 1}`, trade));
    expect(pushed).toEqual(polled.data);
    expect(pushed.map((e) => [e.type, e.fields])).toEqual([
      ['price_changed', ['price']],
      ['availability_changed', ['on_hold']],
    ]);
    await checkAsChangesPage(t, pushed);

    // resuming: everything after the id, once, in order
    for (const init of [{ headers: { 'Last-Event-ID': String(pushed[0]!.seq) } }, {}]) {
      const path = 'headers' in init ? '/changes/stream' : `/changes/stream?since=${pushed[0]!.seq}`;
      const again = sseReader(await t.call(path, trade, init));
      const [next] = await changes(again, 1);
      expect(next).toEqual(pushed[1]);
      expect((await again.drain(150)).filter(isChange)).toEqual([]);
      await again.close();
    }
  });

  it('answers 410 below the retention, 409 ahead of the log, 400 for a bad cursor, 401 without a key', async () => {
    const { t, trade } = await setup();
    await t.db.insert(appState).values({ key: 'stock_changes_pruned', version: 50 });
    const expired = await t.call('/changes/stream?since=3', trade);
    expect([expired.status, (await body<{ errors: { msg: string } }>(expired)).errors.msg]).toEqual([
      410,
      'changes_expired',
    ]);
    await t.db.update(appState).set({ version: 0 }).where(eq(appState.key, 'stock_changes_pruned'));
    const ahead = await t.call('/changes/stream', trade, { headers: { 'Last-Event-ID': '999999' } });
    expect(ahead.status).toBe(409);
    expect((await t.call('/changes/stream?since=x', trade)).status).toBe(400);
    expect((await t.call('/changes/stream?sinse=1', trade)).status).toBe(400);
    expect((await t.call('/changes/stream')).status).toBe(401);
  });

  it('a retail key reads `available` for a hold; a test key streams too; the stream is one call', async () => {
    const { t, trade, retail, test, stone } = await setup();
    const [r, k] = [
      sseReader(await t.call('/changes/stream', retail)),
      sseReader(await t.call('/changes/stream', test)),
    ];
    const opened = await t.call('/changes/stream', trade);
    // one call counted, however long the stream stays open
    expect(opened.headers.get('ratelimit')).toMatch(/"default";r=\d+/);
    const left = Number(/r=(\d+)/.exec(opened.headers.get('ratelimit')!)![1]);
    const o = sseReader(opened);
    await changeStock(t, trade, stone);
    const [retailSeen, testSeen] = [await changes(r, 2), await changes(k, 2)];
    expect(retailSeen.map((e) => e.fields)).toEqual([['price'], ['available']]);
    expect(testSeen.map((e) => e.fields)).toEqual([['price'], ['on_hold']]);
    await checkAsChangesPage(t, retailSeen);
    await changes(o, 2);
    const me = await t.call('/me', trade);
    expect(Number(/r=(\d+)/.exec(me.headers.get('ratelimit')!)![1])).toBe(left - 2); // the hold and /me
    for (const s of [r, k, o]) await s.close();
  });
});
