/**
 * The stock version the catalogue holds in memory (api/services/site/versions.ts recentVersion):
 * a cached set request reads nothing from the database, a write through this process shows on
 * the next call, and a write through another node (its own connection, no shared memory)
 * shows within the version's maximum age (VERSION_MAX_AGE_MS, a second). Runs on SQLite and, in api-pg, on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDb, writeTx, type Db } from '../../db/client.ts';
import { appState, diamonds } from '../../db/tables.ts';
import { cataloguePayload } from '../../api/services/catalogue/payload.ts';
import { bumpVersion, recentVersion } from '../../api/services/site/versions.ts';
import { createTestApp, type TestApp } from './auth-helpers.ts';

/** A second app node: its own connection to the same database (so its own caches). */
async function otherNode(t: TestApp): Promise<Db> {
  const db = await openDb(t.config.databaseLocation);
  onTestFinished(() => db.close());
  return db;
}

/** What another node's writer does: the version moves in the database and nowhere else. */
const bumpElsewhere = (db: Db) =>
  db
    .insert(appState)
    .values({ key: 'stock', version: 1, updatedAt: new Date() })
    .onConflictDoUpdate({ target: appState.key, set: { version: sql`${appState.version} + 1` } });

describe('the stock version held in memory', () => {
  it('answers from memory within its age, without reading the database', async () => {
    const t = await createTestApp();
    const other = await otherNode(t);
    await writeTx(t.db, (tx) => bumpVersion(tx, 'stock'));
    const before = await recentVersion(t.db, 'stock', 60_000);
    await bumpElsewhere(other);
    // within the age the held value is the answer: the database was not read
    expect(await recentVersion(t.db, 'stock', 60_000)).toBe(before);
    // once older than the age asked for, it is read again
    expect(await recentVersion(t.db, 'stock', 0)).toBe(before + 1);
  });

  it('shows a write through this process on the next call, however young the held value', async () => {
    const t = await createTestApp();
    const before = await recentVersion(t.db, 'stock', 60_000);
    const written = await writeTx(t.db, (tx) => bumpVersion(tx, 'stock'));
    expect(written).toBe(before + 1);
    expect(await recentVersion(t.db, 'stock', 60_000)).toBe(written);
  });

  it("serves another node's stock change within the version's age", { timeout: 30_000 }, async () => {
    const t = await createTestApp();
    const nodeB = await otherNode(t);
    const old = await cataloguePayload(nodeB, 'visitor');
    const sold = (await t.db.select({ id: diamonds.id }).from(diamonds).where(eq(diamonds.inStock, true)).limit(1))[0]!;
    // node A's writer: the stone leaves the stock and the version moves, in one transaction
    await writeTx(t.db, async (tx) => {
      await tx.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, sold.id));
      await bumpElsewhere(tx);
    });
    await expect
      .poll(async () => (await cataloguePayload(nodeB, 'visitor')).etag, { timeout: 20_000, interval: 100 })
      .not.toBe(old.etag);
    expect((await cataloguePayload(nodeB, 'visitor')).stones).toBe(old.stones - 1);
  });
});
