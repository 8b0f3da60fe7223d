/**
 * A trader's saved searches (table `saved_searches`): list, create (at most
 * MAX_SAVED_SEARCHES, counted under the trader's row lock), update, delete. Another trader's
 * search is a 404, as if it did not exist. A new search starts at the newest stock change, so
 * changes made before it was saved never alert.
 */
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { first, writeTx, type Db } from '../../../db/client.ts';
import { savedSearches, stockChanges, users } from '../../../db/tables.ts';
import { MAX_SAVED_SEARCHES } from '../../../src/domain/saved-searches/alerts.ts';
import {
  DIGEST_HOUR_NEEDED,
  needsDigestHour,
  type SavedSearchPatch,
  type SavedSearchView,
} from '../../../src/domain/saved-searches/schema.ts';
import { HttpError } from '../../middleware/errors.ts';

export type SavedSearch = typeof savedSearches.$inferSelect;
/** What a trader chooses (the rest is the server's). */
export type NewSearch = Pick<
  SavedSearch,
  'name' | 'view' | 'columns' | 'currency' | 'alert' | 'digestHour' | 'timeZone' | 'priceDropPct'
>;

export const notFound = () => new HttpError(404, 'saved_search_not_found');
export const limitError = () =>
  new HttpError(409, 'saved_search_limit', {
    max: MAX_SAVED_SEARCHES,
    message: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one to save another.`,
  });

export function toView(s: SavedSearch): SavedSearchView {
  return {
    id: s.id,
    name: s.name,
    view: s.view,
    columns: s.columns,
    currency: s.currency,
    alert: s.alert,
    digestHour: s.digestHour,
    timeZone: s.timeZone,
    priceDropPct: s.priceDropPct,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function listSearches(db: Db, userId: number): Promise<SavedSearch[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

/** The trader's search `id` (404 for anyone else's or none). */
export async function getSearch(db: Db, userId: number, id: number): Promise<SavedSearch> {
  const row = await first(
    db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .limit(1),
  );
  if (!row) throw notFound();
  return row;
}

/** The newest stock change (0 before the first). */
async function newestSeq(db: Db): Promise<number> {
  const row = await first(db.select({ seq: max(stockChanges.seq) }).from(stockChanges));
  return Number(row?.seq ?? 0);
}

export async function createSearch(db: Db, userId: number, data: NewSearch, now: number): Promise<SavedSearch> {
  return writeTx(db, async (tx) => {
    // the trader's row lock: two saves at once are counted one after the other
    await tx
      .update(users)
      .set({ updatedAt: sql`${users.updatedAt}` })
      .where(eq(users.id, userId));
    const [held] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if (Number(held?.n ?? 0) >= MAX_SAVED_SEARCHES) throw limitError();
    const at = new Date(now);
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, ...data, seenSeq: await newestSeq(tx), createdAt: at, updatedAt: at })
      .returning();
    return row!;
  });
}

export async function updateSearch(
  db: Db,
  userId: number,
  id: number,
  patch: SavedSearchPatch,
  now: number,
): Promise<SavedSearch> {
  return writeTx(db, async (tx) => {
    const current = await getSearch(tx, userId, id);
    const next = { ...current, ...stripUndefined(patch) };
    if (needsDigestHour(next)) throw new HttpError(400, [{ param: 'digestHour', msg: DIGEST_HOUR_NEEDED }]);
    const [row] = await tx
      .update(savedSearches)
      .set({ ...stripUndefined(patch), updatedAt: new Date(now) })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning();
    return row!;
  });
}

export async function deleteSearch(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (gone.length === 0) throw notFound();
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
