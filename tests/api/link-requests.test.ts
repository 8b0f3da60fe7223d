/**
 * Requests through API Link: POST /requests priced as the bag prices, refused by the bag's
 * rules naming the stone, listed and read back with lines, answers, totals and timeline, seen
 * by the buyer on the site and by staff like a request from the bag; trade keys only. (A
 * request racing a hold is in request-concurrency.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamonds } from '../../db/tables.ts';
import { errorOf, insertAdmin, PASSWORD, signIn } from './auth-helpers.ts';
import { bagOf, stoneOf } from './bag-fixtures.ts';
import { body, createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';

type Money = { amount: string; currency: string } | null;
type LineOut = { id: number; stock_code: string; price: Money; answer: string; reserved: boolean; amount: Money };
type RequestOut = {
  id: number;
  state: string;
  terms: string;
  currency: string;
  total_sent: Money;
  total: Money;
  lines: LineOut[];
  timeline: { actor: string; to: string | null; what: string }[];
};
type PageOut = { data: { id: number; state: string; line_count: number }[]; next_cursor: string | null };

const BUYER = 'api@jeweller.example';
const OTHER = 'other@jeweller.example';

async function setup() {
  const t = await createLinkTestApp();
  const mine = await linkKeyFor(t, BUYER, 'trade');
  const theirs = await linkKeyFor(t, OTHER, 'trade');
  const single = await stoneOf(t, 'Single Item');
  const parcel = await stoneOf(t, 'Multiple Items');
  return { t, mine, theirs, single, parcel };
}

const send = (t: LinkTestApp, key: string, lines: unknown[], over: Record<string, unknown> = {}) =>
  t.post('/requests', key, { lines, terms: 'memo', ...over });

describe('API Link requests', () => {
  it('price a request as the bag does, and show it to the buyer on the site and to staff', async () => {
    const { t, mine, single, parcel } = await setup();
    const made = await send(
      t,
      mine,
      [{ stock_code: single.stockCode }, { stock_code: parcel.stockCode, quantity: 0.5 }],
      {
        currency: 'EUR',
        notes: 'For Friday',
      },
    );
    expect(made.status).toBe(201);
    const request = await body<RequestOut>(made);
    expect(request).toMatchObject({ state: 'submitted', terms: 'memo', currency: 'EUR' });
    expect(request.timeline[0]!.what).toMatch(/via API Link \(key “trade test key”\)/);

    // the same stones in a bag on the site are priced the same
    const shopper = await signIn(t, BUYER, PASSWORD);
    await shopper.json('/profile/bag', 'POST', { diamondId: single.id });
    await shopper.json('/profile/bag', 'POST', { diamondId: parcel.id, quantity: 0.5 });
    const bag = await bagOf(shopper, 'EUR');
    const priceIn = (id: number) => bag.find((l) => l.diamondId === id)!.itemPrice!.toFixed(2);
    expect(request.lines.map((l) => l.price?.amount)).toEqual([priceIn(single.id), priceIn(parcel.id)]);
    const sum = (Number(priceIn(single.id)) + Number(priceIn(parcel.id))).toFixed(2);
    expect(request.total_sent).toEqual({ amount: sum, currency: 'EUR' });
    expect(request.lines.map((l) => l.reserved)).toEqual([true, false]);

    // the buyer's account lists it, and staff see it on the desk with the buyer's e-mails sent
    const list = (await (await shopper.request('/profile/bagRequests')).json()) as { docs: { _id: number }[] };
    expect(list.docs.map((d) => d._id)).toContain(request.id);
    const staff = await signIn(t, (await insertAdmin(t.db)).email);
    const desk = await staff.request(`/admin/requests/${request.id}`);
    expect(desk.status).toBe(200);
    expect(JSON.stringify(await desk.json())).toContain('via API Link');
    expect(t.mailer.messages.filter((m) => m.text.includes(single.stockCode)).length).toBeGreaterThanOrEqual(2);

    // staff's answer and move show through the API
    await staff.json(`/admin/requests/${request.id}`, 'PATCH', { status: 'in_review' });
    await staff.json(`/admin/requests/${request.id}/lines/${request.lines[0]!.id}`, 'POST', { answer: 'unavailable' });
    const read = await body<RequestOut>(await t.call(`/requests/${request.id}`, mine));
    expect(read.state).toBe('in_review');
    expect(read.lines[0]).toMatchObject({ answer: 'unavailable', reserved: false, amount: { amount: '0.00' } });
    expect(read.total).toEqual({ amount: priceIn(parcel.id), currency: 'EUR' });
    expect(read.timeline.map((e) => e.to)).toEqual(['submitted', 'in_review', null]);
  });

  it('refuse, naming the stone, what the bag refuses', async () => {
    const { t, mine, theirs, single, parcel } = await setup();
    const held = await stoneOf(t, 'Single Item', 1);
    const gone = await stoneOf(t, 'Single Item', 2);
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, gone.id));
    expect((await t.post('/holds', theirs, { stock_code: held.stockCode })).status).toBe(201);
    expect((await send(t, theirs, [{ stock_code: single.stockCode }])).status).toBe(201);

    const refusal = async (lines: unknown[], status: number) => {
      const res = await send(t, mine, lines);
      expect(res.status, JSON.stringify(lines)).toBe(status);
      return errorOf(res);
    };
    expect(await refusal([{ stock_code: held.stockCode }], 409)).toMatchObject({
      msg: 'stone_on_hold',
      options: { stockCode: held.stockCode, message: expect.stringContaining(held.stockCode) },
    });
    expect(await refusal([{ stock_code: single.stockCode }], 409)).toMatchObject({
      msg: 'stone_reserved',
      options: { message: `Stone ${single.stockCode} is reserved for another buyer.` },
    });
    expect(await refusal([{ stock_code: gone.stockCode }], 409)).toMatchObject({
      msg: 'stone_unavailable',
      options: { stockCode: gone.stockCode },
    });
    expect(await refusal([{ stock_code: 'NO-SUCH-STONE' }], 404)).toMatchObject({
      msg: 'stone_not_found',
      options: { stockCode: 'NO-SUCH-STONE' },
    });
    expect(await refusal([{ stock_code: parcel.stockCode }], 400)).toMatchObject({
      msg: [{ param: 'lines.0.quantity', msg: 'Quantity is required' }],
    });
    expect(await refusal([{ stock_code: held.stockCode, quantity: 2 }], 409)).toMatchObject({ msg: 'stone_on_hold' });
    expect(
      await refusal(
        [
          { stock_code: parcel.stockCode, quantity: 1 },
          { stock_code: parcel.stockCode, quantity: 1 },
        ],
        400,
      ),
    ).toMatchObject({ msg: [{ param: 'lines.1.stock_code', msg: 'A stone is listed twice' }] });
    expect((await t.post('/requests', mine, { lines: [] })).status).toBe(400);
    // nothing was stored for the refused calls
    expect((await body<PageOut>(await t.call('/requests', mine))).data).toEqual([]);
  });

  it('list newest first in pages, read only your own, and never act for a retail key', async () => {
    const { t, mine, theirs } = await setup();
    const retail = await linkKeyFor(t, 'shopfront@jeweller.example', 'retail');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const stone = await stoneOf(t, 'Single Item', 3 + i);
      ids.push((await body<RequestOut>(await send(t, mine, [{ stock_code: stone.stockCode }]))).id);
    }
    const first = await body<PageOut>(await t.call('/requests?limit=2', mine));
    expect(first.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.data[0]).toMatchObject({ state: 'submitted', line_count: 1 });
    const second = await body<PageOut>(await t.call(`/requests?limit=2&cursor=${first.next_cursor}`, mine));
    expect(second).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect((await t.call('/requests?cursor=nonsense', mine)).status).toBe(400);
    expect((await body<PageOut>(await t.call('/requests?state=cancelled', mine))).data).toEqual([]);

    expect((await t.call(`/requests/${ids[0]}`, theirs)).status).toBe(404);
    expect((await t.call('/requests/99999999', mine)).status).toBe(404);
    for (const res of [await t.call('/requests', retail), await send(t, retail, [{ stock_code: 'X' }])]) {
      expect(res.status).toBe(403);
      expect((await errorOf(res)).msg).toBe('scope_not_allowed');
    }
  });
});
