/**
 * GET /api/v1/diamonds/:id/similar-prices: the similar stones in stock of a made-up stock
 * (a shape the demo stock does not have), their prices per carat in the trader's currency,
 * the exact median, held stones counted, and nothing at all for a visitor.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamonds, holds, users, type NewDiamond } from '../../db/tables.ts';
import type { SimilarPrices } from '../../api/services/catalogue/similar-prices.ts';
import { convert, roundTo } from '../../src/domain/money.ts';
import { loadRates } from '../../api/services/trade/bag.ts';
import { createTestApp, errorOf, signIn, type TestApp } from './auth-helpers.ts';

const TRADER = { email: 'trader@facet.trade', password: 'Trader#2026' };
const G = 3;
const VS1 = 4;

let seq = 0;
/** A natural Kite single, G VS1, 1.00 ct, $4,500, in stock, with `over` on top; its id. */
async function kite(t: TestApp, over: Partial<NewDiamond> = {}): Promise<number> {
  const row: NewDiamond = {
    stockCode: `KITE-${++seq}`,
    shape: 'Kite',
    catType: 'Single Item',
    catName: 'Diamonds',
    weight: 1,
    colourFromRank: G,
    colourToRank: G,
    clarityFromRank: VS1,
    clarityToRank: VS1,
    priceCents: 450_000,
    ...over,
  };
  const [made] = await t.db.insert(diamonds).values(row).returning({ id: diamonds.id });
  return made!.id;
}

/** The stone and its neighbours: four similar (one of them held), and every kind of near miss. */
async function kiteStock(t: TestApp) {
  const stone = await kite(t);
  await kite(t, { colourFromRank: G - 1, priceCents: 400_000 }); // F VS1 1.00: 4,000 /ct
  await kite(t, { colourFromRank: G + 1, clarityFromRank: VS1 + 1, weight: 1.1, priceCents: 484_000 }); // 4,400
  await kite(t, { clarityFromRank: VS1 - 1, weight: 0.9, priceCents: 432_000 }); // 4,320 / 0.9 = 4,800
  const held = await kite(t, { shape: 'KITE', weight: 1.05, priceCents: 525_000 }); // 5,000
  await kite(t, { weight: 1.11, priceCents: 100 }); // over 10 % heavier
  await kite(t, { weight: 0.89, priceCents: 100 }); // over 10 % lighter
  await kite(t, { colourFromRank: G + 2, priceCents: 100 }); // two colours away
  await kite(t, { clarityFromRank: VS1 + 2, priceCents: 100 }); // two clarities away
  await kite(t, { source: 'Lab Grown', catName: 'Lab Grown Diamonds', priceCents: 100 }); // lab-grown
  await kite(t, { shape: 'Oval', priceCents: 100 });
  await kite(t, { inStock: false, priceCents: 100 }); // left the stock
  await kite(t, { catType: 'Multiple Items', ppcCents: 100, priceCents: null }); // a parcel
  await kite(t, { priceCents: null }); // similar, but no price: no point
  const trader = (await t.db.select().from(users).where(eq(users.email, TRADER.email)))[0]!;
  await t.db.insert(holds).values({ diamondId: held, userId: trader.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return stone;
}

const similarOf = async (agent: { request: TestApp['request'] }, id: number, ccy = 'USD') => {
  const res = await agent.request(`/diamonds/${id}/similar-prices?ccy=${ccy}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SimilarPrices;
};

describe('GET /diamonds/:id/similar-prices', () => {
  it('answers the similar stones in stock, held ones counted, with the exact median and where this stone sits', async () => {
    const t = await createTestApp();
    const id = await kiteStock(t);
    const agent = await signIn(t, TRADER.email, TRADER.password);
    const answer = await similarOf(agent, id);
    expect(answer.ccy).toBe('USD');
    expect(answer.own).toBe(4500);
    expect(answer.points).toEqual([4000, 4400, 4800, 5000]);
    expect(answer.summary).toEqual({
      count: 4,
      median: 4600,
      min: 4000,
      max: 5000,
      position: { below: 2, same: 0, above: 2, rank: 3, percentile: 50, diffPct: -2.2 },
    });
  });

  it("prices the points in the trader's currency by the site's conversion rule", async () => {
    const t = await createTestApp();
    const id = await kiteStock(t);
    const agent = await signIn(t, TRADER.email, TRADER.password);
    const rates = await loadRates(t.db);
    const answer = await similarOf(agent, id, 'GBP');
    expect(answer.ccy).toBe('GBP');
    const perCarat = (usd: number, ct: number) => roundTo(Math.round(convert(usd, 'USD', 'GBP', rates)) / ct, 2);
    expect(answer.own).toBe(perCarat(4500, 1));
    expect(answer.points).toEqual(
      [perCarat(4000, 1), perCarat(4840, 1.1), perCarat(4320, 0.9), perCarat(5250, 1.05)].sort((a, b) => a - b),
    );
  });

  it('the median of an even count is the mean of the two middle prices, exactly', async () => {
    const t = await createTestApp();
    const id = await kite(t, { shape: 'Shield' });
    for (const cents of [410_001, 410_002, 420_003, 900_000]) await kite(t, { shape: 'Shield', priceCents: cents });
    const agent = await signIn(t, TRADER.email, TRADER.password);
    const answer = await similarOf(agent, id);
    // whole-unit prices: 4,100, 4,100, 4,200, 9,000 -> (4,100 + 4,200) / 2
    expect(answer.points).toEqual([4100, 4100, 4200, 9000]);
    expect(answer.summary.median).toBe(4150);
  });

  it('a stone without a colour grade has no similar stones', async () => {
    const t = await createTestApp();
    const ungraded = await kite(t, { shape: 'Shield', colourFromRank: null });
    await kite(t, { shape: 'Shield', colourFromRank: null });
    const agent = await signIn(t, TRADER.email, TRADER.password);
    expect((await similarOf(agent, ungraded)).summary.count).toBe(0);
  });

  it('refuses a visitor with 401 not_signed_in and no data', async () => {
    const t = await createTestApp();
    const id = await kiteStock(t);
    const res = await t.request(`/diamonds/${id}/similar-prices`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['errors']);
    expect((await errorOf(await t.request(`/diamonds/${id}/similar-prices`))).msg).toBe('not_signed_in');
  });

  it('answers 404 diamond_not_found for an unknown stone', async () => {
    const t = await createTestApp();
    const agent = await signIn(t, TRADER.email, TRADER.password);
    const res = await agent.request('/diamonds/999999/similar-prices');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).msg).toBe('diamond_not_found');
  });
});
