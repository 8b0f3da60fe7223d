import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { diamonds } from '../../db/tables.ts';
import { errorOf } from './auth-helpers.ts';
import { bagOf, counts, payloadOf, traderWithBag } from './bag-fixtures.ts';

async function filledBag() {
  const ctx = await traderWithBag();
  await ctx.agent.json('/profile/bag', 'POST', { diamondId: ctx.single.id });
  await ctx.agent.json('/profile/bag', 'POST', { diamondId: ctx.parcel.id });
  await ctx.agent.json(`/profile/bag/${ctx.parcel.id}`, 'PATCH', { quantity: 0.25 });
  return ctx;
}

describe('POST /profile/bagRequest', () => {
  it('stores the request with server prices, empties the bag, answers the user and mails staff and customer', async () => {
    const { t, agent, single, parcel } = await filledBag();
    const bag = await bagOf(agent, 'USD');
    const body = payloadOf(bag, 'USD', 1.27, { acceptsAnyAlternatives: true });
    const res = await agent.json('/profile/bagRequest', 'POST', body);
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { isAuthorised: boolean; user: { email: string; bag: unknown[] } };
    expect(reply).toMatchObject({ isAuthorised: true, user: { email: 'trader@facet.trade', bag: [] } });
    expect(await counts(t)).toEqual({ requests: 1, bagItems: 0 });

    const list = (await (await agent.request('/profile/bagRequests')).json()) as { docs: Record<string, unknown>[] };
    expect(list.docs).toHaveLength(1);
    const doc = list.docs[0] as {
      status: string;
      totalPrice: number;
      ccy: string;
      items: { stockCode: string; itemPrice: number; acceptsAlternatives: boolean }[];
    };
    expect(doc).toMatchObject({ status: 'submitted', terms: 'invoice', ccy: 'USD', totalPrice: body.totalPrice });
    expect(doc.items.map((i) => i.stockCode)).toEqual([single.stockCode, parcel.stockCode]);
    expect(doc.items.every((i) => i.acceptsAlternatives)).toBe(true);

    const staff = t.mailer.last(t.config.STAFF_EMAIL);
    expect(staff?.subject).toMatch(/bag request/i);
    for (const part of [staff?.text, staff?.html]) {
      expect(part).toContain(single.stockCode);
      expect(part).toContain(parcel.stockCode);
      expect(part).toContain('0.25 ct');
      expect(part).toContain('Please send on approval');
    }
    const singleLine = staff?.text.split('\n').find((l) => l.startsWith(`- ${single.stockCode} `));
    expect(singleLine).not.toMatch(/\d ct\b/); // a single stone is bought whole: no quantity
    expect(staff?.text.split('\n').find((l) => l.startsWith(`- ${parcel.stockCode} `))).toContain('· 0.25 ct');
    const itemPrice = bag[0]?.itemPrice ?? 0;
    const formatted = `$${itemPrice.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    expect(staff?.text).toContain(formatted);
    const copy = t.mailer.last('trader@facet.trade');
    expect(copy?.subject).toMatch(/request/i);
    expect(copy?.text).toContain(single.stockCode);
  });

  it('a parcel in items mode makes the total N/A, which the client must send as N/A', async () => {
    const { t, agent, parcel } = await filledBag();
    await agent.json(`/profile/bag/${parcel.id}`, 'PATCH', { selectedUnit: 'items' });
    const bag = await bagOf(agent, 'GBP');
    const wrong = await agent.json('/profile/bagRequest', 'POST', payloadOf(bag, 'GBP', 1, { totalPrice: 100 }));
    expect(wrong.status).toBe(409);
    expect((await counts(t)).requests).toBe(0);
    const ok = await agent.json('/profile/bagRequest', 'POST', payloadOf(bag, 'GBP', 1));
    expect(ok.status).toBe(200);
    const list = (await (await agent.request('/profile/bagRequests')).json()) as {
      docs: { totalPrice: number | null }[];
    };
    expect(list.docs[0]?.totalPrice).toBeNull();
  });

  describe('refuses with nothing stored', () => {
    const cases: [
      string,
      (ctx: Awaited<ReturnType<typeof filledBag>>, p: ReturnType<typeof payloadOf>) => unknown,
      number,
      string | null,
    ][] = [
      ['a tampered total', (_c, p) => ({ ...p, totalPrice: (p.totalPrice as number) - 100 }), 409, 'total_mismatch'],
      [
        'a total off by two cents',
        (_c, p) => ({ ...p, totalPrice: (p.totalPrice as number) + 0.02 }),
        409,
        'total_mismatch',
      ],
      [
        'a tampered item price',
        (_c, p) => ({ ...p, bagItems: p.bagItems.map((i) => ({ ...i, itemPrice: 1 })) }),
        409,
        'price_mismatch',
      ],
      ['a tampered exchange rate', (_c, p) => ({ ...p, ExRate: 2 }), 409, 'rates_changed'],
      [
        'an unknown stone',
        (_c, p) => ({ ...p, bagItems: [...p.bagItems, { stock: 99_999_999, type: 'single' }] }),
        404,
        'unknown_stone',
      ],
      ['a zero quantity', (_c, p) => ({ ...p, bagItems: p.bagItems.map((i) => ({ ...i, quantity: 0 })) }), 400, null],
      [
        'a negative quantity',
        (_c, p) => ({ ...p, bagItems: p.bagItems.map((i) => ({ ...i, quantity: -0.5 })) }),
        400,
        null,
      ],
      [
        'a quantity other than the bag holds',
        (c, p) => ({ ...p, bagItems: p.bagItems.map((i) => (i.stock === c.parcel.id ? { ...i, quantity: 0.5 } : i)) }),
        409,
        'bag_changed',
      ],
      [
        'a single sent as a parcel',
        (c, p) => ({ ...p, bagItems: p.bagItems.map((i) => (i.stock === c.single.id ? { ...i, type: 'parcel' } : i)) }),
        400,
        null,
      ],
      ['no items', (_c, p) => ({ ...p, bagItems: [] }), 400, null],
      ['an unknown currency', (_c, p) => ({ ...p, ccy: 'XXX' }), 400, null],
    ];
    it.each(cases)('%s', async (_name, tamper, status, msg) => {
      const ctx = await filledBag();
      const payload = payloadOf(await bagOf(ctx.agent, 'GBP'), 'GBP', 1);
      const res = await ctx.agent.json('/profile/bagRequest', 'POST', tamper(ctx, payload));
      expect(res.status).toBe(status);
      const err = await errorOf(res);
      if (msg) expect(err.msg).toBe(msg);
      expect(await counts(ctx.t)).toEqual({ requests: 0, bagItems: 2 });
      expect(ctx.t.mailer.messages.filter((m) => /request/i.test(m.subject))).toEqual([]);
    });

    it('a stone that left the stock', async () => {
      const { t, agent, single } = await filledBag();
      const payload = payloadOf(await bagOf(agent, 'GBP'), 'GBP', 1);
      await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, single.id));
      const res = await agent.json('/profile/bagRequest', 'POST', payload);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).msg).toBe('stone_unavailable');
      expect(await counts(t)).toEqual({ requests: 0, bagItems: 2 });
    });

    it('a stone not in the bag', async () => {
      const { t, agent, parcel } = await filledBag();
      const payload = payloadOf(await bagOf(agent, 'GBP'), 'GBP', 1);
      await agent.request(`/profile/bag/${parcel.id}`, { method: 'DELETE' });
      const res = await agent.json('/profile/bagRequest', 'POST', payload);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).msg).toBe('not_in_bag');
      expect(await counts(t)).toEqual({ requests: 0, bagItems: 1 });
    });

    it('a visitor (401)', async () => {
      const { t, agent } = await filledBag();
      const payload = payloadOf(await bagOf(agent, 'GBP'), 'GBP', 1);
      const res = await t.json('/profile/bagRequest', 'POST', payload);
      expect(res.status).toBe(401);
      expect(await counts(t)).toEqual({ requests: 0, bagItems: 2 });
    });

    it('a foreign Origin (403)', async () => {
      const { t, agent } = await filledBag();
      const payload = payloadOf(await bagOf(agent, 'GBP'), 'GBP', 1);
      const res = await agent.json('/profile/bagRequest', 'POST', payload, {
        headers: { origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
      expect(await counts(t)).toEqual({ requests: 0, bagItems: 2 });
      expect(t.mailer.messages).toEqual([]);
    });

    it('an empty bag', async () => {
      const { t, agent, single } = await traderWithBag();
      const res = await agent.json('/profile/bagRequest', 'POST', {
        bagItems: [{ stock: single.id, type: 'single', itemPrice: 1 }],
        orderNotes: '',
        acceptsAnyAlternatives: false,
        ccy: 'GBP',
        totalPrice: 1,
        ExRate: 1,
      });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).msg).toBe('bag_empty');
      expect((await counts(t)).requests).toBe(0);
    });
  });

  it('two concurrent requests of one user do not double-order: exactly one succeeds', async () => {
    const { t, agent } = await filledBag();
    const payload = payloadOf(await bagOf(agent, 'GBP'), 'GBP', 1);
    const [a, b] = await Promise.all([
      agent.json('/profile/bagRequest', 'POST', payload),
      agent.json('/profile/bagRequest', 'POST', payload),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await counts(t)).toEqual({ requests: 1, bagItems: 0 });
    expect(t.mailer.messages.filter((m) => m.to === t.config.STAFF_EMAIL)).toHaveLength(1);
  });
});
