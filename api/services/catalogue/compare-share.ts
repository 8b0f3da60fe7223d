/**
 * Shared compare links: a signed token naming the stones of a compare board in order (no
 * table: the token carries the ids, signed with the session secret). Links do not expire: a
 * visitor sees only what the catalogue shows any visitor (grades, measurements, stock codes),
 * and prices only ever reach a signed-in trader, who sees them in the catalogue anyway; a
 * stone sold since then is named as no longer available.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamonds } from '../../../db/tables.ts';
import type { PriceFreeDoc } from '../../../src/domain/diamond.ts';
import { decodeShareIds, encodeShareIds } from '../../../src/domain/catalogue/compare-share.ts';
import { HttpError } from '../../middleware/errors.ts';
import { signToken, verifyToken } from '../platform/signed-token.ts';
import { toPriceFreeDoc } from './diamond-docs.ts';
import { toListDoc, type ListDoc } from './lists.ts';

const PURPOSE = 'compare-share';

/** The stones still in stock, in the link's order; the ones gone by stock code (null when unknown). */
export type SharedCompare = {
  priced: boolean;
  docs: (ListDoc | (PriceFreeDoc & { inStock: true }))[];
  gone: { stockCode: string | null }[];
};

async function rowsOf(db: Db, ids: readonly number[]) {
  const rows = await db
    .select()
    .from(diamonds)
    .where(inArray(diamonds.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A token for these stones (in this order); 404 diamond_not_found when one is not ours. */
export async function shareToken(db: Db, secret: string, ids: readonly number[]): Promise<string> {
  const rows = await rowsOf(db, ids);
  if (ids.some((id) => !rows.has(id))) throw new HttpError(404, 'diamond_not_found');
  return signToken(secret, PURPOSE, encodeShareIds(ids));
}

/** The stones a token names; 404 shared_compare_not_found for a token we did not sign. */
export async function sharedCompare(db: Db, secret: string, token: string, priced: boolean): Promise<SharedCompare> {
  const payload = verifyToken(secret, PURPOSE, token);
  const ids = payload == null ? null : decodeShareIds(payload);
  if (!ids) throw new HttpError(404, 'shared_compare_not_found');
  const rows = await rowsOf(db, ids);
  const answer: SharedCompare = { priced, docs: [], gone: [] };
  for (const id of ids) {
    const row = rows.get(id);
    if (!row?.inStock) answer.gone.push({ stockCode: row?.stockCode ?? null });
    else answer.docs.push(priced ? toListDoc(row) : { ...toPriceFreeDoc(row), inStock: true });
  }
  return answer;
}
