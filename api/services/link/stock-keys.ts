/**
 * The staff's `stock` keys (Admin → Stock → API keys): the shop's own system pushing stock
 * through API Link. Only staff make them (a customer's key creation refuses the scope); they
 * follow every other key rule (shown once, hashed, rolled with an overlap, revoked at once,
 * audited and e-mailed to the staff member who holds the key). Any staff member may manage
 * every stock key: the key belongs to the shop, held in a staff member's name.
 */
import { and, desc, eq } from 'drizzle-orm';
import { writeTx } from '../../../db/client.ts';
import { apiKeys, users, type User } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { audit } from '../admin/audit.ts';
import {
  activeKey,
  facts,
  insertKey,
  keyDetail,
  MAX_ACTIVE_KEYS,
  revokeKey,
  rollKey,
  tell,
  toKeyView,
  type ApiKeyView,
  type NewKey,
} from './api-keys.ts';

export type StockKeyView = ApiKeyView & { holder: string };

const holderName = (u: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** Every working stock key, newest first, with the staff member it was made by. */
export async function listStockKeys(deps: Deps): Promise<StockKeyView[]> {
  const rows = await deps.db
    .select({ key: apiKeys, holder: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.scope, 'stock'), activeKey(deps.clock.now())))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => ({ ...toKeyView(r.key), holder: holderName(r.holder) }));
}

/** A new stock key held by `staff`, shown once. */
export async function createStockKey(deps: Deps, staff: User, name: string): Promise<NewKey> {
  const now = deps.clock.now();
  const made = await writeTx(deps.db, async (tx) => {
    const active = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.scope, 'stock'), activeKey(now)));
    if (active.length >= MAX_ACTIVE_KEYS) throw new HttpError(409, 'too_many_keys', { max: MAX_ACTIVE_KEYS });
    const { key, row } = await insertKey(tx, deps.config, staff.id, name, 'stock', now);
    await audit(tx, staff.id, 'api_key.create', 'api_key', row.id, keyDetail(row), now);
    return { key, row };
  });
  await tell(deps, staff, 'created', { ...facts(made.row), byStaff: false });
  return { ...toKeyView(made.row), key: made.key };
}

async function stockKeyOwner(deps: Deps, id: number): Promise<User> {
  const row = (
    await deps.db
      .select({ holder: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.id, id), eq(apiKeys.scope, 'stock'), activeKey(deps.clock.now())))
      .limit(1)
  )[0];
  if (!row) throw new HttpError(404, 'key_not_found');
  return row.holder;
}

/** Rolls a stock key: a new one with the same name; the old one works `overlapHours` more. */
export async function rollStockKey(deps: Deps, id: number, overlapHours?: number) {
  return rollKey(deps, await stockKeyOwner(deps, id), id, overlapHours);
}

/** Revokes a stock key at once. */
export async function revokeStockKey(deps: Deps, staff: User, id: number): Promise<ApiKeyView> {
  return revokeKey(deps, staff, (await stockKeyOwner(deps, id)).id, id);
}
