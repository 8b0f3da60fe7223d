/**
 * Test keys and webhooks (docs/decisions/017-test-keys-and-webhooks.md): a test key manages
 * only the test endpoints it made, which receive test events only (what test keys do, and
 * samples, all `data.test: true`); a trade key manages only the live endpoints, which never
 * receive what a test key does. Neither reads, changes, deletes, tests or lists the other
 * kind: 404 webhook_not_found, as another account's endpoint. The account page sees both.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookWorker } from '../../api/services/webhooks/worker.ts';
import { webhooks } from '../../db/tables.ts';
import { errorOf, signIn } from './auth-helpers.ts';
import { stoneOf } from './bag-fixtures.ts';
import { body, createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';
import { depsOf, startReceiver } from './webhook-helpers.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const DEV = 'dev@jeweller.example';
type Hook = { id: number; url: string; test: boolean };
type Event = { type: string; data: { test?: boolean; stock_code?: string } };

async function receiver() {
  const r = await startReceiver();
  closers.push(r.close);
  return r;
}

async function setup() {
  const t = await createLinkTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  const trade = await linkKeyFor(t, DEV, 'trade');
  const test = await linkKeyFor(t, DEV, 'test');
  const liveHooks = await receiver();
  const testHooks = await receiver();
  const made = async (key: string, url: string) => {
    const res = await t.post('/webhooks', key, { url });
    expect(res.status).toBe(201);
    return (await body<{ webhook: Hook }>(res)).webhook;
  };
  const live = await made(trade, liveHooks.url);
  const sandbox = await made(test, testHooks.url);
  return { t, trade, test, live, sandbox, liveHooks, testHooks };
}

const send = async (t: LinkTestApp) => {
  const worker = startWebhookWorker(depsOf(t), { poll: false });
  while ((await worker.runOnce()) > 0);
};
const events = (r: { received: { body: string }[] }) => r.received.map((x) => JSON.parse(x.body) as Event);

describe('API Link test keys and webhooks', () => {
  it('a test key never reaches a live endpoint: no secret, no change, no delete, no test send, not listed', async () => {
    const { t, test, live, sandbox } = await setup();
    expect(live.test).toBe(false);
    expect(sandbox.test).toBe(true);
    const listed = await body<{ webhooks: Hook[] }>(await t.call('/webhooks', test));
    expect(listed.webhooks.map((h) => h.id)).toEqual([sandbox.id]);

    const notFound = async (res: Response) => {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).msg).toBe('webhook_not_found');
    };
    await notFound(await t.call(`/webhooks/${live.id}`, test));
    await notFound(await t.call(`/webhooks/${live.id}/secret`, test));
    await notFound(await t.call(`/webhooks/${live.id}/deliveries`, test));
    await notFound(
      await t.call(`/webhooks/${live.id}`, test, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'http://127.0.0.1:9/stolen', enabled: false }),
      }),
    );
    await notFound(await t.post(`/webhooks/${live.id}/test`, test, {}));
    await notFound(await t.call(`/webhooks/${live.id}`, test, { method: 'DELETE' }));
    const row = (await t.db.select().from(webhooks).where(eq(webhooks.id, live.id)))[0]!;
    expect(row).toMatchObject({ url: live.url, enabled: true });

    // its own test endpoint it manages in full
    expect((await t.call(`/webhooks/${sandbox.id}/secret`, test)).status).toBe(200);
    const patched = await t.call(`/webhooks/${sandbox.id}`, test, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events: ['hold.created'] }),
    });
    expect(patched.status).toBe(200);
    expect((await body<{ webhook: Hook }>(patched)).webhook.test).toBe(true);
  });

  it('a trade key never reaches a test endpoint either; the account page sees both, marked', async () => {
    const { t, trade, live, sandbox } = await setup();
    const listed = await body<{ webhooks: Hook[] }>(await t.call('/webhooks', trade));
    expect(listed.webhooks.map((h) => h.id)).toEqual([live.id]);
    for (const path of [`/webhooks/${sandbox.id}`, `/webhooks/${sandbox.id}/secret`]) {
      expect((await t.call(path, trade)).status, path).toBe(404);
    }
    expect((await t.call(`/webhooks/${sandbox.id}`, trade, { method: 'DELETE' })).status).toBe(404);
    expect((await t.post(`/webhooks/${sandbox.id}/test`, trade, {})).status).toBe(404);

    const agent = await signIn(t, DEV);
    const page = await body<{ webhooks: Hook[] }>(await agent.request('/profile/webhooks'));
    expect(page.webhooks.map((h) => [h.id, h.test])).toEqual([
      [live.id, false],
      [sandbox.id, true],
    ]);
    // what the account page registers is live
    const more = await receiver();
    const made = await body<{ webhook: Hook }>(await agent.json('/profile/webhooks', 'POST', { url: more.url }));
    expect(made.webhook.test).toBe(false);
  });

  it('test endpoints get only test events, all marked data.test: true; live endpoints never get what a test key does', async () => {
    const { t, trade, test, sandbox, liveHooks, testHooks } = await setup();
    const [one, two, three] = await Promise.all([0, 1, 2].map((i) => stoneOf(t, 'Single Item', i)));

    // a test key's hold, its samples and its endpoint's test event: the test endpoint only
    expect((await t.post('/holds', test, { stock_code: one!.stockCode })).status).toBe(201);
    expect((await t.post('/test/events', test, { type: 'price_changed' })).status).toBe(202);
    expect((await t.post(`/webhooks/${sandbox.id}/test`, test, {})).status).toBe(200);
    // a real hold, a stock change and a trade key's sample: the live endpoint only
    expect((await t.post('/holds', trade, { stock_code: two!.stockCode })).status).toBe(201);
    const price = ((three!.priceCents ?? 100_000) + 12_345) / 100;
    await t.importCsv(`StkCodeCalcNS,price\n${three!.stockCode},${price.toFixed(2)}`);
    expect((await t.post('/test/events', trade, { type: 'removed' })).status).toBe(202);
    await send(t);

    const toTest = events(testHooks);
    expect(toTest.map((e) => e.type).sort()).toEqual(['hold.created', 'price_changed', 'test']);
    for (const e of toTest) expect(e.data.test, e.type).toBe(true);
    expect(toTest.find((e) => e.type === 'hold.created')!.data.stock_code).toBe(one!.stockCode);

    const toLive = events(liveHooks);
    // the real hold's change-log event and hold.created, the import's price change, the sample
    expect(toLive.map((e) => e.type).sort()).toEqual(
      ['availability_changed', 'hold.created', 'price_changed', 'removed'].sort(),
    );
    // the real ones are unmarked; the trade key's sample is marked
    expect(toLive.filter((e) => e.data.test).map((e) => e.type)).toEqual(['removed']);
    expect(toLive.filter((e) => !e.data.test).map((e) => e.data.stock_code)).not.toContain(one!.stockCode);
  });

  it('each kind has its own limit: test endpoints never take a live one’s place', async () => {
    const { t, trade, test } = await setup();
    const hooks = await receiver();
    for (let i = 0; i < 4; i++) expect((await t.post('/webhooks', test, { url: hooks.url })).status).toBe(201);
    expect((await errorOf(await t.post('/webhooks', test, { url: hooks.url }))).msg).toBe('webhook_limit_reached');
    expect((await t.post('/webhooks', trade, { url: hooks.url })).status).toBe(201);
  });
});
