/**
 * GET /api/v1/live tells a trader when their own request moves, also when no stone changes
 * (staff taking it into review): a `mine` event with the request's id and new state, on the
 * buyer's stream only; another trader's stream hears nothing of it (a visitor's has no account).
 */
import { describe, expect, it } from 'vitest';
import type { LiveMineEvent } from '../../src/domain/live/events.ts';
import { dataOf, sseReader } from '../support/sse.ts';
import { sentRequest } from './request-fixtures.ts';

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
});
