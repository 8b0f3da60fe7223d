/**
 * Shared set-up of the bag API tests: a seeded app, the demo trader signed in, a priced
 * single and a parcel from the stock, the server's own pricing for the payload, row counts.
 */
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { bagItems, bagRequests, diamonds } from '../../db/tables.ts';
import type { BagLineView } from '../../src/domain/bag/view.ts';
import { createTestApp, signIn, type TestApp } from './auth-helpers.ts';

export const TRADER = { email: 'trader@facet.trade', password: 'Trader#2026' };

export async function stoneOf(t: TestApp, catType: 'Single Item' | 'Multiple Items', skip = 0) {
  const price = catType === 'Single Item' ? diamonds.priceCents : diamonds.ppcCents;
  const rows = await t.db
    .select()
    .from(diamonds)
    .where(
      and(eq(diamonds.inStock, true), eq(diamonds.catType, catType), isNotNull(price), eq(diamonds.webSpecialCents, 0)),
    )
    .orderBy(asc(diamonds.id))
    .limit(skip + 1);
  const row = rows[skip];
  if (!row) throw new Error(`no ${catType} in the test stock`);
  return row;
}

export async function traderWithBag() {
  const t = await createTestApp();
  const agent = await signIn(t, TRADER.email, TRADER.password);
  const single = await stoneOf(t, 'Single Item');
  const parcel = await stoneOf(t, 'Multiple Items');
  return { t, agent, single, parcel };
}

export type Agent = Awaited<ReturnType<typeof signIn>>;

export async function bagOf(agent: Agent, ccy?: string): Promise<BagLineView[]> {
  const res = await agent.request(`/profile/bag${ccy ? `?ccy=${ccy}` : ''}`);
  if (res.status !== 200) throw new Error(`GET /profile/bag: ${res.status}`);
  return ((await res.json()) as { bag: BagLineView[] }).bag;
}

/** The payload the bag page sends, built from the server's display prices in `ccy`. */
export function payloadOf(bag: BagLineView[], ccy: string, exRate: number, over: Record<string, unknown> = {}) {
  const na = bag.some((l) => l.itemPrice == null);
  const total = Math.round(bag.reduce((s, l) => s + (l.itemPrice ?? 0), 0) * 100) / 100;
  return {
    bagItems: bag.map((l) => ({
      stock: l.diamondId,
      type: l.type,
      ...(l.itemPrice == null ? {} : { itemPrice: l.itemPrice }),
      ...(l.type === 'parcel' ? { ppc: l.ppc } : {}),
    })),
    orderNotes: 'Please send on approval',
    acceptsAnyAlternatives: false,
    ccy,
    totalPrice: na ? 'N/A' : total,
    ExRate: exRate,
    ...over,
  };
}

export async function counts(t: TestApp) {
  return {
    requests: (await t.db.select({ n: count() }).from(bagRequests))[0]?.n ?? 0,
    bagItems: (await t.db.select({ n: count() }).from(bagItems))[0]?.n ?? 0,
  };
}
