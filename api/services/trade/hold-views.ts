/**
 * Reading holds: the buyer's list (GET /holds), the per-user overlay the catalogue islands lay
 * over the shared list (GET /holds/state: which stones are on hold for someone else, the
 * caller's own with their end, the stones watched, those the caller's requests keep), the release watch, and the staff list.
 * A hold past its end that the sweep has not closed yet reads as ended everywhere.
 */
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { first, type Db } from '../../../db/client.ts';
import { diamonds, holds, holdWatches, users, type Hold } from '../../../db/tables.ts';
import { mayExtend, type HoldState, type HoldView } from '../../../src/domain/trade/holds.ts';
import { HttpError } from '../../middleware/errors.ts';
import { running } from './holds.ts';
import { claimsOn } from './request-claims.ts';

const RECENT_MS = 30 * 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Row = { hold: Hold; stockCode: string; description: string };

function viewOf(r: Row, extendAllowed: boolean, now: number): HoldView {
  const lapsed = r.hold.endedAt == null && r.hold.expiresAt.getTime() <= now;
  const ended = r.hold.endedAt != null || lapsed;
  return {
    id: r.hold.id,
    diamondId: r.hold.diamondId,
    stockCode: r.stockCode,
    description: r.description,
    createdAt: r.hold.createdAt.toISOString(),
    expiresAt: r.hold.expiresAt.toISOString(),
    extended: r.hold.extended,
    canExtend: mayExtend({ extended: r.hold.extended, ended }, extendAllowed),
    endedAt: lapsed ? r.hold.expiresAt.toISOString() : iso(r.hold.endedAt),
    endReason: lapsed ? 'expired' : r.hold.endReason,
  };
}

/** One hold as its holder sees it. */
export async function holdViewOf(db: Db, hold: Hold, extendAllowed: boolean, now: number): Promise<HoldView> {
  const stone = await first(
    db
      .select({ stockCode: diamonds.stockCode, description: diamonds.description })
      .from(diamonds)
      .where(eq(diamonds.id, hold.diamondId)),
  );
  return viewOf({ hold, stockCode: stone?.stockCode ?? '', description: stone?.description ?? '' }, extendAllowed, now);
}

/**
 * The caller's running holds (soonest end first), those ended in the last 30 days, and the
 * stones they asked to be told about (still on hold for someone else, or not any more).
 */
export async function listMyHolds(db: Db, userId: number, now: number) {
  const user = await first(db.select({ ok: users.holdExtendAllowed }).from(users).where(eq(users.id, userId)));
  const rows = await db
    .select({ hold: holds, stockCode: diamonds.stockCode, description: diamonds.description })
    .from(holds)
    .innerJoin(diamonds, eq(diamonds.id, holds.diamondId))
    .where(and(eq(holds.userId, userId), or(isNull(holds.endedAt), gt(holds.endedAt, new Date(now - RECENT_MS)))))
    .orderBy(asc(holds.expiresAt))
    .limit(200);
  const views = rows.map((r) => viewOf(r, user?.ok ?? false, now));
  return {
    active: views.filter((h) => h.endedAt == null),
    ended: views.filter((h) => h.endedAt != null).sort((a, b) => b.endedAt!.localeCompare(a.endedAt!)),
    watching: await watchedStones(db, userId, now),
  };
}

async function watchedStones(db: Db, userId: number, now: number) {
  const rows = await db
    .select({ diamondId: holdWatches.diamondId, stockCode: diamonds.stockCode, description: diamonds.description })
    .from(holdWatches)
    .innerJoin(diamonds, eq(diamonds.id, holdWatches.diamondId))
    .where(and(eq(holdWatches.userId, userId), isNull(holdWatches.notifiedAt)))
    .orderBy(asc(holdWatches.createdAt));
  const held = new Set(
    (
      await holdsOfStones(
        db,
        rows.map((r) => r.diamondId),
        now,
      )
    ).map((h) => h.diamondId),
  );
  return rows.map((r) => ({ ...r, onHold: held.has(r.diamondId) }));
}

export async function holdState(db: Db, userId: number, now: number): Promise<HoldState> {
  const user = await first(db.select({ ok: users.holdExtendAllowed }).from(users).where(eq(users.id, userId)));
  const active = await db
    .select({
      id: holds.id,
      diamondId: holds.diamondId,
      userId: holds.userId,
      expiresAt: holds.expiresAt,
      extended: holds.extended,
    })
    .from(holds)
    .where(running(now));
  const watching = await db
    .select({ id: holdWatches.diamondId })
    .from(holdWatches)
    .where(eq(holdWatches.userId, userId));
  return {
    onHold: active.filter((h) => h.userId !== userId).map((h) => h.diamondId),
    mine: active
      .filter((h) => h.userId === userId)
      .map((h) => ({
        id: h.id,
        diamondId: h.diamondId,
        expiresAt: h.expiresAt.toISOString(),
        canExtend: mayExtend({ extended: h.extended, ended: false }, user?.ok ?? false),
      })),
    watching: watching.map((w) => w.id),
    requested: (await claimsOn(db)).filter((c) => c.userId === userId).map((c) => c.diamondId),
  };
}

/** Asks to be told when another buyer's hold on the stone ends (409 when nobody else holds it). */
export async function watchStone(db: Db, userId: number, diamondId: number, now: number): Promise<void> {
  const held = await first(
    db
      .select({ userId: holds.userId })
      .from(holds)
      .where(and(eq(holds.diamondId, diamondId), running(now))),
  );
  if (!held || held.userId === userId) throw new HttpError(409, 'stone_not_on_hold');
  await db
    .insert(holdWatches)
    .values({ userId, diamondId, createdAt: new Date(now) })
    .onConflictDoUpdate({ target: [holdWatches.userId, holdWatches.diamondId], set: { notifiedAt: null } });
}

export async function unwatchStone(db: Db, userId: number, diamondId: number): Promise<void> {
  await db.delete(holdWatches).where(and(eq(holdWatches.userId, userId), eq(holdWatches.diamondId, diamondId)));
}

export type AdminHoldFilter = { customer?: number; status: 'active' | 'recent'; limit: number };

/** Staff: running holds (soonest end first) or recently ended ones, optionally of one customer. */
export async function listAllHolds(db: Db, f: AdminHoldFilter, now: number) {
  const where: (SQL | undefined)[] = [f.customer ? eq(holds.userId, f.customer) : undefined];
  if (f.status === 'active') where.push(running(now));
  else where.push(or(isNull(holds.endedAt), gt(holds.endedAt, new Date(now - RECENT_MS))));
  const rows = await db
    .select({
      hold: holds,
      stockCode: diamonds.stockCode,
      description: diamonds.description,
      customer: { id: users.id, email: users.email, company: users.companyName, extend: users.holdExtendAllowed },
    })
    .from(holds)
    .innerJoin(diamonds, eq(diamonds.id, holds.diamondId))
    .innerJoin(users, eq(users.id, holds.userId))
    .where(and(...where))
    .orderBy(f.status === 'active' ? asc(holds.expiresAt) : desc(holds.createdAt))
    .limit(f.limit);
  return rows.map((r) => ({
    ...viewOf(r, r.customer.extend, now),
    customer: { id: r.customer.id, email: r.customer.email, company: r.customer.company },
  }));
}

export async function holdsOfStones(db: Db, ids: readonly number[], now: number) {
  if (ids.length === 0) return [];
  return db
    .select({ diamondId: holds.diamondId, userId: holds.userId, expiresAt: holds.expiresAt, id: holds.id })
    .from(holds)
    .where(and(inArray(holds.diamondId, [...ids]), running(now)));
}
