/**
 * What a request tells API Link clients: `reserved` (every caller) and `reserved_for_you` (the
 * buyer) in /stones/{code}, /stones/availability, /stones/lookup and /feed, also after the
 * feed was cached; the change log's availability events for a stone claimed, answered
 * unavailable and freed by a cancel; and `request.updated` with the new state on every step,
 * delivered to the buyer's own endpoint only, signed and checked with the reference verifier.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookWorker } from '../../api/services/webhooks/worker.ts';
import { insertAdmin, signIn } from './auth-helpers.ts';
import { stoneOf } from './bag-fixtures.ts';
import { body, createLinkTestApp, linkKeyFor } from './link-fixtures.ts';
import { closed } from './link-contract.ts';
import { startReceiver } from './webhook-helpers.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

type Kept = { stock_code: string; on_hold: boolean; reserved: boolean; reserved_for_you: boolean };
type RequestOut = { id: number; lines: { id: number }[] };

async function setup() {
  const t = await createLinkTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  const mine = await linkKeyFor(t, 'api@jeweller.example', 'trade');
  const theirs = await linkKeyFor(t, 'other@jeweller.example', 'trade');
  const stone = await stoneOf(t, 'Single Item');
  const staff = await signIn(t, (await insertAdmin(t.db)).email);
  const send = async () =>
    body<RequestOut>(await t.post('/requests', mine, { lines: [{ stock_code: stone.stockCode }], terms: 'invoice' }));
  return { t, mine, theirs, stone, staff, send };
}

describe('API Link request state in stones, changes and webhooks', () => {
  it('say reserved to every key and reserved_for_you to the buyer, in every stone call and the feed', async () => {
    const { t, mine, theirs, stone, staff, send } = await setup();
    const feedOf = async (key: string) =>
      (await body<{ stones: Kept[] }>(await t.call('/feed?format=json', key))).stones.find(
        (s) => s.stock_code === stone.stockCode,
      );
    expect(await feedOf(theirs)).toMatchObject({ reserved: false }); // the shared file is now cached
    const request = await send();

    const one = async (key: string) => body<Kept>(await t.call(`/stones/${stone.stockCode}`, key));
    expect(await one(mine)).toMatchObject({ on_hold: false, reserved: true, reserved_for_you: true });
    expect(await one(theirs)).toMatchObject({ reserved: true, reserved_for_you: false });
    const avail = await body<{ data: Kept[] }>(
      await t.post('/stones/availability', theirs, { stock_codes: [stone.stockCode] }),
    );
    expect(avail.data[0]).toMatchObject({ reserved: true, reserved_for_you: false });
    const lookup = await body<{ data: { stone: Kept }[] }>(
      await t.post('/stones/lookup', mine, { codes: [stone.stockCode] }),
    );
    expect(lookup.data[0]!.stone).toMatchObject({ reserved: true, reserved_for_you: true });
    expect(await feedOf(theirs)).toMatchObject({ reserved: true, reserved_for_you: false });
    expect(await feedOf(mine)).toMatchObject({ reserved: true, reserved_for_you: true });

    // staff cancel: the stone is free again, in the feed too
    expect((await staff.json(`/admin/requests/${request.id}`, 'PATCH', { status: 'cancelled' })).status).toBe(200);
    expect(await feedOf(theirs)).toMatchObject({ reserved: false });
    expect(await one(mine)).toMatchObject({ reserved: false, reserved_for_you: false });
  }, 60_000); // five whole-stock feed builds

  it('record in /changes each claim and release of a stone by a request', async () => {
    const { t, theirs, stone, staff, send } = await setup();
    const other = await stoneOf(t, 'Single Item', 1);
    const first = await send();
    const desk = `/admin/requests/${first.id}`;
    await staff.json(desk, 'PATCH', { status: 'in_review' });
    await staff.json(`${desk}/lines/${first.lines[0]!.id}`, 'POST', { answer: 'unavailable' });
    const second = await body<RequestOut>(
      await t.post('/requests', theirs, { lines: [{ stock_code: other.stockCode }], terms: 'memo' }),
    );
    await staff.json(`/admin/requests/${second.id}`, 'PATCH', { status: 'in_review' });
    const changesOf = async (code: string) =>
      (
        await body<{ data: { type: string; stock_code: string; fields: string[] }[] }>(
          await t.call('/changes?since=0&limit=1000', theirs),
        )
      ).data.filter((c) => c.stock_code === code);
    const reserved = expect.objectContaining({ type: 'availability_changed', fields: ['reserved'] });
    // claimed on sending, freed when answered unavailable
    expect(await changesOf(stone.stockCode)).toEqual([reserved, reserved]);
    // claimed on sending; a review changes nothing; declining frees it
    expect(await changesOf(other.stockCode)).toEqual([reserved]);
    await staff.json(`/admin/requests/${second.id}`, 'PATCH', { status: 'declined' });
    expect(await changesOf(other.stockCode)).toEqual([reserved, reserved]);
  });

  it('send request.updated with the new state on every step to the buyer’s endpoint only, signed', async () => {
    const { t, mine, theirs, staff, send } = await setup();
    const hooks = await startReceiver();
    const others = await startReceiver();
    closers.push(hooks.close, others.close);
    const reg = async (key: string, url: string) =>
      body<{ secret: string }>(await t.post('/webhooks', key, { url, events: ['request.updated'] }));
    const { secret } = await reg(mine, hooks.url);
    await reg(theirs, others.url);

    const request = await send();
    const desk = `/admin/requests/${request.id}`;
    await staff.json(desk, 'PATCH', { status: 'in_review' });
    await staff.json(`${desk}/lines/${request.lines[0]!.id}`, 'POST', { answer: 'confirmed' });
    await staff.json(desk, 'PATCH', { status: 'confirmed', terms: 'memo' });
    await staff.json(desk, 'PATCH', { status: 'shipped', carrierRef: 'FX-1234' });
    await startWebhookWorker(t.deps, { poll: false }).runOnce();

    type Event = { type: string; timestamp: string; data: { id: number; state: string; terms: string } };
    const events = hooks.received.map(
      (r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Event,
    );
    expect(events.every((e) => e.type === 'request.updated' && e.data.id === request.id)).toBe(true);
    // sent, reviewed, a line answered (the state stays), confirmed on memo, shipped
    expect(events.map((e) => e.data.state).sort()).toEqual(
      ['submitted', 'in_review', 'in_review', 'confirmed', 'shipped'].sort(),
    );
    expect(events.find((e) => e.data.state === 'shipped')!.data).toMatchObject({
      terms: 'memo',
      carrier_reference: 'FX-1234',
    });
    expect(others.received).toHaveLength(0);

    // each payload is the one the document's `webhooks` section describes (objects closed)
    type Doc = { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }> };
    const doc = await body<Doc>(await t.call('/openapi.json'));
    const schema = doc.webhooks['request.updated']!.post.requestBody.content['application/json']!.schema;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const check = ajv.compile(closed(schema) as object);
    for (const e of events) expect(check(e), JSON.stringify(check.errors)).toBe(true);
  });
});
