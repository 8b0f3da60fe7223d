/**
 * The home strip's stones as the site is built: every in-stock stone is read newest first
 * and the strip rule (`stripOf`: up to 3 special offers, else the 3 newest Single Items) picks
 * them, so the build runs the same unit-tested rule. No price field leaves this module.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/tables.ts';
import { shapeImage } from '../domain/diamond.ts';
import { stripOf } from '../domain/home/strip.ts';

type Range = { From: string; To: string } | null;

const range = (from: string | null, to: string | null): Range => (from ? { From: from, To: to ?? from } : null);

/** The strip's entries in display order, `special` telling which title it carries. */
export async function featuredEntries(db: Db) {
  const d = schema.diamonds;
  const candidates = await db
    .select({ id: d.id, StkCatType: d.catType, webSpecialCents: d.webSpecialCents })
    .from(d)
    .where(eq(d.inStock, true))
    .orderBy(desc(d.createdAt), desc(d.id));
  const strip = stripOf(candidates.map((c) => ({ ...c, WebSpecial: c.webSpecialCents / 100 })));
  const ids = strip.stones.map((s) => s.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(d).where(inArray(d.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id, order) => {
    const s = byId.get(id);
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
