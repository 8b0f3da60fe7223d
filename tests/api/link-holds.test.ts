/**
 * Holds through API Link: POST/GET/DELETE /holds with a trade key (a retail key is refused),
 * the hold fields of /stones, /stones/{code}, /stones/availability and /feed (held_by_you
 * only for the caller), the change log's availability events, the hold webhooks signed and
 * checked with the reference verifier, a stone leaving the stock ending its hold, and the
 * OpenAPI document listing the calls.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startHoldSweep } from '../../api/services/trade/hold-sweep.ts';
import { startWebhookWorker } from '../../api/services/webhooks/worker.ts';
import { holds, users } from '../../db/tables.ts';
import { stoneOf } from './bag-fixtures.ts';
import { body, createLinkTestApp, linkKeyFor } from './link-fixtures.ts';
import { startReceiver } from './webhook-helpers.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

type HoldOut = {
  id: number;
  stock_code: string;
  expires_at: string;
  ended_at: string | null;
  end_reason: string | null;
};
type StoneOut = { stock_code: string; on_hold: boolean; held_by_you: boolean; hold_expires_at: string | null };

async function setup() {
  const t = await createLinkTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  const mine = await linkKeyFor(t, 'api@jeweller.example', 'trade');
  const theirs = await linkKeyFor(t, 'other@jeweller.example', 'trade');
  const retail = await linkKeyFor(t, 'shopfront@jeweller.example', 'retail');
  const stone = await stoneOf(t, 'Single Item');
  return { t, mine, theirs, retail, stone };
}

describe('API Link holds', () => {
  it('hold, list and release with a trade key; a retail key never holds', async () => {
    const { t, mine, theirs, retail, stone } = await setup();
    const made = await t.post('/holds', mine, { stock_code: stone.stockCode, hours: 2 });
    expect(made.status).toBe(201);
    const hold = await body<HoldOut>(made);
    expect(hold.stock_code).toBe(stone.stockCode);
    expect(new Date(hold.expires_at).getTime()).toBe(t.clock.now() + 2 * 3600_000);

    const refused = await t.post('/holds', theirs, { stock_code: stone.stockCode });
    expect(refused.status).toBe(409);
    expect((await body<{ errors: { msg: string } }>(refused)).errors.msg).toBe('stone_on_hold');
    const byRetail = await t.post('/holds', retail, { stock_code: (await stoneOf(t, 'Single Item', 1)).stockCode });
    expect(byRetail.status).toBe(403);
    expect((await body<{ errors: { msg: string } }>(byRetail)).errors.msg).toBe('scope_not_allowed');
    expect((await t.post('/holds', mine, { stock_code: 'NO-SUCH-STONE' })).status).toBe(404);
    expect((await t.post('/holds', mine, { stock_code: stone.stockCode, hours: 500 })).status).toBe(400);

    const listed = await body<{ data: HoldOut[] }>(await t.call('/holds', mine));
    expect(listed.data.map((h) => h.id)).toEqual([hold.id]);
    expect((await body<{ data: HoldOut[] }>(await t.call('/holds', theirs))).data).toEqual([]);

    const gone = await t.call(`/holds/${hold.id}`, theirs, { method: 'DELETE' });
    expect(gone.status).toBe(404);
    const released = await t.call(`/holds/${hold.id}`, mine, { method: 'DELETE' });
    expect(released.status).toBe(200);
    expect((await body<HoldOut>(released)).end_reason).toBe('released');
  });

  it('show on_hold to every key and held_by_you with the end only to the holder, in every stone call', async () => {
    const { t, mine, theirs, stone } = await setup();
    const hold = await body<HoldOut>(await t.post('/holds', mine, { stock_code: stone.stockCode }));
    const one = await body<StoneOut>(await t.call(`/stones/${stone.stockCode}`, mine));
    expect(one).toMatchObject({ on_hold: true, held_by_you: true, hold_expires_at: hold.expires_at });
    const other = await body<StoneOut>(await t.call(`/stones/${stone.stockCode}`, theirs));
    expect(other).toMatchObject({ on_hold: true, held_by_you: false, hold_expires_at: null });
    const avail = await body<{ data: StoneOut[] }>(
      await t.post('/stones/availability', theirs, { stock_codes: [stone.stockCode] }),
    );
    expect(avail.data[0]).toMatchObject({ on_hold: true, held_by_you: false });

    const feedOf = async (key: string) =>
      (await body<{ stones: StoneOut[] }>(await t.call('/feed?format=json', key))).stones.find(
        (s) => s.stock_code === stone.stockCode,
      );
    expect(await feedOf(mine)).toMatchObject({ on_hold: true, held_by_you: true });
    expect(await feedOf(theirs)).toMatchObject({ on_hold: true, held_by_you: false });

    const changes = await body<{ data: { type: string; stock_code: string; fields: string[] }[] }>(
      await t.call('/changes?since=0', theirs),
    );
    expect(changes.data.filter((c) => c.stock_code === stone.stockCode)).toEqual([
      expect.objectContaining({ type: 'availability_changed', fields: ['on_hold'] }),
    ]);
    await t.call(`/holds/${hold.id}`, mine, { method: 'DELETE' });
    expect(await feedOf(theirs)).toMatchObject({ on_hold: false });
  });

  it('send hold.created and hold.ended to the holder’s endpoint only, signed', async () => {
    const { t, mine, theirs, stone } = await setup();
    const hooks = await startReceiver();
    const others = await startReceiver();
    closers.push(hooks.close, others.close);
    const reg = async (key: string, url: string) =>
      body<{ secret: string }>(await t.post('/webhooks', key, { url, events: ['hold.created', 'hold.ended'] }));
    const { secret } = await reg(mine, hooks.url);
    await reg(theirs, others.url);

    const hold = await body<HoldOut>(await t.post('/holds', mine, { stock_code: stone.stockCode }));
    await t.call(`/holds/${hold.id}`, mine, { method: 'DELETE' });
    await startHoldSweep(t.deps, { poll: false }).runOnce();
    await startWebhookWorker(t.deps, { poll: false }).runOnce();

    const events = hooks.received.map(
      (r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: HoldOut },
    );
    // deliveries go out in parallel: their order of arrival is not fixed
    expect(events.map((e) => e.type).sort()).toEqual(['hold.created', 'hold.ended']);
    expect(events.find((e) => e.type === 'hold.ended')!.data).toMatchObject({
      id: hold.id,
      stock_code: stone.stockCode,
      end_reason: 'released',
    });
    expect(others.received).toHaveLength(0);
  });

  it('end a hold when its stone leaves the stock, and e-mail the holder why', async () => {
    const { t, mine, stone } = await setup();
    await t.post('/holds', mine, { stock_code: stone.stockCode });
    const keep = await stoneOf(t, 'Single Item', 1);
    await t.importCsv(
      `StkCodeCalcNS,StkShape,STWeight,price,StkCatType\n${keep.stockCode},Round,0.7,1500,Single Item\n`,
      true,
    );
    const [row] = await t.db.select().from(holds).where(eq(holds.diamondId, stone.id));
    expect(row!.endReason).toBe('left_stock');
    await startHoldSweep(t.deps, { poll: false }).runOnce();
    const [holder] = await t.db.select().from(users).where(eq(users.email, 'api@jeweller.example'));
    const mail = t.mailer.messages.filter((m) => m.to === holder!.email && /has ended/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Left the stock');
  });

  it('are in the OpenAPI document', async () => {
    const { t } = await setup();
    const doc = await body<{ paths: Record<string, Record<string, unknown>> }>(await t.call('/openapi.json'));
    expect(Object.keys(doc.paths['/holds'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/holds/{id}'] ?? {})).toEqual(['delete']);
    expect(JSON.stringify(doc)).toContain('held_by_you');
  });
});
