/**
 * GET /api/v1/live tells a trader when their own request moves, also when no stone changes
 * (staff taking it into review): a `mine` event with the request's id and new state, on the
 * buyer's stream only; another trader's stream hears nothing of it (a visitor's has no account).
 * A move that frees reserved stones is told once, however many stones it frees.
 */
import { describe, expect, it } from 'vitest';
import type { LiveMineEvent, LiveStoneEvent } from '../../src/domain/live/events.ts';
import { dataOf, sseReader, type SseEvent } from '../support/sse.ts';
import { insertAdmin, signIn } from './auth-helpers.ts';
import { stoneOf, traderWithBag } from './bag-fixtures.ts';
import { detail, latestRequestId, sendBag, sentRequest } from './request-fixtures.ts';

describe('live stock: the buyer hears their own request move', () => {
  it('a move by staff reaches the buyer as `mine`, and nobody else', async () => {
    const { agent, otherAgent, staff, id, spare } = await sentRequest();
    const [buyer, other] = await Promise.all([
      agent.request('/live').then(sseReader),
      otherAgent.request('/live').then(sseReader),
    ]);
    try {
      for (const s of [buyer, other]) expect((await s.next())!.event).toBe('ready');
      expect((await staff.json(`/admin/requests/${id}`, 'PATCH', { status: 'in_review' })).status).toBe(200);
      const heard = (await buyer.until((e) => e.event === 'mine')).at(-1)!;
      expect(dataOf<LiveMineEvent>(heard)).toEqual({ seq: null, what: 'request', id, state: 'in_review' });
      // the other trader's stream stays quiet: their own hold, later, is the next thing they hear
      expect((await otherAgent.json('/holds', 'POST', { diamondId: spare.id })).status).toBe(201);
      const read = await other.until((e) => e.event === 'mine');
      expect(
        read.filter((e) => e.event !== 'comment').map((e) => [e.event, dataOf<{ what?: string }>(e).what]),
      ).toEqual([
        ['stone', undefined],
        ['mine', 'hold'],
      ]);
    } finally {
      await Promise.all([buyer.close(), other.close()]);
    }
  });

  it('a move that frees two reserved stones reaches the buyer as one `mine` event', async () => {
    const { t, agent, single } = await traderWithBag();
    const second = await stoneOf(t, 'Single Item', 2);
    for (const stone of [single, second]) await agent.json('/profile/bag', 'POST', { diamondId: stone.id });
    expect((await sendBag(agent)).status).toBe(200);
    const id = await latestRequestId(agent);
    const staff = await signIn(t, (await insertAdmin(t.db)).email);
    const desk = `/admin/requests/${id}`;
    await staff.json(desk, 'PATCH', { status: 'in_review' });
    for (const line of (await detail(staff, desk)).lines)
      expect((await staff.json(`${desk}/lines/${line._id}`, 'POST', { answer: 'confirmed' })).status).toBe(200);
    const buyer = sseReader(await agent.request('/live'));
    try {
      expect((await buyer.next())!.event).toBe('ready');
      expect((await staff.json(desk, 'PATCH', { status: 'declined' })).status).toBe(200);
      const freed = new Set<number>();
      const heard: SseEvent[] = [];
      while (freed.size < 2) {
        const e = (await buyer.until((x) => x.event === 'stone' || x.event === 'mine')).at(-1)!;
        heard.push(e);
        const stone = e.event === 'stone' ? dataOf<LiveStoneEvent>(e) : null;
        if (stone?.change === 'reserved') freed.add(stone.id);
      }
      heard.push(...(await buyer.drain(500)));
      const told = heard.filter((e) => e.event === 'mine').map((e) => dataOf<LiveMineEvent>(e));
      expect(told.filter((m) => m.what === 'request' && m.id === id && m.state === 'declined')).toHaveLength(1);
    } finally {
      await buyer.close();
    }
  });
});
