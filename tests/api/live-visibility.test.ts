/**
 * What each viewer of GET /api/v1/live may see, for every kind of event, filtered on the
 * server: a visitor, the trader who acts, and another trader watch the same changes (a hold
 * placed and released, a request reserving a stone, a price change, a special offer's price
 * change, an update, the trade availability column, a stone leaving, coming back and a new
 * one). No price reaches a visitor (but a special offer's), no hold or reservation state
 * either, and no name, e-mail, company or user id of anyone reaches anyone.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordStockChanges, type StockChange } from '../../api/services/link/change-log.ts';
import { writeTx } from '../../db/client.ts';
import { diamonds, users, type Diamond, type NewDiamond } from '../../db/tables.ts';
import type { LiveMineEvent, LiveStoneEvent } from '../../src/domain/live/events.ts';
import { dataOf, sseReader, type SseEvent } from '../support/sse.ts';
import { liveCast } from './live-fixtures.ts';
import { latestRequestId, sendBag } from './request-fixtures.ts';

const PRICE_KEYS = ['price', 'priceOrig', 'ppc', 'ExWebTotal', 'RAP', 'StkWebAvailable'];
const PERSONAL_KEYS = /"(userId|user_id|user|email|company|name|firstName|lastName|holder|by)"/;

describe('live stock: what each viewer sees', () => {
  it('a visitor, the acting trader and another trader each get only their share of every event', async () => {
    const { t, agent, otherAgent, other, single, spare, special, gone } = await liveCast();
    const [visitor, trader, second] = await Promise.all([
      t.request('/live').then(sseReader),
      agent.request('/live').then(sseReader),
      otherAgent.request('/live').then(sseReader),
    ]);
    for (const s of [visitor, trader, second]) expect((await s.next())!.event).toBe('ready');

    const stock = (edit: Partial<NewDiamond>, row: Diamond, change: StockChange) =>
      writeTx(t.db, async (tx) => {
        await tx.update(diamonds).set(edit).where(eq(diamonds.id, row.id));
        await recordStockChanges(tx, [change], { now: t.clock.now(), retentionDays: 30 });
      });

    // an event carries the stone as the hub reads it: the traders' streams read each move of
    // the single stone before the next one (a visitor hears of none of them)
    const early: [SseEvent[], SseEvent[]] = [[], []];
    const heard = async (change: string) => {
      const its = (e: SseEvent) =>
        e.event === 'stone' &&
        dataOf<LiveStoneEvent>(e).id === single.id &&
        dataOf<LiveStoneEvent>(e).change === change;
      const got = await Promise.all([trader, second].map((r) => r.until(its, 5000)));
      got.forEach((g, i) => early[i]!.push(...g));
    };
    // holds and the request, through the API
    const placed = await agent.json('/holds', 'POST', { diamondId: single.id });
    expect(placed.status).toBe(201);
    const hold = (await placed.json()) as { id: number };
    await heard('hold');
    expect((await agent.request(`/holds/${hold.id}`, { method: 'DELETE' })).status).toBe(200);
    await heard('hold');
    expect((await agent.json('/profile/bag', 'POST', { diamondId: single.id })).status).toBe(200);
    expect((await sendBag(agent)).status).toBe(200);
    const requestId = await latestRequestId(agent);
    // the stock, as an import writes it
    const code = spare.stockCode;
    await stock({ priceCents: (spare.priceCents ?? 0) + 100 }, spare, {
      stockCode: code,
      kind: 'price_changed',
      fields: ['price'],
    });
    await stock({ webSpecialCents: special.webSpecialCents + 100 }, special, {
      stockCode: special.stockCode,
      kind: 'price_changed',
      fields: ['price'],
    });
    await stock({ certNumber: 'LIVE-42' }, spare, { stockCode: code, kind: 'updated', fields: ['certificate_number'] });
    await stock({ availability: 2 }, spare, {
      stockCode: code,
      kind: 'availability_changed',
      fields: ['availability'],
    });
    await stock({ inStock: false }, gone, { stockCode: gone.stockCode, kind: 'removed', fields: [] });
    await stock({ inStock: true }, gone, { stockCode: gone.stockCode, kind: 'added', fields: [] });
    const { id: _id, ...copy } = spare;
    await writeTx(t.db, async (tx) => {
      await tx.insert(diamonds).values({ ...copy, stockCode: 'LIVE-NEW-1', createdAt: new Date(t.clock.now()) });
      await recordStockChanges(tx, [{ stockCode: 'LIVE-NEW-1', kind: 'added', fields: [] }], {
        now: t.clock.now(),
        retentionDays: 30,
      });
    });

    const last = (e: SseEvent) => e.event === 'stone' && dataOf<LiveStoneEvent>(e).code === 'LIVE-NEW-1';
    const [seenV, laterT, laterS] = (await Promise.all([visitor, trader, second].map((s) => s.until(last, 5000)))) as [
      SseEvent[],
      SseEvent[],
      SseEvent[],
    ];
    const seenT = [...early[0], ...laterT];
    const seenS = [...early[1], ...laterS];
    const stones = (seen: SseEvent[]) => seen.filter((e) => e.event === 'stone').map((e) => dataOf<LiveStoneEvent>(e));
    const mines = (seen: SseEvent[]) => seen.filter((e) => e.event === 'mine').map((e) => dataOf<LiveMineEvent>(e));
    const summary = (seen: SseEvent[]) => stones(seen).map((e) => [e.code, e.change, e.hold, e.reserved]);

    const s = single.stockCode;
    const g = gone.stockCode;
    const sp = special.stockCode;
    expect(summary(seenV)).toEqual([
      [sp, 'price_changed', undefined, undefined],
      [code, 'updated', undefined, undefined],
      [g, 'left_stock', undefined, undefined],
      [g, 'back_in_stock', undefined, undefined],
      ['LIVE-NEW-1', 'added', undefined, undefined],
    ]);
    const tradeSummary = (mine: boolean) => [
      [s, 'hold', mine ? 'mine' : 'other', false],
      [s, 'hold', 'none', false],
      [s, 'reserved', 'none', !mine],
      [code, 'price_changed', 'none', false],
      [sp, 'price_changed', 'none', false],
      [code, 'updated', 'none', false],
      [code, 'updated', 'none', false],
      [g, 'left_stock', 'none', false],
      [g, 'back_in_stock', 'none', false],
      ['LIVE-NEW-1', 'added', 'none', false],
    ];
    expect(summary(seenT)).toEqual(tradeSummary(true));
    expect(summary(seenS)).toEqual(tradeSummary(false));

    // the acting trader's own hold and request, as `mine`; nobody else's
    expect(mines(seenT).map((m) => [m.what, m.id, m.state])).toEqual([
      ['hold', hold.id, 'active'],
      ['hold', hold.id, 'ended'],
      ['request', requestId, 'submitted'],
    ]);
    expect(mines(seenS)).toEqual([]);
    expect(mines(seenV)).toEqual([]);

    // a visitor: the public doc (a special offer's price only), never hold or reservation state
    for (const e of stones(seenV)) {
      expect(e).not.toHaveProperty('hold');
      expect(e).not.toHaveProperty('reserved');
      for (const k of PRICE_KEYS) expect(e.doc ?? {}).not.toHaveProperty(k);
    }
    const specialDoc = stones(seenV).find((e) => e.code === sp)!.doc!;
    expect(specialDoc.WebSpecial).toBe((special.webSpecialCents + 100) / 100);
    // traders: the priced doc their set carries
    const priced = stones(seenT).find((e) => e.code === code && e.change === 'price_changed')!.doc!;
    expect(priced.price).toBe(((spare.priceCents ?? 0) + 100) / 100);
    expect(stones(seenS).find((e) => e.change === 'updated')!.doc!.StkCertNo).toBe('LIVE-42');

    // nobody's name, e-mail, company or user id, in any event anyone got
    const people = await t.db.select().from(users);
    const named = people.flatMap((u) =>
      [u.email, `${u.firstName} ${u.lastName}`, u.companyName].filter((x) => x.length > 3),
    );
    const trader1 = people.find((u) => u.email === 'trader@facet.trade')!;
    for (const [who, seen] of [
      ['visitor', seenV],
      ['trader', seenT],
      ['other trader', seenS],
    ] as const) {
      const text = seen.map((e) => e.data).join('\n');
      for (const n of named) expect(text, `${who} got "${n}"`).not.toContain(n);
      expect(text, who).not.toMatch(PERSONAL_KEYS);
      expect(text, who).not.toContain(`"userId":${trader1.id}`);
      expect(text, who).not.toContain(`"userId":${other.id}`);
    }
    for (const r of [visitor, trader, second]) await r.close();
  });
});
