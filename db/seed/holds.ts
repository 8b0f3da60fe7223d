/**
 * Demo holds (with the demo accounts, never in production): the second trader (API access)
 * holds three natural stones for two days, and the demo trader holds one whose hold ends
 * within the hour, so the countdown, "On hold" and the end notices show at once. Times are
 * relative to the seeding, so a fresh demo always shows a hold about to end.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { diamonds, holds, users } from '../tables.ts';

const HOUR = 3600_000;

export async function seedHolds(db: Db, now: number): Promise<number> {
  const [trader] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'trader@facet.trade'));
  const [jeweller] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'jeweller@facet.trade'));
  if (!trader || !jeweller) return 0;
  const singles = await db
    .select({ id: diamonds.id })
    .from(diamonds)
    .where(and(eq(diamonds.inStock, true), eq(diamonds.catType, 'Single Item'), eq(diamonds.source, '')))
    .orderBy(asc(diamonds.id));
  // stones from the middle of the stock: away from the newest and the first rows
  const mid = Math.floor(singles.length / 2);
  const picked = singles.slice(mid, mid + 4).map((s) => s.id);
  if (picked.length < 4) return 0;
  const at = new Date(now);
  const rows = [
    ...picked.slice(0, 3).map((diamondId) => ({
      diamondId,
      userId: jeweller.id,
      createdAt: at,
      expiresAt: new Date(now + 48 * HOUR),
      endingNotifiedAt: null,
    })),
    // the demo trader's hold ends within the hour (its "ends soon" notice counts as sent)
    {
      diamondId: picked[3]!,
      userId: trader.id,
      createdAt: new Date(now - 47 * HOUR),
      expiresAt: new Date(now + 45 * 60_000),
      endingNotifiedAt: at,
    },
  ];
  return (await db.insert(holds).values(rows).onConflictDoNothing().returning({ id: holds.id })).length;
}
