/**
 * Holds through the site API: placing, what other traders and visitors see, the bag request
 * refused for a held stone, limits, extend once, release, the release watch, the sweep's
 * notices (each once) and the staff calls (audited).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bagItems, holds, stockChanges } from '../../db/tables.ts';
import { startHoldSweep } from '../../api/services/trade/hold-sweep.ts';
import { errorOf, insertAdmin, insertUser, signIn, type TestApp } from './auth-helpers.ts';
import { bagOf, payloadOf, stoneOf, TRADER, traderWithBag } from './bag-fixtures.ts';
import { depsOf } from './webhook-helpers.ts';

const HOUR = 3600_000;

async function setup() {
  const { t, agent, single, parcel } = await traderWithBag();
  const other = await insertUser(t.db, { email: 'second@jeweller.example' });
  const second = await signIn(t, other.email);
  const admin = await insertAdmin(t.db);
  const staff = await signIn(t, admin.email);
  const sweep = startHoldSweep(depsOf(t), { poll: false });
  return { t, agent, second, staff, single, parcel, other, sweep };
}

const mailsTo = (t: TestApp, to: string, subject: RegExp) =>
  t.mailer.messages.filter((m) => m.to === to && subject.test(m.subject));

describe('placing a hold', () => {
  it('holds a single stone for 48 hours, tells holder and staff, and shows others "on hold" only', async () => {
    const { t, agent, second, single } = await setup();
    const res = await agent.json('/holds', 'POST', { diamondId: single.id });
    expect(res.status).toBe(201);
    const hold = (await res.json()) as { id: number; expiresAt: string; stockCode: string; canExtend: boolean };
    expect(new Date(hold.expiresAt).getTime()).toBe(t.clock.now() + 48 * HOUR);
    expect(hold.stockCode).toBe(single.stockCode);
    expect(hold.canExtend).toBe(true);
    expect(mailsTo(t, 'trader@facet.trade', /On hold for you/)).toHaveLength(1);
    const staffMail = mailsTo(t, t.config.STAFF_EMAIL, /Hold placed/);
    expect(staffMail).toHaveLength(1);
    expect(staffMail[0]!.text).toContain(single.stockCode);

    const mine = (await (await agent.request('/holds/state')).json()) as {
      mine: { diamondId: number }[];
      onHold: number[];
    };
    expect(mine.mine.map((h) => h.diamondId)).toEqual([single.id]);
    expect(mine.onHold).toEqual([]);
    const theirs = await (await second.request('/holds/state')).json();
    expect(theirs).toEqual({ onHold: [single.id], mine: [], watching: [], requested: [], reserved: [] });
    expect(JSON.stringify(theirs)).not.toContain('trader@facet.trade');

    const refused = await second.json('/holds', 'POST', { diamondId: single.id });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).msg).toBe('stone_on_hold');
    expect((await agent.json('/holds', 'POST', { diamondId: single.id })).status).toBe(409);
    expect((await t.request('/holds/state')).status).toBe(401);
  });

  it('refuses parcels, unknown stones and a holder over the limit', async () => {
    const { t, agent, staff, parcel } = await setup();
    const p = await agent.json('/holds', 'POST', { diamondId: parcel.id });
    expect(p.status).toBe(400);
    expect((await errorOf(p)).msg).toBe('hold_single_only');
    expect((await agent.json('/holds', 'POST', { diamondId: 99_999_999 })).status).toBe(404);
    expect((await agent.json('/holds', 'POST', { diamondId: 'x' })).status).toBe(400);
    const me = (await (await agent.request('/me')).json()) as { user: { _id: number } };
    const limits = await staff.json(`/admin/customers/${me.user._id}/hold-limits`, 'PUT', {
      maxHolds: 1,
      holdExtendAllowed: false,
    });
    expect(limits.status).toBe(200);
    expect((await agent.json('/holds', 'POST', { diamondId: (await stoneOf(t, 'Single Item', 1)).id })).status).toBe(
      201,
    );
    const over = await agent.json('/holds', 'POST', { diamondId: (await stoneOf(t, 'Single Item', 2)).id });
    expect(over.status).toBe(409);
    expect((await errorOf(over)).msg).toBe('hold_limit');
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'customer.hold_limits'));
    expect(audited).toHaveLength(1);
  });
});

describe('another buyer and a held stone', () => {
  it('cannot send it in a bag request: a clear 409 naming the stone, and the bag keeps it', async () => {
    const { t, agent, second, single } = await setup();
    expect((await second.json('/profile/bag', 'POST', { diamondId: single.id })).status).toBe(200);
    expect((await agent.json('/holds', 'POST', { diamondId: single.id })).status).toBe(201);
    const body = payloadOf(await bagOf(second, 'GBP'), 'GBP', 1);
    const res = await second.json('/profile/bagRequest', 'POST', body);
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err.msg).toBe('stone_on_hold');
    expect(JSON.stringify(err.options)).toContain(single.stockCode);
    const kept = await t.db.select().from(bagItems).where(eq(bagItems.diamondId, single.id));
    expect(kept).toHaveLength(1);
  });

  it('is told once, by e-mail, when the hold is released and the stone is free', async () => {
    const { t, agent, second, single, other, sweep } = await setup();
    const hold = (await (await agent.json('/holds', 'POST', { diamondId: single.id })).json()) as { id: number };
    expect((await second.request(`/holds/watch/${single.id}`, { method: 'PUT' })).status).toBe(204);
    const listed = (await (await second.request('/holds')).json()) as { watching: unknown[] };
    expect(listed.watching).toEqual([
      { diamondId: single.id, stockCode: single.stockCode, description: expect.any(String), onHold: true },
    ]);
    const released = await agent.request(`/holds/${hold.id}`, { method: 'DELETE' });
    expect(released.status).toBe(200);
    expect(((await released.json()) as { endReason: string }).endReason).toBe('released');
    await sweep.runOnce();
    await sweep.runOnce();
    expect(mailsTo(t, other.email, /is free again/)).toHaveLength(1);
    expect(mailsTo(t, 'trader@facet.trade', /has ended/)).toHaveLength(0);
    expect((await second.json('/holds', 'POST', { diamondId: single.id })).status).toBe(201);
  });
});

describe('the end of a hold', () => {
  it('warns 2 hours before, ends by itself, and sends each notice once', async () => {
    const { t, agent, single, sweep } = await setup();
    await agent.json('/holds', 'POST', { diamondId: single.id });
    await sweep.runOnce();
    expect(mailsTo(t, 'trader@facet.trade', /ends soon/)).toHaveLength(0);
    t.clock.advance(46 * HOUR + 1000);
    await sweep.runOnce();
    await sweep.runOnce();
    expect(mailsTo(t, 'trader@facet.trade', /ends soon/)).toHaveLength(1);
    t.clock.advance(2 * HOUR);
    expect((await sweep.runOnce()).ended).toBe(1);
    await sweep.runOnce();
    const ended = mailsTo(t, 'trader@facet.trade', /has ended/);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toContain('Ran out');
    const again = await signIn(t, TRADER.email, TRADER.password); // two days on, the old session has lapsed
    const list = (await (await again.request('/holds')).json()) as {
      active: unknown[];
      ended: { endReason: string }[];
    };
    expect(list.active).toHaveLength(0);
    expect(list.ended.map((h) => h.endReason)).toEqual(['expired']);
    const changes = await t.db
      .select()
      .from(stockChanges)
      .where(and(eq(stockChanges.stockCode, single.stockCode), eq(stockChanges.kind, 'availability_changed')));
    expect(changes.map((c) => c.fields)).toEqual([['on_hold'], ['on_hold']]);
  });

  it('extends once by the default length when allowed', async () => {
    const { agent, single } = await setup();
    const hold = (await (await agent.json('/holds', 'POST', { diamondId: single.id })).json()) as {
      id: number;
      expiresAt: string;
    };
    const once = await agent.request(`/holds/${hold.id}/extend`, { method: 'POST' });
    expect(once.status).toBe(200);
    const extended = (await once.json()) as { expiresAt: string; canExtend: boolean };
    expect(new Date(extended.expiresAt).getTime() - new Date(hold.expiresAt).getTime()).toBe(48 * HOUR);
    expect(extended.canExtend).toBe(false);
    const twice = await agent.request(`/holds/${hold.id}/extend`, { method: 'POST' });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).msg).toBe('hold_already_extended');
  });
});

describe('staff and holds', () => {
  it('a new end at or before now ends the hold at once, and the buyer reads "Ended by staff", not "Ran out"', async () => {
    const { t, agent, staff, single, sweep } = await setup();
    const hold = (await (await agent.json('/holds', 'POST', { diamondId: single.id })).json()) as { id: number };
    const now = new Date(t.clock.now()).toISOString();
    const ended = await staff.json(`/admin/holds/${hold.id}`, 'PATCH', { expires_at: now });
    expect(ended.status).toBe(200);
    expect(((await ended.json()) as { endReason: string }).endReason).toBe('staff');
    const list = (await (await agent.request('/holds')).json()) as { ended: { endReason: string }[] };
    expect(list.ended.map((h) => h.endReason)).toEqual(['staff']);
    await sweep.runOnce();
    await sweep.runOnce();
    const mail = mailsTo(t, 'trader@facet.trade', /has ended/);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Ended by staff');
    expect(mail[0]!.text).not.toContain('Ran out');
    const again = await staff.json(`/admin/holds/${hold.id}`, 'PATCH', { expires_at: now });
    expect(again.status).toBe(409);
  });

  it('list active holds soonest first, shorten and end them, each audited', async () => {
    const { t, agent, second, staff, single } = await setup();
    const later = await stoneOf(t, 'Single Item', 1);
    await agent.json('/holds', 'POST', { diamondId: single.id });
    await second.json('/holds', 'POST', { diamondId: later.id, hours: 3 });
    const list = (await (await staff.request('/admin/holds')).json()) as { docs: { id: number; stockCode: string }[] };
    expect(list.docs.map((h) => h.stockCode)).toEqual([later.stockCode, single.stockCode]);
    const [first, next] = list.docs;
    const at = new Date(t.clock.now() + HOUR).toISOString();
    const patched = await staff.json(`/admin/holds/${next!.id}`, 'PATCH', { expires_at: at });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { expiresAt: string }).expiresAt).toBe(at);
    expect((await staff.json(`/admin/holds/${next!.id}`, 'PATCH', { expires_at: 'soon' })).status).toBe(400);
    expect((await staff.request(`/admin/holds/${first!.id}`, { method: 'DELETE' })).status).toBe(200);
    const [row] = await t.db.select().from(holds).where(eq(holds.id, first!.id));
    expect(row!.endReason).toBe('staff');
    const actions = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['hold.expiry', 'hold.release']));
    expect((await agent.request('/admin/holds')).status).toBe(403);
    const settings = await staff.json('/admin/settings/holds', 'PUT', { default_hours: 24 });
    expect(settings.status).toBe(200);
    expect((await staff.json('/admin/settings/holds', 'PUT', { default_hours: 200 })).status).toBe(400);
    const third = await stoneOf(t, 'Single Item', 2);
    const placed = (await (await agent.json('/holds', 'POST', { diamondId: third.id })).json()) as {
      expiresAt: string;
    };
    expect(new Date(placed.expiresAt).getTime()).toBe(t.clock.now() + 24 * HOUR);
  });
});
