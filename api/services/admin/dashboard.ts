/** The admin overview: what is waiting for staff, the stock by category, the latest changes. */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bagRequests, contactMessages, diamonds, posts, users } from '../../../db/tables.ts';
import { listAudit } from './audit.ts';
import { stockLastUpdated } from '../stock-import/history.ts';
import { sourcesLastUpdated } from '../stock-sources/sources.ts';
import { isParcel } from '../../../src/domain/diamond.ts';

export async function dashboard(db: Db) {
  const n = async (q: PromiseLike<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  const stock = await db
    .select({ catType: diamonds.catType, source: diamonds.source, inStock: diamonds.inStock, n: count() })
    .from(diamonds)
    .groupBy(diamonds.catType, diamonds.source, diamonds.inStock);
  const category = (r: { catType: string; source: string }) =>
    isParcel(r.catType) ? 'Parcels' : r.source === 'Lab Grown' ? 'Lab Grown Diamonds' : 'Diamonds';
  const byCategory = new Map<string, { category: string; inStock: number; outOfStock: number }>();
  for (const name of ['Diamonds', 'Lab Grown Diamonds', 'Parcels'])
    byCategory.set(name, { category: name, inStock: 0, outOfStock: 0 });
  for (const r of stock) {
    const c = byCategory.get(category(r))!;
    if (r.inStock) c.inStock += r.n;
    else c.outOfStock += r.n;
  }
  return {
    counts: {
      pendingApprovals: await n(
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, 'user'), eq(users.status, 'pending'))),
      ),
      apiAccessRequests: await n(
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, 'user'), eq(users.requestApiAccess, true), eq(users.apiAllow, false))),
      ),
      newRequests: await n(db.select({ n: count() }).from(bagRequests).where(eq(bagRequests.status, 'submitted'))),
      openRequests: await n(db.select({ n: count() }).from(bagRequests).where(eq(bagRequests.status, 'in_review'))),
      newMessages: await n(db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new'))),
      draftPosts: await n(db.select({ n: count() }).from(posts).where(eq(posts.status, 'draft'))),
      publishedPosts: await n(db.select({ n: count() }).from(posts).where(eq(posts.status, 'published'))),
    },
    stock: [...byCategory.values()],
    recent: (await listAudit(db, { page: 1, limit: 10 })).docs,
    /** when an import last changed the stock (null: none yet) */
    stockUpdatedAt: await stockLastUpdated(db),
    /** per stock source: when it last updated the stock, and whether it is failing */
    sources: await sourcesLastUpdated(db),
  };
}
