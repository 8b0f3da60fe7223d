/**
 * The home strip as the site build reads it (src/content/featured.ts): up to 3 in-stock
 * special offers, newest first, else the 3 newest in-stock Single Items; never a price.
 * Runs on both engines.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/tables.ts';
import { featuredEntries } from '../../src/content/featured.ts';
import { createTestApp } from './helpers.ts';

const d = schema.diamonds;
const newest = desc(d.createdAt);

describe('home strip entries', () => {
  it('takes the 3 newest in-stock special offers, without prices', async () => {
    const t = await createTestApp();
    const specials = await t.db
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.inStock, true), gt(d.webSpecialCents, 0)))
      .orderBy(newest, desc(d.id));
    expect(specials.length).toBeGreaterThan(3);
    // the newest special goes out of stock: the strip moves on to the next three
    await t.db.update(d).set({ inStock: false }).where(eq(d.id, specials[0]!.id));

    const entries = await featuredEntries(t.db);
    expect(entries.map((e) => Number(e.id))).toEqual(specials.slice(1, 4).map((s) => s.id));
    expect(entries.map((e) => e.data.order)).toEqual([0, 1, 2]);
    expect(entries.every((e) => e.data.special)).toBe(true);
    for (const e of entries) expect(Object.keys(e.data).filter((k) => /price|special_?cents|ppc/i.test(k))).toEqual([]);
  });

  it('else the 3 newest in-stock Single Items, marked not special', async () => {
    const t = await createTestApp();
    await t.db.update(d).set({ webSpecialCents: 0 });
    const singles = await t.db
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.inStock, true), eq(d.catType, 'Single Item')))
      .orderBy(newest, desc(d.id))
      .limit(3);

    const entries = await featuredEntries(t.db);
    expect(entries.map((e) => Number(e.id))).toEqual(singles.map((s) => s.id));
    expect(entries.some((e) => e.data.special)).toBe(false);
    expect(entries.every((e) => e.data.catType === 'Single Item')).toBe(true);
  });

  it('is empty when nothing is in stock', async () => {
    const t = await createTestApp();
    await t.db.update(d).set({ inStock: false });
    expect(await featuredEntries(t.db)).toEqual([]);
  });
});
