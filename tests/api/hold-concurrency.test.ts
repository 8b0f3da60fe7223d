/**
 * A race on holds the database must win on every engine: twenty traders hold one stone at the
 * same moment: exactly one 201, nineteen 409. All calls start before any is awaited; on
 * PostgreSQL each runs on its own pooled connection.
 *
 * Runs in the api (SQLite), api-pg (READ COMMITTED) and api-pg-serializable projects.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holds } from '../../db/tables.ts';
import { createTestApp, insertUser, signIn } from './auth-helpers.ts';
import { stoneOf } from './bag-fixtures.ts';

const TRADERS = 20;

describe('twenty traders hold one stone at once', () => {
  it('one hold is placed (201) and nineteen are refused (409 stone_on_hold)', async () => {
    const t = await createTestApp();
    const stone = await stoneOf(t, 'Single Item');
    const agents = await Promise.all(
      Array.from({ length: TRADERS }, async (_, i) => {
        const u = await insertUser(t.db, { email: `racer${i}@jeweller.example` });
        return signIn(t, u.email);
      }),
    );
    const answers = await Promise.all(agents.map((a) => a.json('/holds', 'POST', { diamondId: stone.id })));
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(','),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      statuses.join(','),
    ).toHaveLength(TRADERS - 1);
    for (const r of answers.filter((x) => x.status === 409))
      expect(((await r.json()) as { errors: { msg: string } }).errors.msg).toBe('stone_on_hold');
    const active = await t.db
      .select()
      .from(holds)
      .where(and(eq(holds.diamondId, stone.id), isNull(holds.endedAt)));
    expect(active).toHaveLength(1);
  });
});
