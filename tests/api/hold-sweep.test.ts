/**
 * The hold sweep on two nodes at once (two sweeps over one database, passes overlapping):
 * each hold is ended once and each e-mail sent once; and a node that claimed a notice and
 * died before sending it (its lease left behind) does not lose the notice: another node sends
 * it once the lease lapses. The real two-process run is the cluster project's.
 */
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../api/services/trade/hold-notices.ts';
import { startHoldSweep } from '../../api/services/trade/hold-sweep.ts';
import { diamonds, holds, stockChanges, users } from '../../db/tables.ts';
import { createTestApp } from './auth-helpers.ts';
import { depsOf } from './webhook-helpers.ts';

const HOLDS = 40;

async function withHolds(expiresInMs: number) {
  const t = await createTestApp();
  const [trader] = await t.db.select().from(users).where(eq(users.email, 'trader@facet.trade'));
  const stones = await t.db
    .select({ id: diamonds.id })
    .from(diamonds)
    .where(eq(diamonds.catType, 'Single Item'))
    .limit(HOLDS);
  const now = t.clock.now();
  await t.db.insert(holds).values(
    stones.map((s) => ({
      diamondId: s.id,
      userId: trader!.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + expiresInMs),
    })),
  );
  return { t, trader: trader! };
}

describe('two nodes sweeping', () => {
  it('end each hold once and send each e-mail once', async () => {
    const { t, trader } = await withHolds(60_000);
    const a = startHoldSweep(depsOf(t), { poll: false });
    const b = startHoldSweep(depsOf(t), { poll: false });
    t.clock.advance(61_000);
    const passes = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(passes[0]!.ended + passes[1]!.ended).toBe(HOLDS);
    expect(await t.db.select().from(holds).where(isNull(holds.endedAt))).toHaveLength(0);
    expect(t.mailer.messages.filter((m) => m.to === trader.email && /has ended/.test(m.subject))).toHaveLength(HOLDS);
    expect(t.mailer.messages.filter((m) => m.to === trader.email && /ends soon/.test(m.subject))).toHaveLength(0);
    expect(await t.db.select().from(stockChanges)).toHaveLength(HOLDS);
  });

  it('send the notice a dead node claimed, once its lease lapses', async () => {
    const { t, trader } = await withHolds(-1);
    const sweep = startHoldSweep(depsOf(t), { poll: false });
    await sweep.runOnce();
    const sent = () => t.mailer.messages.filter((m) => m.to === trader.email && /has ended/.test(m.subject)).length;
    expect(sent()).toBe(HOLDS);
    // a node claimed this hold's notice and was killed before it sent or marked it
    const [victim] = await t.db.select().from(holds).limit(1);
    await t.db
      .update(holds)
      .set({ endedNotifiedAt: null, noticeLeaseUntil: new Date(t.clock.now() + LEASE_MS) })
      .where(eq(holds.id, victim!.id));
    await sweep.runOnce();
    expect(sent()).toBe(HOLDS);
    t.clock.advance(LEASE_MS);
    await sweep.runOnce();
    await sweep.runOnce();
    expect(sent()).toBe(HOLDS + 1);
  });
});
