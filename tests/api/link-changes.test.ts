/**
 * The stock change log and GET /changes: only real changes write events (an unchanged
 * re-import writes none and keeps updated_at, the stock version and the feed's ETag), the
 * kinds and changed fields, paging with next_since, 410 past the retention and 409 ahead of the log.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readVersion } from '../../api/services/site/versions.ts';
import { diamonds, stockChanges } from '../../db/tables.ts';
import { errorOf } from './auth-helpers.ts';
import { body, createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';

type Changes = {
  data: { seq: number; type: string; stock_code: string; fields: string[]; at: string }[];
  next_since: number;
  has_more: boolean;
};

const firstStones = async (t: LinkTestApp, n: number) =>
  await t.db.select().from(diamonds).where(eq(diamonds.inStock, true)).orderBy(asc(diamonds.id)).limit(n);

/** A CSV of the stones' current price, availability and comments (an unchanged re-import). */
const snapshotCsv = (rows: (typeof diamonds.$inferSelect)[]) =>
  [
    'StkCodeCalcNS,price,StkWebAvailable,Comments',
    ...rows.map(
      (r) =>
        `${r.stockCode},${r.priceCents == null ? '' : (r.priceCents / 100).toFixed(2)},${r.availability},"${r.comments}"`,
    ),
  ].join('\n');

describe('API Link change log', () => {
  it('an import of unchanged rows writes no event and keeps updated_at, the stock version and the feed ETag', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const rows = (await firstStones(t, 60)).filter((r) => r.catType === 'Single Item' && r.priceCents != null);
    const feed1 = await t.call('/feed?format=json', key);
    const etag = feed1.headers.get('etag')!;
    const version = await readVersion(t.db, 'stock');
    t.clock.advance(3_600_000);
    await t.importCsv(snapshotCsv(rows));
    expect(await t.db.select().from(stockChanges)).toHaveLength(0);
    expect(await readVersion(t.db, 'stock')).toBe(version);
    const after = await firstStones(t, 60);
    for (const r of rows) expect(after.find((a) => a.id === r.id)!.updatedAt.getTime()).toBe(r.updatedAt.getTime());
    const feed2 = await t.call('/feed?format=json', key, { headers: { 'if-none-match': etag } });
    expect(feed2.status).toBe(304);
    expect(feed2.headers.get('etag')).toBe(etag);
  });

  it('real changes write price_changed, availability_changed, updated (with the fields), added and removed, in order', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const [a, b, c] = (await firstStones(t, 60)).filter((r) => r.catType === 'Single Item' && r.priceCents != null);
    const version = await readVersion(t.db, 'stock');
    const csv = snapshotCsv([
      { ...a!, priceCents: a!.priceCents! + 1000 },
      { ...b!, availability: b!.availability === 1 ? 2 : 1 },
      { ...c!, comments: 'A new note' },
    ]);
    t.clock.advance(1000);
    await t.importCsv(csv);
    await t.importCsv(`StkCodeCalcNS,StkShape,STWeight,price,StkCatType\nBRAND-NEW-1,Round,0.7,1500,Single Item\n`);
    expect(await readVersion(t.db, 'stock')).toBe(version + 2);
    const res = await t.call('/changes?since=0', key);
    expect(res.status).toBe(200);
    const page: Changes = await body(res);
    expect(page.data.map((e) => [e.type, e.stock_code, e.fields])).toEqual([
      ['price_changed', a!.stockCode, ['price']],
      ['availability_changed', b!.stockCode, ['availability']],
      ['updated', c!.stockCode, ['comments']],
      ['added', 'BRAND-NEW-1', []],
    ]);
    expect(page.has_more).toBe(false);
    expect(page.next_since).toBe(page.data.at(-1)!.seq);
    const seqs = page.data.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(page.data[0]!.at).toBe(new Date(t.clock.now()).toISOString());

    // paging: limit 2 then the rest, nothing after the end
    const p1: Changes = await body(await t.call('/changes?since=0&limit=2', key));
    expect(p1.data).toHaveLength(2);
    expect(p1.has_more).toBe(true);
    const p2: Changes = await body(await t.call(`/changes?since=${p1.next_since}&limit=2`, key));
    expect(p2.data.map((e) => e.stock_code)).toEqual([c!.stockCode, 'BRAND-NEW-1']);
    const p3: Changes = await body(await t.call(`/changes?since=${p2.next_since}`, key));
    expect(p3).toEqual({ data: [], next_since: p2.next_since, has_more: false });

    // a full import without `a` removes it
    const all = await t.db.select({ c: diamonds.stockCode }).from(diamonds).where(eq(diamonds.inStock, true));
    await t.importCsv(
      [
        'StkCodeCalcNS,Comments',
        ...all.filter((r) => r.c !== a!.stockCode).map((r) => `${r.c},"${r.c === c!.stockCode ? 'A new note' : ''}"`),
      ].join('\n'),
      true,
    );
    const removed: Changes = await body(await t.call(`/changes?since=${p2.next_since}`, key));
    expect(removed.data.filter((e) => e.type === 'removed').map((e) => e.stock_code)).toEqual([a!.stockCode]);
  });

  it('two imports writing the same change at once record it once (the second compares against the first)', async () => {
    const t = await createLinkTestApp();
    const rows = (await firstStones(t, 40)).filter((r) => r.comments !== 'Same note');
    const csv = ['StkCodeCalcNS,Comments', ...rows.map((r) => `${r.stockCode},Same note`)].join('\n');
    await Promise.all([t.importCsv(csv), t.importCsv(csv), t.importCsv(csv)]);
    const events = await t.db.select().from(stockChanges);
    expect(events).toHaveLength(rows.length);
    expect(new Set(events.map((e) => e.stockCode)).size).toBe(rows.length);
  });

  it('answers 410 for a cursor older than the retention (resync from /feed) and 400 for a bad one', async () => {
    const t = await createLinkTestApp({ env: { API_CHANGES_RETENTION_DAYS: '30' } });
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const [a] = await firstStones(t, 1);
    await t.importCsv(`StkCodeCalcNS,Comments\n${a!.stockCode},first\n`);
    const first: Changes = await body(await t.call('/changes', key));
    expect(first.data).toHaveLength(1);
    t.clock.advance(31 * 86_400_000);
    await t.importCsv(`StkCodeCalcNS,Comments\n${a!.stockCode},second\n`);
    const expired = await t.call('/changes?since=0', key);
    expect(expired.status).toBe(410);
    const err = await errorOf(expired);
    expect(err.msg).toBe('changes_expired');
    expect(String(err.options?.resync)).toMatch(/\/feed/);
    const fresh: Changes = await body(await t.call(`/changes?since=${first.next_since}`, key));
    expect(fresh.data.map((e) => e.fields)).toEqual([['comments']]);
    expect(await t.db.select().from(stockChanges)).toHaveLength(1); // the old event was pruned
    for (const q of ['since=-1', 'since=abc', 'limit=1001'])
      expect((await t.call(`/changes?${q}`, key)).status, q).toBe(400);
    expect((await t.call('/changes')).status).toBe(401);
  });

  it('answers 409 cursor_ahead for a cursor beyond the newest event (resync from /feed)', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const [a] = await firstStones(t, 1);
    await t.importCsv(`StkCodeCalcNS,Comments\n${a!.stockCode},noted\n`);
    const page: Changes = await body(await t.call('/changes', key));
    const latest = page.next_since;
    expect((await t.call(`/changes?since=${latest}`, key)).status).toBe(200);
    const ahead = await t.call(`/changes?since=${latest + 5}`, key);
    expect(ahead.status).toBe(409);
    const err = await errorOf(ahead);
    expect(err.msg).toBe('cursor_ahead');
    expect(err.options?.latest).toBe(latest);
    expect(String(err.options?.resync)).toMatch(/\/feed/);
  });
});
