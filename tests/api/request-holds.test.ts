/**
 * Requests meet holds: a stone in another buyer's request cannot be held; staff confirming a
 * line ends another buyer's hold on the stone (reason confirmed_elsewhere, the holder e-mailed
 * by the hold sweep); an alternative another buyer holds cannot be offered; the holder's own
 * request for a held stone turns the hold into the request (reason requested, no "ended" e-mail,
 * no "free again" e-mail to watchers).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holds } from '../../db/tables.ts';
import { startHoldSweep } from '../../api/services/trade/hold-sweep.ts';
import { errorOf, insertUser, signIn } from './auth-helpers.ts';
import { bagOf, payloadOf, traderWithBag } from './bag-fixtures.ts';
import { detail, latestRequestId, sentRequest } from './request-fixtures.ts';
import { depsOf } from './webhook-helpers.ts';

describe('requests and holds', () => {
  it('a requested stone cannot be held by another buyer', async () => {
    const { otherAgent, single } = await sentRequest();
    const refused = await otherAgent.json('/holds', 'POST', { diamondId: single.id });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      msg: 'stone_reserved',
      options: { stockCode: single.stockCode },
    });
  });

  it("confirming a line ends another buyer's hold on the stone, and the holder is told", async () => {
    const { t, staff, otherAgent, other, id, single, spare } = await sentRequest();
    const desk = `/admin/requests/${id}`;
    await staff.json(desk, 'PATCH', { status: 'in_review' });
    const lineId = (await detail(staff, desk)).lines[0]!._id;
    // staff first say it is unavailable: the stone is free, and another buyer holds it
    await staff.json(`${desk}/lines/${lineId}`, 'POST', { answer: 'unavailable' });
    expect((await otherAgent.json('/holds', 'POST', { diamondId: single.id })).status).toBe(201);
    // ... an alternative the other buyer holds cannot be offered either
    expect((await otherAgent.json('/holds', 'POST', { diamondId: spare.id })).status).toBe(201);
    const alt = await staff.json(`${desk}/lines/${lineId}`, 'POST', {
      answer: 'alternative',
      stockCode: spare.stockCode,
    });
    expect((await errorOf(alt)).msg).toBe('stone_on_hold');

    const confirm = await staff.json(`${desk}/lines/${lineId}`, 'POST', { answer: 'confirmed' });
    expect(confirm.status).toBe(200);
    const ended = await t.db
      .select()
      .from(holds)
      .where(and(eq(holds.diamondId, single.id), eq(holds.userId, other.id)));
    expect(ended).toEqual([expect.objectContaining({ endReason: 'confirmed_elsewhere' })]);
    expect(ended[0]!.endedAt).not.toBeNull();
    const sweep = startHoldSweep(depsOf(t), { poll: false });
    await sweep.runOnce();
    await sweep.runOnce();
    const told = t.mailer.messages.filter((m) => m.to === other.email && m.text.includes(single.stockCode));
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect((await detail(staff, desk)).lines[0]).toMatchObject({ answer: 'confirmed', reserved: true });
  });

  it("the holder's request for a held stone turns the hold into the request, quietly", async () => {
    const { t, agent, single } = await traderWithBag();
    const watcher = await insertUser(t.db, { status: 'approved' });
    const watcherAgent = await signIn(t, watcher.email);
    const placed = await agent.json('/holds', 'POST', { diamondId: single.id });
    expect(placed.status).toBe(201);
    expect((await watcherAgent.request(`/holds/watch/${single.id}`, { method: 'PUT' })).status).toBe(204);
    await agent.json('/profile/bag', 'POST', { diamondId: single.id });
    const only = (await bagOf(agent, 'USD')).filter((l) => l.diamondId === single.id);
    const sent = await agent.json('/profile/bagRequest', 'POST', payloadOf(only, 'USD', 1.27, { terms: 'invoice' }));
    expect(sent.status).toBe(200);
    const mine = (await (await agent.request('/holds')).json()) as {
      active: unknown[];
      ended: { stockCode: string; endReason: string }[];
    };
    expect(mine.active).toEqual([]);
    expect(mine.ended).toEqual([expect.objectContaining({ stockCode: single.stockCode, endReason: 'requested' })]);
    const id = await latestRequestId(agent);
    const state = (await (await agent.request('/holds/state')).json()) as { mine: unknown[]; requested: number[] };
    expect(state).toMatchObject({ mine: [], requested: [single.id] });
    // the stone is in their request now: holding it again is refused, naming the request
    const again = await agent.json('/holds', 'POST', { diamondId: single.id });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({
      msg: 'stone_reserved',
      options: { stockCode: single.stockCode, request: id },
    });
    const sweep = startHoldSweep(depsOf(t), { poll: false });
    await sweep.runOnce();
    await sweep.runOnce();
    const ended = await t.db.select().from(holds).where(eq(holds.diamondId, single.id));
    expect(ended[0]!.endedNotifiedAt).not.toBeNull();
    expect(t.mailer.messages.filter((m) => /has ended|free again/.test(m.subject))).toEqual([]);
  });
});
