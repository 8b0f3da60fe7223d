/**
 * A signed-in customer's favourites and compare list (tables `favourites`, `compare_items`).
 * Every call answers the whole list: `{ ids, docs }` with ids in list order (favourites by
 * the time they were added, compare by position) and each stone as an authorised DiamondDoc
 * plus `inStock` (false once the stone left the stock: the screens say 'Item no longer
 * available' and still let the customer remove it). Unknown stone ids are a 404.
 */
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writeTx } from '../../db/client.ts';
import { compareItems, diamonds, favourites, type Diamond } from '../../db/tables.ts';
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { HttpError } from '../middleware/errors.ts';
import { toDiamondDoc } from './diamond-docs.ts';

export type ListDoc = DiamondDoc & { inStock: boolean };
export type ListAnswer = { ids: number[]; docs: ListDoc[] };
export type MergeAnswer = { favourites: ListAnswer; compare: ListAnswer };
export type ListName = 'favourites' | 'compare';

/** A list longer than this is refused (a customer's list, not a stock export). */
export const MAX_LIST = 500;

export const toListDoc = (d: Diamond): ListDoc => ({ ...toDiamondDoc(d, true), inStock: d.inStock });

function answer(db: Db, ids: number[]): ListAnswer {
  if (ids.length === 0) return { ids, docs: [] };
  const rows = db.select().from(diamonds).where(inArray(diamonds.id, ids)).all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const docs = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toListDoc(row)] : [];
  });
  return { ids, docs };
}

function favouriteIds(db: Db, userId: number): number[] {
  return db
    .select({ id: favourites.diamondId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(asc(favourites.createdAt), sql`rowid`)
    .all()
    .map((r) => r.id);
}

function compareIds(db: Db, userId: number): number[] {
  return db
    .select({ id: compareItems.diamondId })
    .from(compareItems)
    .where(eq(compareItems.userId, userId))
    .orderBy(asc(compareItems.position))
    .all()
    .map((r) => r.id);
}

export function getList(db: Db, userId: number, list: ListName): ListAnswer {
  return answer(db, list === 'favourites' ? favouriteIds(db, userId) : compareIds(db, userId));
}

/** 404 diamond_not_found unless the stone exists (in stock or not). */
function assertStone(db: Db, id: number): void {
  const row = db.select({ id: diamonds.id }).from(diamonds).where(eq(diamonds.id, id)).get();
  if (!row) throw new HttpError(404, 'diamond_not_found');
}

function knownIds(db: Db, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = db.select({ id: diamonds.id }).from(diamonds).where(inArray(diamonds.id, ids)).all();
  return new Set(rows.map((r) => r.id));
}

function insertFavourites(tx: Db, userId: number, ids: number[], now: number): void {
  ids.forEach((diamondId, i) => {
    tx.insert(favourites)
      .values({ userId, diamondId, createdAt: new Date(now + i) })
      .onConflictDoNothing()
      .run();
  });
}

function appendCompare(tx: Db, userId: number, ids: number[]): void {
  const have = new Set(compareIds(tx, userId));
  const top = tx.select({ p: max(compareItems.position) }).from(compareItems).where(eq(compareItems.userId, userId)).get();
  let position = (top?.p ?? -1) + 1;
  for (const diamondId of ids) {
    if (have.has(diamondId)) continue;
    have.add(diamondId);
    tx.insert(compareItems).values({ userId, diamondId, position: position++ }).run();
  }
}

function assertRoom(db: Db, userId: number, list: ListName, adding: number): void {
  const size = list === 'favourites' ? favouriteIds(db, userId).length : compareIds(db, userId).length;
  if (size + adding > MAX_LIST) throw new HttpError(400, 'list_full', { max: MAX_LIST });
}

export function addToList(db: Db, userId: number, list: ListName, id: number, now: number): ListAnswer {
  assertStone(db, id);
  writeTx(db, (tx) => {
    assertRoom(tx, userId, list, 1);
    if (list === 'favourites') insertFavourites(tx, userId, [id], now);
    else appendCompare(tx, userId, [id]);
  });
  return getList(db, userId, list);
}

export function removeFromList(db: Db, userId: number, list: ListName, id: number): ListAnswer {
  assertStone(db, id);
  if (list === 'favourites') {
    db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.diamondId, id))).run();
  } else {
    db.delete(compareItems).where(and(eq(compareItems.userId, userId), eq(compareItems.diamondId, id))).run();
  }
  return getList(db, userId, list);
}

/** New order: the given ids first (those not in the list are ignored), then any left out. */
export function reorderCompare(db: Db, userId: number, ids: number[]): ListAnswer {
  writeTx(db, (tx) => {
    const current = compareIds(tx, userId);
    const inList = new Set(current);
    const ordered = [...new Set(ids)].filter((id) => inList.has(id));
    const next = [...ordered, ...current.filter((id) => !ordered.includes(id))];
    next.forEach((diamondId, position) => {
      tx.update(compareItems)
        .set({ position })
        .where(and(eq(compareItems.userId, userId), eq(compareItems.diamondId, diamondId)))
        .run();
    });
  });
  return getList(db, userId, 'compare');
}

/**
 * Adds a browser's lists to the server's (sign-in): duplicates and unknown ids are dropped,
 * server entries keep their place, new compare entries go to the end in the given order.
 */
export function mergeLists(
  db: Db,
  userId: number,
  input: { favourites: number[]; compare: number[] },
  now: number,
): MergeAnswer {
  const known = knownIds(db, [...input.favourites, ...input.compare]);
  const fav = [...new Set(input.favourites)].filter((id) => known.has(id));
  const cmp = [...new Set(input.compare)].filter((id) => known.has(id));
  writeTx(db, (tx) => {
    const haveFav = new Set(favouriteIds(tx, userId));
    const newFav = fav.filter((id) => !haveFav.has(id));
    const newCmp = cmp.filter((id) => !compareIds(tx, userId).includes(id));
    assertRoom(tx, userId, 'favourites', newFav.length);
    assertRoom(tx, userId, 'compare', newCmp.length);
    insertFavourites(tx, userId, newFav, now);
    appendCompare(tx, userId, newCmp);
  });
  return { favourites: getList(db, userId, 'favourites'), compare: getList(db, userId, 'compare') };
}
