/**
 * A signed-in customer's favourites and compare list (tables `favourites`, `compare_items`).
 * Every call answers the whole list: `{ ids, docs }` with ids in list order (favourites by
 * the time they were added, compare by position) and each stone as an authorised DiamondDoc
 * plus `inStock` (false once the stone left the stock: the screens say 'Item no longer
 * available' and still let the customer remove it). Unknown stone ids are a 404.
 */
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { writeTx } from '../../../db/client.ts';
import { compareItems, diamonds, favourites, type Diamond } from '../../../db/tables.ts';
import type { DiamondDoc } from '../../../src/domain/diamond.ts';
import { HttpError } from '../../middleware/errors.ts';
import { toDiamondDoc } from './diamond-docs.ts';

export type ListDoc = DiamondDoc & { inStock: boolean };
export type ListAnswer = { ids: number[]; docs: ListDoc[] };
export type MergeAnswer = { favourites: ListAnswer; compare: ListAnswer };
export type ListName = 'favourites' | 'compare';

/** A list longer than this is refused (a customer's list, not a stock export). */
export const MAX_LIST = 500;

export const toListDoc = (d: Diamond): ListDoc => ({ ...toDiamondDoc(d, true), inStock: d.inStock });

async function answer(db: Db, ids: number[]): Promise<ListAnswer> {
  if (ids.length === 0) return { ids, docs: [] };
  const rows = await db.select().from(diamonds).where(inArray(diamonds.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const docs = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toListDoc(row)] : [];
  });
  return { ids, docs };
}

async function favouriteIds(db: Db, userId: number): Promise<number[]> {
  return (
    await db
      .select({ id: favourites.diamondId })
      .from(favourites)
      .where(eq(favourites.userId, userId))
      .orderBy(asc(favourites.createdAt), asc(favourites.diamondId))
  ).map((r) => r.id);
}

async function compareIds(db: Db, userId: number): Promise<number[]> {
  return (
    await db
      .select({ id: compareItems.diamondId })
      .from(compareItems)
      .where(eq(compareItems.userId, userId))
      .orderBy(asc(compareItems.position))
  ).map((r) => r.id);
}

export async function getList(db: Db, userId: number, list: ListName): Promise<ListAnswer> {
  return answer(db, list === 'favourites' ? await favouriteIds(db, userId) : await compareIds(db, userId));
}

/** 404 diamond_not_found unless the stone exists (in stock or not). */
async function assertStone(db: Db, id: number): Promise<void> {
  const row = (await db.select({ id: diamonds.id }).from(diamonds).where(eq(diamonds.id, id)).limit(1))[0];
  if (!row) throw new HttpError(404, 'diamond_not_found');
}

async function knownIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: diamonds.id }).from(diamonds).where(inArray(diamonds.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Favourites keep the order they were added in: each gets a later time than the user's last one. */
async function insertFavourites(tx: Db, userId: number, ids: number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  const last = (
    await tx
      .select({ t: max(favourites.createdAt) })
      .from(favourites)
      .where(eq(favourites.userId, userId))
  )[0]?.t;
  const start = Math.max(now, last ? last.getTime() + 1 : 0);
  await tx
    .insert(favourites)
    .values(ids.map((diamondId, i) => ({ userId, diamondId, createdAt: new Date(start + i) })))
    .onConflictDoNothing();
}

async function appendCompare(tx: Db, userId: number, ids: number[]): Promise<void> {
  const have = new Set(await compareIds(tx, userId));
  const top = (
    await tx
      .select({ p: max(compareItems.position) })
      .from(compareItems)
      .where(eq(compareItems.userId, userId))
      .limit(1)
  )[0];
  let position = (top?.p ?? -1) + 1;
  for (const diamondId of ids) {
    if (have.has(diamondId)) continue;
    have.add(diamondId);
    await tx.insert(compareItems).values({ userId, diamondId, position: position++ });
  }
}

async function assertRoom(db: Db, userId: number, list: ListName, adding: number): Promise<void> {
  const size = list === 'favourites' ? (await favouriteIds(db, userId)).length : (await compareIds(db, userId)).length;
  if (size + adding > MAX_LIST) throw new HttpError(400, 'list_full', { max: MAX_LIST });
}

export async function addToList(db: Db, userId: number, list: ListName, id: number, now: number): Promise<ListAnswer> {
  await assertStone(db, id);
  await writeTx(db, async (tx) => {
    await assertRoom(tx, userId, list, 1);
    if (list === 'favourites') await insertFavourites(tx, userId, [id], now);
    else await appendCompare(tx, userId, [id]);
  });
  return getList(db, userId, list);
}

export async function removeFromList(db: Db, userId: number, list: ListName, id: number): Promise<ListAnswer> {
  await assertStone(db, id);
  if (list === 'favourites') {
    await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.diamondId, id)));
  } else {
    await db.delete(compareItems).where(and(eq(compareItems.userId, userId), eq(compareItems.diamondId, id)));
  }
  return getList(db, userId, list);
}

/** New order: the given ids first (those not in the list are ignored), then any left out. */
export async function reorderCompare(db: Db, userId: number, ids: number[]): Promise<ListAnswer> {
  await writeTx(db, async (tx) => {
    const current = await compareIds(tx, userId);
    const inList = new Set(current);
    const ordered = [...new Set(ids)].filter((id) => inList.has(id));
    const next = [...ordered, ...current.filter((id) => !ordered.includes(id))];
    for (const [position, diamondId] of next.entries()) {
      await tx
        .update(compareItems)
        .set({ position })
        .where(and(eq(compareItems.userId, userId), eq(compareItems.diamondId, diamondId)));
    }
  });
  return getList(db, userId, 'compare');
}

/**
 * Adds a browser's lists to the server's (sign-in): duplicates and unknown ids are dropped,
 * server entries keep their place, new compare entries go to the end in the given order.
 */
export async function mergeLists(
  db: Db,
  userId: number,
  input: { favourites: number[]; compare: number[] },
  now: number,
): Promise<MergeAnswer> {
  const known = await knownIds(db, [...input.favourites, ...input.compare]);
  const fav = [...new Set(input.favourites)].filter((id) => known.has(id));
  const cmp = [...new Set(input.compare)].filter((id) => known.has(id));
  await writeTx(db, async (tx) => {
    const haveFav = new Set(await favouriteIds(tx, userId));
    const newFav = fav.filter((id) => !haveFav.has(id));
    const haveCmp = new Set(await compareIds(tx, userId));
    const newCmp = cmp.filter((id) => !haveCmp.has(id));
    await assertRoom(tx, userId, 'favourites', newFav.length);
    await assertRoom(tx, userId, 'compare', newCmp.length);
    await insertFavourites(tx, userId, newFav, now);
    await appendCompare(tx, userId, newCmp);
  });
  return { favourites: await getList(db, userId, 'favourites'), compare: await getList(db, userId, 'compare') };
}
