/**
 * The demo seed on PostgreSQL: the same stock as on SQLite (codes in id order), ids handed out
 * by the identity columns (so a later insert gets the next id, never a duplicate key), and a
 * reset that empties every table and restarts the ids.
 *
 * Runs in the api-pg project (tests/unit/seed.test.ts checks the generator itself on SQLite).
 */
import { asc, count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { first, migrateDb, openDb, type Db } from '../../db/client.ts';
import { generateStones } from '../../db/seed/diamonds.ts';
import { RESET_ORDER, resetDatabase, seedDatabase, stoneCount } from '../../db/seed/index.ts';
import { diamonds, exchangeRates, users } from '../../db/tables.ts';
import { pgAdmin } from '../support/pg-cluster.ts';

const STONES = 60;
const NAME = `seed_${process.pid}`;
let db: Db;

const codes = async () =>
  (await db.select({ id: diamonds.id, code: diamonds.stockCode }).from(diamonds).orderBy(asc(diamonds.id))).map(
    (r) => `${r.id}:${r.code}`,
  );
const expectedCodes = () => [...generateStones(STONES)].map((s, i) => `${i + 1}:${s.row.stockCode}`);

beforeAll(async () => {
  const admin = pgAdmin(inject('facetPgAdminUrl'));
  await admin.createDatabase(NAME);
  db = await openDb(admin.url(NAME), { poolSize: 2 });
  await migrateDb(db);
});

afterAll(async () => {
  await db?.close();
  await pgAdmin(inject('facetPgAdminUrl')).dropDatabase(NAME);
});

describe('seedDatabase on PostgreSQL', () => {
  it("stores the generator's stones in order with ids 1..N, and demo accounts", async () => {
    const sum = await seedDatabase(db, { stones: STONES, production: false });
    expect(sum.stones).toBe(STONES);
    expect(await codes()).toEqual(expectedCodes());
    expect(sum.users).toBeGreaterThan(0);
    expect((await first(db.select({ n: count() }).from(users)))?.n).toBe(sum.users);
    expect(await db.select().from(exchangeRates)).toHaveLength(5);
  });

  it('leaves the identity columns ahead of the seeded ids: the next insert gets the next id', async () => {
    const [stone] = await db.select().from(diamonds).orderBy(asc(diamonds.id)).limit(1);
    const { id: _id, ...copy } = stone!;
    const [added] = await db
      .insert(diamonds)
      .values({ ...copy, stockCode: 'PG-NEXT-1' })
      .returning({ id: diamonds.id });
    expect(added?.id).toBe(STONES + 1);
  });

  it('reset empties every table and restarts the ids; seeding again gives the same stock', async () => {
    await resetDatabase(db);
    for (const table of RESET_ORDER) expect(await db.select().from(table)).toHaveLength(0);
    expect(await stoneCount(db)).toBe(0);
    await seedDatabase(db, { stones: STONES, production: false });
    expect(await codes()).toEqual(expectedCodes());
  });

  it('production seeds the rates and no demo stones or accounts', async () => {
    await resetDatabase(db);
    await seedDatabase(db, { stones: STONES, production: true });
    expect(await stoneCount(db)).toBe(0);
    expect(await db.select().from(users)).toHaveLength(0);
    expect(await db.select().from(exchangeRates)).toHaveLength(5);
  });
});
