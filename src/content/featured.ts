/**
 * The home strip's stones as the site is built: the strip rule (`stripOf`: up to 3 special
 * offers, else the 3 newest Single Items) picks them, so the build runs the same unit-tested
 * rule. It is given only the stones it can pick (the newest STRIP_SIZE in-stock specials and
 * the newest STRIP_SIZE in-stock singles, newest first), not the whole stock: every content
 * save rebuilds the site. No price field leaves this module.
 */
import { and, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/tables.ts';
import { SINGLE, shapeImage } from '../domain/diamond.ts';
import { STRIP_SIZE, stripOf } from '../domain/home/strip.ts';

type Range = { From: string; To: string } | null;

const range = (from: string | null, to: string | null): Range => (from ? { From: from, To: to ?? from } : null);

/** The strip's entries in display order, `special` telling which title it carries. */
export async function featuredEntries(db: Db) {
  const d = schema.diamonds;
  const newest = (only: SQL) =>
    db
      .select({ id: d.id, StkCatType: d.catType, webSpecialCents: d.webSpecialCents, createdAt: d.createdAt })
      .from(d)
      .where(and(eq(d.inStock, true), only))
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(STRIP_SIZE);
  const [specials, singles] = await Promise.all([newest(gt(d.webSpecialCents, 0)), newest(eq(d.catType, SINGLE))]);
  const byId = new Map([...specials, ...singles].map((c) => [c.id, c]));
  const candidates = [...byId.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const strip = stripOf(candidates.map((c) => ({ ...c, WebSpecial: c.webSpecialCents / 100 })));
  const ids = strip.stones.map((s) => s.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(d).where(inArray(d.id, ids));
  const rowById = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id, order) => {
    const s = rowById.get(id);
    if (!s) return [];
    const data = {
      order,
      special: strip.special,
      stockCode: s.stockCode,
      shape: s.shape,
      catType: s.catType,
      source: s.source,
      weight: s.weight,
      sizeFrom: s.sizeFrom,
      sizeTo: s.sizeTo,
      colour: range(s.colourFrom, s.colourTo),
      clarity: range(s.clarityFrom, s.clarityTo),
      certLab: s.certLab,
      img: shapeImage(s.shape, s.catType),
    };
    return [{ id: String(id), data }];
  });
}
