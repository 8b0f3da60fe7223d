/**
 * A parcel's count is bounded by its own stock: at most its weight over its smallest stone size.
 * A larger count is refused (400, naming the parcel and the limit) when a line is added or
 * changed and when a request is sent; an absurd quantity is refused by the schema itself.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bagItems, diamonds } from '../../db/tables.ts';
import { maxItemsOf } from '../../src/domain/bag/lines.ts';
import { errorOf } from './auth-helpers.ts';
import { bagOf, counts, payloadOf, traderWithBag } from './bag-fixtures.ts';

async function parcelInItems() {
  const ctx = await traderWithBag();
  await ctx.agent.json('/profile/bag', 'POST', { diamondId: ctx.parcel.id });
  await ctx.agent.json(`/profile/bag/${ctx.parcel.id}`, 'PATCH', { selectedUnit: 'items' });
  const limit = maxItemsOf(ctx.parcel.weight, ctx.parcel.sizeFrom);
  const message = `Parcel ${ctx.parcel.stockCode} holds at most ${limit.toLocaleString('en-GB')} stone${limit === 1 ? '' : 's'}`;
  return { ...ctx, limit, message };
}

describe("a parcel's item count", () => {
  it('takes the most stones the parcel holds, and refuses one more with the parcel and the limit', async () => {
    const { agent, parcel, limit, message } = await parcelInItems();
    expect(limit).toBeGreaterThan(1);
    expect((await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { quantity: limit })).status).toBe(200);
    const over = await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { quantity: limit + 1 });
    expect(over.status).toBe(400);
    expect(await errorOf(over)).toEqual({ msg: [{ param: 'quantity', msg: message }] });
    expect((await bagOf(agent))[0]).toMatchObject({ selectedUnit: 'items', quantity: limit });
  });

  it('refuses a count in the billions at the schema, before any lookup', async () => {
    const { agent, parcel } = await parcelInItems();
    for (const quantity of [999_999_999, 1e12]) {
      const res = await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { quantity });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await errorOf(res))).toContain('Quantity cannot be above 1,000,000');
    }
  });

  it('a request for more stones than the parcel holds is refused and nothing is stored', async () => {
    const { t, agent, parcel, limit, message } = await parcelInItems();
    // a line stored before the bound (or the parcel's weight lowered since): the send checks again
    await t.db
      .update(diamonds)
      .set({ weight: (parcel.sizeFrom ?? 0.001) * Math.max(1, Math.floor(limit / 2)) })
      .where(eq(diamonds.id, parcel.id));
    await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { quantity: 1 });
    const [row] = await t.db.select().from(diamonds).where(eq(diamonds.id, parcel.id));
    const now = maxItemsOf(row!.weight, row!.sizeFrom);
    await t.db
      .update(bagItems)
      .set({ quantity: now + 1 })
      .where(eq(bagItems.diamondId, parcel.id));
    const bag = await bagOf(agent, 'GBP');
    const res = await agent.json('/profile/bagRequest', 'POST', payloadOf(bag, 'GBP', 1));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await errorOf(res))).toContain(
      message.replace(String(limit.toLocaleString('en-GB')), now.toLocaleString('en-GB')),
    );
    expect((await counts(t)).requests).toBe(0);
  });
});
