/**
 * API Link test keys: a customer with API access makes an `ftk_test_` key on the account page
 * (no staff step); it reads the live stock like a trade key; its holds are checked and answered
 * as real ones, marked `test: true`, but reserve nothing, move no change log and send no
 * e-mail; its requests are checked and priced as real ones and answered with `test: true` and
 * `id: null`, but not kept; its webhooks are test endpoints (link-test-webhooks.test.ts); and
 * POST /test/events sends a signed sample of every documented event type to the caller's
 * endpoints (verified with the standardwebhooks package).
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookWorker } from '../../api/services/webhooks/worker.ts';
import { WEBHOOK_EVENTS } from '../../api/services/webhooks/model.ts';
import { bagRequests, stockChanges, users } from '../../db/tables.ts';
import { errorOf } from './auth-helpers.ts';
import { stoneOf } from './bag-fixtures.ts';
import { body, createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';
import { createKeyVia, type MadeKey } from './link-helpers.ts';
import { depsOf, startReceiver } from './webhook-helpers.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

type HoldOut = { id: number; stock_code: string; end_reason: string | null; test: boolean };
type StoneOut = { stock_code: string; on_hold: boolean; held_by_you: boolean; price: { amount: string } | null };

const DEV = 'dev@jeweller.example';

async function setup() {
  const t = await createLinkTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  const trade = await linkKeyFor(t, DEV, 'trade');
  const test = await linkKeyFor(t, DEV, 'test');
  const other = await linkKeyFor(t, 'other@jeweller.example', 'trade');
  const stone = await stoneOf(t, 'Single Item');
  return { t, trade, test, other, stone };
}

const holdWith = (t: LinkTestApp, key: string, code: string) => t.post('/holds', key, { stock_code: code });

describe('API Link test keys', () => {
  it('are made on the account page by any customer with API access, ftk_test_…, and read the live stock at trade prices', async () => {
    const t = await createLinkTestApp({ seed: true });
    const { insertUser, signIn } = await import('./auth-helpers.ts');
    const owner = await insertUser(t.db, { email: DEV, apiAllow: true });
    const agent = await signIn(t, owner.email);
    const made: MadeKey = await createKeyVia(agent, 'Sandbox', 'test');
    expect(made.scope).toBe('test');
    expect(made.key).toMatch(/^ftk_test_[0-9A-Za-z]{28}$/);
    const listed = await body<{ docs: { scope: string; name: string }[] }>(await agent.request('/profile/api-keys'));
    expect(listed.docs.map((k) => [k.name, k.scope])).toContainEqual(['Sandbox', 'test']);

    const me = await body<{ key: { scope: string } }>(await t.call('/me', made.key));
    expect(me.key.scope).toBe('test');
    const trade = await createKeyVia(agent, 'Live', 'trade');
    const asTest = await body<{ data: StoneOut[] }>(await t.call('/stones?limit=20&sort=price', made.key));
    const asTrade = await body<{ data: StoneOut[] }>(await t.call('/stones?limit=20&sort=price', trade.key));
    expect(asTest.data.length).toBe(20);
    expect(asTest.data).toEqual(asTrade.data);
  });

  it('holds: answered like real ones with test: true, and they reserve nothing, move no change log and mail nobody', async () => {
    const { t, trade, test, other, stone } = await setup();
    const mails = t.mailer.messages.length;
    const changes = (await t.db.select().from(stockChanges)).length;

    const res = await holdWith(t, test, stone.stockCode);
    expect(res.status).toBe(201);
    const hold = await body<HoldOut>(res);
    expect(hold).toMatchObject({ stock_code: stone.stockCode, test: true, end_reason: null });

    // nobody else sees the stone on hold, and a real hold still goes through
    const seen = await body<StoneOut>(await t.call(`/stones/${stone.stockCode}`, other));
    expect(seen.on_hold).toBe(false);
    const mine = await body<StoneOut>(await t.call(`/stones/${stone.stockCode}`, trade));
    expect(mine).toMatchObject({ on_hold: false, held_by_you: false });
    expect(t.mailer.messages.length).toBe(mails);
    expect((await t.db.select().from(stockChanges)).length).toBe(changes);

    // the test key lists its test holds; the trade key of the same account its real ones
    const listed = await body<{ data: HoldOut[] }>(await t.call('/holds', test));
    expect(listed.data.map((h) => [h.id, h.test])).toEqual([[hold.id, true]]);
    expect((await body<{ data: HoldOut[] }>(await t.call('/holds', trade))).data).toEqual([]);

    // validated as a real hold: held again, someone's real hold, a parcel, an unknown stone, the limit
    expect((await errorOf(await holdWith(t, test, stone.stockCode))).msg).toBe('already_held_by_you');
    const real = await holdWith(t, other, stone.stockCode);
    expect(real.status).toBe(201);
    expect(t.mailer.messages.length).toBeGreaterThan(mails); // a real hold does mail (holder and staff)
    expect((await errorOf(await holdWith(t, test, stone.stockCode))).msg).toBe('stone_on_hold');
    const parcel = await stoneOf(t, 'Multiple Items');
    expect((await holdWith(t, test, parcel.stockCode)).status).toBe(400);
    expect((await holdWith(t, test, 'NO-SUCH-STONE')).status).toBe(404);
    await t.db.update(users).set({ maxHolds: 1 }).where(eq(users.email, DEV));
    const second = await stoneOf(t, 'Single Item', 1);
    expect((await errorOf(await holdWith(t, test, second.stockCode))).msg).toBe('hold_limit');

    // released like a real hold; the trade key cannot see it
    expect((await t.call(`/holds/${hold.id}`, trade, { method: 'DELETE' })).status).toBe(404);
    const released = await t.call(`/holds/${hold.id}`, test, { method: 'DELETE' });
    expect(released.status).toBe(200);
    expect(await body<HoldOut>(released)).toMatchObject({ id: hold.id, end_reason: 'released', test: true });
    expect((await errorOf(await t.call(`/holds/${hold.id}`, test, { method: 'DELETE' }))).msg).toBe('hold_ended');
    expect((await holdWith(t, test, second.stockCode)).status).toBe(201);
  });

  it('requests: checked and priced as real ones, answered with test: true, and not kept (nothing reserved, nobody told)', async () => {
    const { t, trade, test, other, stone } = await setup();
    const parcel = await stoneOf(t, 'Multiple Items');
    const mails = t.mailer.messages.length;
    const lines = [{ stock_code: stone.stockCode }, { stock_code: parcel.stockCode, quantity: 0.5 }];
    const res = await t.post('/requests', test, { lines, terms: 'memo', currency: 'EUR' });
    expect(res.status).toBe(201);
    type Req = {
      id: number | null;
      state: string;
      currency: string;
      total_sent: unknown;
      lines: { id: number | null }[];
      test?: true;
    };
    const sent = await body<Req>(res);
    expect(sent).toMatchObject({ id: null, state: 'submitted', currency: 'EUR', test: true });
    expect(sent.lines).toHaveLength(2);
    // nothing kept, so nothing in it has an id (the rolled-back ids go to the next real request)
    expect(sent.lines.map((l) => l.id)).toEqual([null, null]);
    expect(t.mailer.messages.length).toBe(mails);
    expect(await t.db.select().from(bagRequests)).toHaveLength(0);
    expect((await body<{ data: unknown[] }>(await t.call('/requests', test))).data).toEqual([]);

    // the same request with a trade key is priced the same, and the stone was never reserved
    const real = await t.post('/requests', other, { lines, terms: 'memo', currency: 'EUR' });
    expect(real.status).toBe(201);
    const kept = await body<Req>(real);
    expect(kept.total_sent).toEqual(sent.total_sent);
    expect(kept.test).toBeUndefined();
    expect(kept.id).toEqual(expect.any(Number));
    expect((await t.call(`/requests/${kept.id}`, other)).status).toBe(200);
    // refused as a real one would be: now reserved for the other buyer
    expect((await errorOf(await t.post('/requests', test, { lines, terms: 'memo' }))).msg).toBe('stone_reserved');
    expect((await t.post('/requests', test, { lines: [], terms: 'memo' })).status).toBe(400);
    expect((await t.call('/requests', trade)).status).toBe(200);
  });

  it('answer no id that can ever name a request: 30 at once are all id null, and real requests keep their own', async () => {
    const { t, test, other } = await setup();
    const stones = await Promise.all([0, 1, 2].map((i) => stoneOf(t, 'Single Item', i)));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post('/requests', test, { lines: [{ stock_code: stones[i % 3]!.stockCode }], terms: 'memo' }),
      ),
    );
    const sent = await Promise.all(
      answers.map((r) => body<{ id: unknown; test: boolean; lines: { id: unknown }[] }>(r)),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    for (const one of sent) {
      expect(one).toMatchObject({ id: null, test: true });
      expect(one.lines.every((l) => l.id === null)).toBe(true);
    }
    // the next real request has an id of its own, which GET knows; no test answer named it
    const real = await body<{ id: number }>(
      await t.post('/requests', other, { lines: [{ stock_code: stones[0]!.stockCode }], terms: 'memo' }),
    );
    expect(await body<{ id: number }>(await t.call(`/requests/${real.id}`, other))).toMatchObject({ id: real.id });
    expect(JSON.stringify(sent)).not.toMatch(/"id":\d/);
  });

  it('webhooks made with a test key deliver; POST /test/events sends a signed sample of every event type', async () => {
    const { t, test, stone } = await setup();
    const retail = await linkKeyFor(t, DEV, 'retail');
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const made = await t.post('/webhooks', test, { url: receiver.url });
    expect(made.status).toBe(201);
    const { secret } = await body<{ secret: string }>(made);

    for (const type of WEBHOOK_EVENTS) {
      const res = await t.post('/test/events', test, { type });
      expect(res.status, type).toBe(202);
      expect((await body<{ deliveries: unknown[] }>(res)).deliveries).toHaveLength(1);
    }
    // a test hold's own webhook goes out too, marked test
    expect((await holdWith(t, test, stone.stockCode)).status).toBe(201);

    const worker = startWebhookWorker(depsOf(t), { poll: false });
    while ((await worker.runOnce()) > 0);
    const verified = receiver.received.map(
      (r) =>
        new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          data: { test?: boolean; stock_code?: string };
        },
    );
    expect(verified.map((e) => e.type).sort()).toEqual([...WEBHOOK_EVENTS, 'hold.created'].sort());
    for (const e of verified) expect(e.data.test, e.type).toBe(true);
    const price = verified.find((e) => e.type === 'price_changed')!;
    expect((await t.call(`/stones/${price.data.stock_code}`, test)).status).toBe(200);

    // a trade key may send them too (to its live endpoints, which it needs); a retail key may
    // not; an unknown type is 400
    const tradeKey = await linkKeyFor(t, DEV, 'trade');
    expect((await errorOf(await t.post('/test/events', tradeKey, { type: 'removed' }))).msg).toBe(
      'no_webhook_endpoint',
    );
    const live = await startReceiver();
    closers.push(live.close);
    expect((await t.post('/webhooks', tradeKey, { url: live.url })).status).toBe(201);
    expect((await t.post('/test/events', tradeKey, { type: 'removed' })).status).toBe(202);
    expect((await errorOf(await t.post('/test/events', retail, { type: 'removed' }))).msg).toBe('scope_not_allowed');
    expect((await t.post('/test/events', test, { type: 'sold' })).status).toBe(400);
  });

  it('POST /test/events answers 409 no_webhook_endpoint when no endpoint takes the type', async () => {
    const { t, test } = await setup();
    expect((await errorOf(await t.post('/test/events', test, { type: 'added' }))).msg).toBe('no_webhook_endpoint');
    const receiver = await startReceiver();
    closers.push(receiver.close);
    expect((await t.post('/webhooks', test, { url: receiver.url, events: ['removed'] })).status).toBe(201);
    expect((await errorOf(await t.post('/test/events', test, { type: 'added' }))).msg).toBe('no_webhook_endpoint');
    expect((await t.post('/test/events', test, { type: 'removed' })).status).toBe(202);
  });
});
