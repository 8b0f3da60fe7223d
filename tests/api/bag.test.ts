import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamonds } from '../../db/tables.ts';
import { errorOf, createTestApp } from './auth-helpers.ts';
import { bagOf, counts, stoneOf, traderWithBag } from './bag-fixtures.ts';

describe('the bag belongs to a signed-in user', () => {
  it.each([
    ['GET', '/profile/bag'],
    ['POST', '/profile/bag'],
    ['PATCH', '/profile/bag/1'],
    ['DELETE', '/profile/bag/1'],
    ['POST', '/profile/bagRequest'],
    ['GET', '/profile/bagRequests'],
  ])('%s %s answers a visitor 401 not_signed_in', async (method, path) => {
    const t = await createTestApp();
    const res =
      method === 'GET' || method === 'DELETE'
        ? await t.request(path, { method })
        : await t.json(path, method, { diamondId: 1 });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ msg: 'not_signed_in' });
    expect(await counts(t)).toEqual({ requests: 0, bagItems: 0 });
  });
});

describe('adding, changing and removing', () => {
  it('adds a single (quantity 1) and a parcel (0.01 ct by weight), once each, priced for display', async () => {
    const { t, agent, single, parcel } = await traderWithBag();
    expect((await agent.json('/profile/bag', 'POST', { diamondId: single.id })).status).toBe(200);
    await agent.json('/profile/bag', 'POST', { diamondId: parcel.id });
    const again = await agent.json('/profile/bag', 'POST', { diamondId: parcel.id });
    expect(again.status).toBe(200);
    const bag = await bagOf(agent, 'GBP');
    expect(bag.map((l) => [l.diamondId, l.type, l.selectedUnit, l.quantity])).toEqual([
      [single.id, 'single', 'weight', 1],
      [parcel.id, 'parcel', 'weight', 0.01],
    ]);
    // GBP is the base of parcel ppc; the parcel line is ppc x 0.01 ct
    expect(bag[1]?.ppc).toBe((parcel.ppcCents ?? 0) / 100);
    expect(bag[1]?.itemPrice).toBe(Math.round((parcel.ppcCents ?? 0) * 0.01) / 100);
    expect(bag[0]?.stock.StkCodeCalcNS).toBe(single.stockCode);
    expect(bag[0]?.stock.price).toBe((single.priceCents ?? 0) / 100);
    expect((await counts(t)).bagItems).toBe(2);
  });

  it('the bag comes with the signed-in user from /me', async () => {
    const { agent, single } = await traderWithBag();
    await agent.json('/profile/bag', 'POST', { diamondId: single.id });
    const me = (await (await agent.request('/me')).json()) as { user: { bag: { diamondId: number }[] } };
    expect(me.user.bag.map((l) => l.diamondId)).toEqual([single.id]);
  });

  it('switching a parcel to items sets the quantity to 1, back to weight sets 0.01', async () => {
    const { agent, parcel } = await traderWithBag();
    await agent.json('/profile/bag', 'POST', { diamondId: parcel.id });
    await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { quantity: 0.05 });
    let [line] = await bagOf(agent);
    expect(line).toMatchObject({ selectedUnit: 'weight', quantity: 0.05 });
    await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { selectedUnit: 'items' });
    [line] = await bagOf(agent);
    expect(line).toMatchObject({ selectedUnit: 'items', quantity: 1, itemPrice: null });
    await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { quantity: 3, acceptsAlternatives: true });
    [line] = await bagOf(agent);
    expect(line).toMatchObject({ selectedUnit: 'items', quantity: 3, acceptsAlternatives: true });
    await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { selectedUnit: 'weight' });
    [line] = await bagOf(agent);
    expect(line).toMatchObject({ selectedUnit: 'weight', quantity: 0.01 });
  });

  it.each([
    [{ quantity: 0 }, 'Quantity must be above 0'],
    [{ quantity: -1 }, 'Quantity must be above 0'],
    [{ quantity: 0.015 }, 'Weight is in steps of 0.01 ct'],
    [{ quantity: 'x' }, 'Quantity must be a number'],
  ])('refuses a parcel quantity %j (400, nothing changed)', async (patch, msg) => {
    const { agent, parcel } = await traderWithBag();
    await agent.json('/profile/bag', 'POST', { diamondId: parcel.id });
    const res = await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', patch);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([{ param: 'quantity', msg }]);
    expect((await bagOf(agent))[0]?.quantity).toBe(0.01);
  });

  it('refuses a weight above the parcel weight, a fractional item count and a single bought by parts', async () => {
    const { agent, parcel, single } = await traderWithBag();
    await agent.json('/profile/bag', 'POST', { diamondId: parcel.id });
    await agent.json('/profile/bag', 'POST', { diamondId: single.id });
    const heavy = await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { quantity: parcel.weight + 1 });
    expect(heavy.status).toBe(400);
    await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { selectedUnit: 'items' });
    expect((await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { quantity: 1.5 })).status).toBe(400);
    expect((await agent.json(`/profile/bag/${single.id}`, 'PATCH', { quantity: 0.5 })).status).toBe(400);
  });

  it('unknown and sold stones cannot be added; a sold stone in the bag is flagged', async () => {
    const { t, agent, single } = await traderWithBag();
    const unknown = await agent.json('/profile/bag', 'POST', { diamondId: 99_999_999 });
    expect(unknown.status).toBe(404);
    await agent.json('/profile/bag', 'POST', { diamondId: single.id });
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, single.id));
    expect((await bagOf(agent))[0]?.inStock).toBe(false);
    const other = await stoneOf(t, 'Single Item', 1);
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, other.id));
    const sold = await agent.json('/profile/bag', 'POST', { diamondId: other.id });
    expect(sold.status).toBe(409);
    expect((await counts(t)).bagItems).toBe(1);
  });

  it('removes a line', async () => {
    const { t, agent, single } = await traderWithBag();
    await agent.json('/profile/bag', 'POST', { diamondId: single.id });
    const res = await agent.request(`/profile/bag/${single.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { bag: unknown[] }).bag).toEqual([]);
    expect((await counts(t)).bagItems).toBe(0);
  });
});
