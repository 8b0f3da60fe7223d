/**
 * The cast of the live stock tests: the demo trader and a second approved trader signed in,
 * and stones to change: two singles, a special offer and one to take out of the stock.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { diamonds } from '../../db/tables.ts';
import { createTestApp, insertUser, signIn } from './auth-helpers.ts';
import { stoneOf, TRADER } from './bag-fixtures.ts';

export async function liveCast(env: Record<string, string> = {}) {
  const t = await createTestApp({ env: { LIVE_POLL_MS: '200', ...env } });
  const agent = await signIn(t, TRADER.email, TRADER.password);
  const other = await insertUser(t.db, { email: 'second@jeweller.example', status: 'approved' });
  const otherAgent = await signIn(t, other.email);
  const single = await stoneOf(t, 'Single Item');
  const spare = await stoneOf(t, 'Single Item', 1);
  const gone = await stoneOf(t, 'Single Item', 2);
  const offers = await t.db
    .select()
    .from(diamonds)
    .where(and(eq(diamonds.inStock, true), gt(diamonds.webSpecialCents, 0)))
    .orderBy(asc(diamonds.id))
    .limit(1);
  const special = offers[0] ?? (await stoneOf(t, 'Single Item', 3));
  if (!offers[0]) await t.db.update(diamonds).set({ webSpecialCents: 10_000 }).where(eq(diamonds.id, special.id));
  return {
    t,
    agent,
    other,
    otherAgent,
    single,
    spare,
    gone,
    special: { ...special, webSpecialCents: offers[0]?.webSpecialCents ?? 10_000 },
  };
}
