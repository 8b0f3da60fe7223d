/**
 * The demo requests on PostgreSQL (a fresh `npm start` against an empty PostgreSQL seeds them
 * too): the demo trader gets a request in every state, and seeding them again adds nothing.
 * tests/unit/seed-requests.test.ts checks what each request holds on SQLite.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateDb, openDb, type Db } from '../../db/client.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { seedDemoRequests } from '../../api/services/trade/demo-requests.ts';
import { bagRequests, requestLines, users } from '../../db/tables.ts';
import { pgAdmin } from '../support/pg-cluster.ts';

const NAME = `seed_requests_${process.pid}`;
let db: Db;

beforeAll(async () => {
  const admin = pgAdmin(inject('facetPgAdminUrl'));
  await admin.createDatabase(NAME);
  db = await openDb(admin.url(NAME), { poolSize: 2 });
  await migrateDb(db);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await pgAdmin(inject('facetPgAdminUrl')).dropDatabase(NAME);
});

describe('demo requests on PostgreSQL', () => {
  it('give the demo trader a request in every state, keeping the stones of the confirmed and shipped ones', async () => {
    await seedDatabase(db, { stones: 400, production: false, demoHolds: true, demoRequests: seedDemoRequests });
    const rows = await db
      .select({ id: bagRequests.id, status: bagRequests.status, carrierRef: bagRequests.carrierRef })
      .from(bagRequests)
      .innerJoin(users, eq(users.id, bagRequests.userId))
      .where(eq(users.email, 'trader@facet.trade'));
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['submitted', 'in_review', 'confirmed', 'shipped', 'completed', 'declined', 'cancelled']),
    );
    const shipped = rows.find((r) => r.status === 'shipped')!;
    expect(shipped.carrierRef).toBeTruthy();
    const kept = await db.select().from(requestLines).where(eq(requestLines.requestId, shipped.id));
    expect(kept.every((l) => l.reservedDiamondId != null)).toBe(true);
    expect(await seedDemoRequests(db, Date.now())).toBe(0);
    expect(await db.select().from(bagRequests)).toHaveLength(rows.length);
  }, 60_000);
});
