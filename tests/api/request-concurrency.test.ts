/**
 * Races between buyers over one single stone, which the database must decide on every engine:
 * a hold by one buyer against a bag request by another (exactly one wins), the same through
 * API Link (POST /holds against POST /requests), and several buyers
 * requesting the stone at once (one request keeps it). All calls start before any is awaited;
 * on PostgreSQL each runs on its own pooled connection. Several rounds, each on a fresh stone.
 *
 * Runs in the api (SQLite), api-pg (READ COMMITTED) and api-pg-serializable projects.
 */
import { describe, expect, it } from 'vitest';
import { requestLines } from '../../db/tables.ts';
import { createTestApp, errorOf, insertUser, signIn, type TestApp } from './auth-helpers.ts';
import { stoneOf } from './bag-fixtures.ts';
import { createLinkTestApp, linkKeyFor } from './link-fixtures.ts';
import { sendBag } from './request-fixtures.ts';

const ROUNDS = 3;
let n = 0;

async function buyer(t: TestApp) {
  const u = await insertUser(t.db, { email: `racer${++n}@jeweller.example` });
  return signIn(t, u.email);
}

describe('a hold and a request for one stone by two buyers at once', () => {
  it('exactly one wins, round after round', async () => {
    const t = await createTestApp();
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const stone = await stoneOf(t, 'Single Item', round);
      const [holder, requester] = [await buyer(t), await buyer(t)];
      await requester.json('/profile/bag', 'POST', { diamondId: stone.id });
      const [hold, request] = await Promise.all([
        holder.json('/holds', 'POST', { diamondId: stone.id }),
        sendBag(requester),
      ]);
      const won = [hold.status === 201, request.status === 200];
      expect(won.filter(Boolean), `hold ${hold.status}, request ${request.status}`).toHaveLength(1);
      if (won[0]) {
        expect(request.status).toBe(409);
        expect((await errorOf(request)).msg).toBe('stone_on_hold');
        outcomes.add('hold');
      } else {
        expect(hold.status).toBe(409);
        expect((await errorOf(hold)).msg).toBe('stone_reserved');
        outcomes.add('request');
      }
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });
});

describe('several buyers request one stone at once', () => {
  it('one request claims it; the others are refused as reserved', async () => {
    const t = await createTestApp();
    const stone = await stoneOf(t, 'Single Item');
    const agents = await Promise.all(Array.from({ length: 6 }, () => buyer(t)));
    for (const a of agents) await a.json('/profile/bag', 'POST', { diamondId: stone.id });
    const answers = await Promise.all(agents.map((a) => sendBag(a)));
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      statuses.join(','),
    ).toHaveLength(5);
    for (const r of answers.filter((x) => x.status === 409)) expect((await errorOf(r)).msg).toBe('stone_reserved');
    expect(await t.db.select().from(requestLines)).toHaveLength(1);
  });
});

describe('an API Link hold and an API Link request for one stone by two buyers at once', () => {
  it('exactly one wins, round after round', async () => {
    const t = await createLinkTestApp();
    const holder = await linkKeyFor(t, 'link-holder@jeweller.example', 'trade');
    const requester = await linkKeyFor(t, 'link-requester@jeweller.example', 'trade');
    for (let round = 0; round < ROUNDS; round++) {
      const { stockCode } = await stoneOf(t, 'Single Item', round);
      const [hold, request] = await Promise.all([
        t.post('/holds', holder, { stock_code: stockCode }),
        t.post('/requests', requester, { lines: [{ stock_code: stockCode }], terms: 'memo' }),
      ]);
      const won = [hold.status === 201, request.status === 201];
      expect(won.filter(Boolean), `hold ${hold.status}, request ${request.status}`).toHaveLength(1);
      const loser = won[0] ? request : hold;
      expect(loser.status).toBe(409);
      expect((await errorOf(loser)).msg).toBe(won[0] ? 'stone_on_hold' : 'stone_reserved');
    }
  });
});
