/**
 * Daily digests: everything since the last digest in one e-mail, at the search's hour in its
 * time zone (the clock is the test's), and nothing on a day with nothing to tell.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedSearches } from '../../db/tables.ts';
import { alertTestApp, csv, newStoneRow, pricedSingle, priceRow } from './alert-fixtures.ts';

const at = (iso: string) => Date.parse(iso);

describe('daily saved-search digests', () => {
  it("batch a day's events and go out at the search's local hour, once", async () => {
    const { t, worker, save, alertsTo } = await alertTestApp();
    t.clock.set(at('2026-07-10T10:00:00Z')); // 19:00 in Tokyo
    const search = await save({
      name: 'Tokyo mornings',
      alert: 'daily',
      digestHour: 9,
      timeZone: 'Asia/Tokyo',
      priceDropPct: 10,
    });
    await save({ name: 'Instant twin', priceDropPct: 10 });
    const dropped = await pricedSingle(t, 4);

    await t.importCsv(csv(newStoneRow('DIGEST-1')));
    t.clock.advance(2 * 3600_000);
    await worker().runOnce();
    await t.importCsv(csv(newStoneRow('DIGEST-2'), priceRow(dropped, 0.7)));
    await worker().runOnce();
    expect(alertsTo('Instant twin')).toHaveLength(2); // the instant search was told at once, twice
    expect(alertsTo('Tokyo mornings')).toHaveLength(0);

    t.clock.set(at('2026-07-10T23:59:00Z')); // 08:59 in Tokyo
    await worker().runOnce();
    expect(alertsTo('Tokyo mornings')).toHaveLength(0);

    t.clock.set(at('2026-07-11T00:00:30Z')); // 09:00 in Tokyo
    await worker().runOnce();
    const digests = alertsTo('Tokyo mornings');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Your daily digest for "Tokyo mornings": 3 stones');
    for (const code of ['DIGEST-1', 'DIGEST-2', dropped.stockCode]) expect(digests[0]!.text).toContain(`${code} · `);
    expect(digests[0]!.text).toContain('Price down 30 %');
    expect(digests[0]!.text).toContain('in a daily digest');

    // later passes the same day, and the next day with nothing new, send nothing
    await worker().runOnce();
    t.clock.set(at('2026-07-12T00:00:30Z'));
    await worker().runOnce();
    expect(alertsTo('Tokyo mornings')).toHaveLength(1);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastDigestAt?.toISOString()).toBe('2026-07-12T00:00:30.000Z');

    // the next day's news comes the morning after
    await t.importCsv(csv(newStoneRow('DIGEST-3')));
    t.clock.set(at('2026-07-12T23:00:00Z'));
    await worker().runOnce();
    expect(alertsTo('Tokyo mornings')).toHaveLength(1);
    t.clock.set(at('2026-07-13T00:01:00Z'));
    await worker().runOnce();
    expect(alertsTo('Tokyo mornings')).toHaveLength(2);
    expect(alertsTo('Tokyo mornings')[1]!.subject).toBe('Your daily digest for "Tokyo mornings": 1 stone');
  });
});
