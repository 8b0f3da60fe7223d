/**
 * The remembered display currency: PATCH /profile/currency stores the
 * signed-in user's choice; /me and login carry it as user.ccy, and the bag is priced in it
 * when the call names no currency. Bad input is a 400 in the error shape; visitors get 401.
 */
import { describe, expect, it } from 'vitest';
import { errorOf, meOf, signIn } from './auth-helpers.ts';
import { TRADER, bagOf, traderWithBag } from './bag-fixtures.ts';

describe('PATCH /profile/currency', () => {
  it('remembers the choice across sessions and prices the bag in it', async () => {
    const { t, agent, single } = await traderWithBag();
    expect((await meOf(agent)).user?.ccy).toBeNull();
    await agent.json('/profile/bag', 'POST', { diamondId: single.id });
    expect((await bagOf(agent))[0]?.ccy).toBe('GBP');

    const res = await agent.json('/profile/currency', 'PATCH', { ccy: 'EUR' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { ccy: string } }).user.ccy).toBe('EUR');

    const again = await signIn(t, TRADER.email, TRADER.password);
    const me = (await meOf(again)).user as { ccy: string; bag: { ccy: string }[] };
    expect(me.ccy).toBe('EUR');
    expect(me.bag[0]?.ccy).toBe('EUR');
    expect((await bagOf(again))[0]?.ccy).toBe('EUR');
    expect((await bagOf(again, 'USD'))[0]?.ccy).toBe('USD'); // an explicit ccy still wins
  });

  it.each([[{ ccy: 'XXX' }], [{ ccy: 1 }], [{}], [['EUR']]])('refuses %j with 400', async (body) => {
    const { agent } = await traderWithBag();
    const res = await agent.json('/profile/currency', 'PATCH', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBeTruthy();
    expect((await meOf(agent)).user?.ccy).toBeNull();
  });

  it('answers a visitor 401', async () => {
    const { t } = await traderWithBag();
    const res = await t.json('/profile/currency', 'PATCH', { ccy: 'EUR' });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ msg: 'not_signed_in' });
  });
});
