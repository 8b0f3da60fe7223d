/**
 * Shared set-up of the client page tests: the demo trader signed in, a second trader, and
 * helpers to make a page and read it as a client (no cookies).
 */
import { eq } from 'drizzle-orm';
import { diamonds, exchangeRates } from '../../db/tables.ts';
import type { ClientPageView, PublicClientPage } from '../../src/domain/client-pages/view.ts';
import { insertUser, signIn, type TestApp } from './auth-helpers.ts';
import { stoneOf, traderWithBag, type Agent } from './bag-fixtures.ts';

export async function clientPageSetup() {
  const { t, agent, single, parcel } = await traderWithBag();
  const other = await insertUser(t.db, { email: 'second@jeweller.example' });
  const second = await signIn(t, other.email);
  return { t, agent, second, single, parcel };
}

export const pageInput = (diamondIds: number[], over: Record<string, unknown> = {}) => ({
  title: 'For Mrs Patel',
  markupPct: 25,
  currency: 'GBP',
  diamondIds,
  ...over,
});

export async function makePage(agent: Agent, body: Record<string, unknown>): Promise<ClientPageView> {
  const res = await agent.json('/client-pages', 'POST', body);
  if (res.status !== 201) throw new Error(`POST /client-pages: ${res.status} ${await res.text()}`);
  return (await res.json()) as ClientPageView;
}

export const tokenOf = (page: ClientPageView) => page.url.split('/').pop() as string;

/** The client's read: no cookies at all. */
export const readAsClient = (t: TestApp, page: ClientPageView) => t.request(`/client-pages/public/${tokenOf(page)}`);

export async function clientView(t: TestApp, page: ClientPageView): Promise<PublicClientPage> {
  const res = await readAsClient(t, page);
  if (res.status !== 200) throw new Error(`public read: ${res.status} ${await res.text()}`);
  return (await res.json()) as PublicClientPage;
}

/** Fixed rates (one base): USD 1.25, GBP 1, EUR 1.17, JPY 190.5, NZD 2.1. */
export async function fixRates(t: TestApp) {
  const rates = { USD: 1.25, GBP: 1, EUR: 1.17, JPY: 190.5, NZD: 2.1 } as const;
  for (const [currency, exRate] of Object.entries(rates))
    await t.db
      .update(exchangeRates)
      .set({ exRate })
      .where(eq(exchangeRates.currency, currency as keyof typeof rates));
}

/** Gives a stone a known trade price (USD cents), RAP and stock code; no special offer. */
export async function priceStone(t: TestApp, id: number, set: Partial<typeof diamonds.$inferInsert>) {
  await t.db
    .update(diamonds)
    .set({ webSpecialCents: 0, ...set })
    .where(eq(diamonds.id, id));
}

export { stoneOf };
