/**
 * Shared set-up of the request lifecycle tests: the seeded demo trader sends a request for one
 * single stone (and optionally a parcel) from the bag; an admin and a second approved buyer.
 */
import { eq } from 'drizzle-orm';
import { diamonds } from '../../db/tables.ts';
import { insertAdmin, insertUser, signIn, type TestApp } from './auth-helpers.ts';
import { bagOf, payloadOf, stoneOf, traderWithBag, type Agent } from './bag-fixtures.ts';

export type Detail = {
  _id: number;
  status: string;
  terms: string;
  carrierRef: string | null;
  currentTotal: number | null;
  lines: {
    _id: number;
    stockCode: string;
    answer: string;
    itemPrice: number | null;
    reserved: boolean;
    alternative: { stockCode: string; price: number | null; reply: string | null } | null;
  }[];
  timeline: { who: string; actor: string; what: string; from: string | null; to: string | null }[];
  messages: { author: string; body: string }[];
  next: string[];
};

export async function sendBag(agent: Agent, over: Record<string, unknown> = {}) {
  const bag = await bagOf(agent, 'USD');
  return agent.json('/profile/bagRequest', 'POST', payloadOf(bag, 'USD', 1.27, over));
}

export async function latestRequestId(agent: Agent): Promise<number> {
  const list = (await (await agent.request('/profile/bagRequests')).json()) as { docs: { _id: number }[] };
  return list.docs[0]!._id;
}

/** The demo trader with a sent request (one single stone, terms as given), an admin, another buyer. */
export async function sentRequest(terms: 'memo' | 'invoice' = 'memo', withParcel = false) {
  const ctx = await traderWithBag();
  await ctx.agent.json('/profile/bag', 'POST', { diamondId: ctx.single.id });
  if (withParcel) await ctx.agent.json('/profile/bag', 'POST', { diamondId: ctx.parcel.id });
  const sent = await sendBag(ctx.agent, { terms });
  if (sent.status !== 200) throw new Error(`bag request: ${sent.status} ${await sent.text()}`);
  const id = await latestRequestId(ctx.agent);
  const admin = await insertAdmin(ctx.t.db);
  const staff = await signIn(ctx.t, admin.email);
  const other = await insertUser(ctx.t.db, { status: 'approved' });
  const otherAgent = await signIn(ctx.t, other.email);
  const spare = await stoneOf(ctx.t, 'Single Item', 1);
  return { ...ctx, id, admin, staff, other, otherAgent, spare };
}

export async function detail(agent: Agent, path: string): Promise<Detail> {
  const res = await agent.request(path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Detail;
}

export async function stockCodeOf(t: TestApp, id: number): Promise<string> {
  return (await t.db.select().from(diamonds).where(eq(diamonds.id, id)))[0]!.stockCode;
}
