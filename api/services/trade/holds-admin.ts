/**
 * Staff actions on holds, each audited (api/services/admin/audit.ts) in its own transaction:
 * end a hold, move its end (extend or shorten: a time not after now ends it at once, as ended by
 * staff, which the buyer reads as such and never as "Ran out"), set a customer's limits (most holds at once, may extend once), and the shop's
 * default hold length (configs `holds`).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { first, writeTx, type Db } from '../../../db/client.ts';
import { configs, holds, users, type Hold } from '../../../db/tables.ts';
import type { HoldLimits } from '../../../src/domain/trade/holds.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { audit } from '../admin/audit.ts';
import { recordHoldChange } from './hold-events.ts';
import { defaultHoldHours, endHold, HOLD_SETTINGS } from './holds.ts';
import { diamonds } from '../../../db/tables.ts';

/** Ends a running hold now as ended by staff (409 hold_ended when it had ended), audited. */
async function endByStaff(tx: Db, adminId: number, hold: Hold, now: number): Promise<Hold> {
  const ended = await endHold(tx, hold.id, 'staff', now);
  if (!ended) throw new HttpError(409, 'hold_ended');
  await audit(tx, adminId, 'hold.release', 'hold', hold.id, { diamondId: hold.diamondId, userId: hold.userId }, now);
  return ended;
}

export function staffReleaseHold(deps: Deps, adminId: number, holdId: number) {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const hold = await first(tx.select().from(holds).where(eq(holds.id, holdId)));
    if (!hold) throw new HttpError(404, 'hold_not_found');
    return endByStaff(tx, adminId, hold, now);
  });
}

export function staffSetExpiry(deps: Deps, adminId: number, holdId: number, expiresAt: Date) {
  const now = deps.clock.now();
  if (Number.isNaN(expiresAt.getTime())) throw new HttpError(400, [{ param: 'expires_at', msg: 'Not a time' }]);
  return writeTx(deps.db, async (tx) => {
    const hold = await first(tx.select().from(holds).where(eq(holds.id, holdId)));
    if (!hold) throw new HttpError(404, 'hold_not_found');
    if (expiresAt.getTime() <= now) return endByStaff(tx, adminId, hold, now);
    const updated = (
      await tx
        .update(holds)
        // a new end is a new "ends soon" notice
        .set({ expiresAt, endingNotifiedAt: null })
        .where(and(eq(holds.id, holdId), isNull(holds.endedAt)))
        .returning()
    )[0];
    if (!updated) throw new HttpError(409, 'hold_ended');
    await audit(
      tx,
      adminId,
      'hold.expiry',
      'hold',
      holdId,
      { from: hold.expiresAt.toISOString(), to: expiresAt.toISOString() },
      now,
    );
    const stone = await first(
      tx.select({ code: diamonds.stockCode }).from(diamonds).where(eq(diamonds.id, hold.diamondId)),
    );
    if (stone) await recordHoldChange(tx, [stone.code], now);
    return updated;
  });
}

export function setHoldLimits(deps: Deps, adminId: number, customerId: number, limits: HoldLimits) {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const row = (
      await tx
        .update(users)
        .set({ maxHolds: limits.maxHolds, holdExtendAllowed: limits.holdExtendAllowed })
        .where(eq(users.id, customerId))
        .returning({ maxHolds: users.maxHolds, holdExtendAllowed: users.holdExtendAllowed })
    )[0];
    if (!row) throw new HttpError(404, 'customer_not_found');
    await audit(tx, adminId, 'customer.hold_limits', 'user', customerId, { ...limits }, now);
    return row;
  });
}

export async function holdLimitsOf(deps: Deps, customerId: number) {
  const row = await first(
    deps.db
      .select({ maxHolds: users.maxHolds, holdExtendAllowed: users.holdExtendAllowed })
      .from(users)
      .where(eq(users.id, customerId)),
  );
  if (!row) throw new HttpError(404, 'customer_not_found');
  return row;
}

export async function holdSettings(deps: Deps) {
  return { default_hours: await defaultHoldHours(deps.db) };
}

export function setHoldSettings(deps: Deps, adminId: number, input: { default_hours: number }) {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const fields = { default_hours: String(input.default_hours) };
    await tx
      .insert(configs)
      .values({ type: HOLD_SETTINGS, fields, updatedAt: new Date(now) })
      .onConflictDoUpdate({ target: configs.type, set: { fields, updatedAt: new Date(now) } });
    await audit(tx, adminId, 'settings.holds', 'config', HOLD_SETTINGS, { ...input }, now);
    return { default_hours: input.default_hours };
  });
}
