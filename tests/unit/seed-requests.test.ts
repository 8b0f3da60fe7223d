/**
 * The demo requests: the demo trader sees a request in every step of the lifecycle, each with
 * its timeline, the confirmed ones keeping their stones, and a short message thread; seeding
 * again adds nothing, and production seeds none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { migrateDb, openDb, type Db } from '../../db/client.ts';
import * as schema from '../../db/tables.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { seedDemoRequests } from '../../api/services/trade/demo-requests.ts';
import { requestDetail, type RequestDetail } from '../../api/services/trade/request-records.ts';

const STONES = 400;
let dir: string;
const opened: Db[] = [];
let db: Db;
let traderId: number;
let requests: RequestDetail[];

async function fresh(name: string, production: boolean): Promise<Db> {
  const d = await openDb(join(dir, `${name}.db`));
  opened.push(d);
  await migrateDb(d);
  await seedDatabase(d, { stones: STONES, production, demoHolds: true, demoRequests: seedDemoRequests });
  return d;
}

const inState = (state: string) => requests.filter((r) => r.status === state);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'facet-seed-requests-'));
  db = await fresh('demo', false);
  const [trader] = await db.select().from(schema.users).where(eq(schema.users.email, 'trader@facet.trade'));
  traderId = trader!.id;
  const rows = await db
    .select({ id: schema.bagRequests.id })
    .from(schema.bagRequests)
    .where(eq(schema.bagRequests.userId, traderId))
    .orderBy(asc(schema.bagRequests.id));
  requests = await Promise.all(rows.map((r) => requestDetail(db, r.id, { role: 'buyer', userId: traderId })));
}, 60_000);

afterAll(async () => {
  for (const d of opened) await d.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('demo requests', () => {
  it('give the demo trader a request in every step: submitted, in review, confirmed, shipped, completed, declined, cancelled', () => {
    expect(new Set(requests.map((r) => r.status))).toEqual(
      new Set(['submitted', 'in_review', 'confirmed', 'shipped', 'completed', 'declined', 'cancelled']),
    );
  });

  it('has a memo confirmed with one line confirmed and one answered by an accepted alternative, priced in its currency', () => {
    const [memo] = inState('confirmed');
    expect(memo!.terms).toBe('memo');
    expect(memo!.lines.map((l) => l.answer).sort()).toEqual(['alternative', 'confirmed']);
    const alt = memo!.lines.find((l) => l.answer === 'alternative')!;
    expect(alt.alternative).toMatchObject({ reply: 'accepted' });
    expect(alt.alternative!.price).toBeGreaterThan(0);
    expect(memo!.lines.every((l) => l.reserved)).toBe(true);
    expect(memo!.currentTotal).toBeCloseTo(
      memo!.lines.reduce((sum, l) => sum + (l.amount ?? 0), 0),
      2,
    );
    expect(memo!.timeline.map((e) => e.what).join(' | ')).toMatch(/Alternative .+ offered for .+ \| .*accepted/);
  });

  it('ships with a carrier reference, and frees the stones of declined and cancelled requests', () => {
    const [shipped] = inState('shipped');
    expect(shipped!.carrierRef).toMatch(/\S{6,}/);
    expect(shipped!.ccy).toBe('USD');
    expect(shipped!.lines.every((l) => l.reserved)).toBe(true);
    for (const r of [...inState('declined'), ...inState('cancelled')])
      expect(r.lines.some((l) => l.reserved)).toBe(false);
  });

  it('tells each step on the timeline (who, when, what), in order and never after the seeding', () => {
    const seededBy = Date.now();
    for (const r of requests) {
      expect(r.timeline[0]).toMatchObject({ kind: 'created', who: 'Eleanor Hartley' });
      const times = r.timeline.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(times.at(-1)!).toBeLessThanOrEqual(seededBy);
    }
    const completed = inState('completed')[0]!;
    expect(completed.timeline.filter((e) => e.kind === 'state').map((e) => e.to)).toEqual([
      'in_review',
      'confirmed',
      'shipped',
      'completed',
    ]);
    expect(inState('cancelled')[0]!.timeline.at(-1)).toMatchObject({ actor: 'buyer', to: 'cancelled' });
  });

  it('has a short message thread between staff and the buyer on the open request in review', () => {
    const [review] = inState('in_review');
    expect(review!.messages.map((m) => m.author)).toEqual(['staff', 'buyer']);
    expect(review!.canMessage).toBe(true);
  });

  it('adds nothing when seeded again, and production seeds no requests', async () => {
    expect(await seedDemoRequests(db, Date.now())).toBe(0);
    expect(await db.select().from(schema.bagRequests)).toHaveLength(requests.length);
    const prod = await fresh('prod', true);
    expect(await prod.select().from(schema.bagRequests)).toHaveLength(0);
    expect(await prod.select().from(schema.requestEvents)).toHaveLength(0);
  });
});
