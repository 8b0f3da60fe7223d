/**
 * API Link keys: their format, their keyed hash, and their life (create, list, roll, revoke).
 *
 * Format: `ftk_` + scope mark (`t` trade, `r` retail, `test` test, `s` stock) + `_` + 22 base62 characters of random
 * (about 131 bits) + 6 base62 characters of the CRC-32 of everything before them. The checksum
 * lets the API refuse a mistyped or made-up key before any database lookup, and lets secret
 * scanners recognise a key. A key is shown once, when it is made; the database keeps only
 * HMAC-SHA256(SESSION_SECRET, key) (hex) and its last four characters.
 *
 * Only approved customers with api_allow manage keys (403 api_access_not_enabled otherwise);
 * at most MAX_ACTIVE_KEYS keys are active at once (a key being rolled out does not count).
 * Rolling makes a new key with the same name and scope; the old one keeps working for the
 * chosen overlap (default 24 hours, at most 7 days). Every create, roll and revoke is written
 * to the audit log in the same transaction and e-mailed to the account holder.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { and, count, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { apiKeys, users, type User } from '../../../db/tables.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { findUserById, siteOf } from '../accounts/accounts.ts';
import { audit } from '../admin/audit.ts';
import * as templates from '../accounts/email-templates.ts';
import type { ApiKeyScope } from '../../../src/domain/validation/api-keys.ts';

export type ApiScope = ApiKeyScope;
export const MAX_ACTIVE_KEYS = 5;
export const DEFAULT_OVERLAP_HOURS = 24;
export const MAX_OVERLAP_HOURS = 7 * 24;

const HOUR = 3_600_000;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 22;
const CHECK_CHARS = 6;
const KEY_RE = /^ftk_(t|r|test|s)_([0-9A-Za-z]{22})([0-9A-Za-z]{6})$/;
const SCOPE_MARK: Record<ApiScope, string> = { trade: 't', retail: 'r', test: 'test', stock: 's' };

function base62(n: bigint, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

const checksum = (body: string) => base62(BigInt(crc32(body)), CHECK_CHARS);

/** A new key of `scope` (random part from 17 random bytes: 136 bits, 22 base62 characters). */
export function generateKey(scope: ApiScope): string {
  const random = base62(BigInt(`0x${randomBytes(17).toString('hex')}`), RANDOM_CHARS);
  const body = `ftk_${SCOPE_MARK[scope]}_${random}`;
  return body + checksum(body);
}

/** Whether `key` has the key format and a correct checksum (no database needed). */
export function isWellFormedKey(key: string): boolean {
  const m = KEY_RE.exec(key);
  return !!m && checksum(key.slice(0, key.length - CHECK_CHARS)) === m[3];
}

/** What the database stores: HMAC-SHA256 keyed with SESSION_SECRET, hex. */
export function hashKey(config: Pick<Config, 'SESSION_SECRET'>, key: string): string {
  return createHmac('sha256', config.SESSION_SECRET).update(key).digest('hex');
}

/** May this account hold and use keys? */
export const canUseApi = (u: Pick<User, 'status' | 'apiAllow'>) => u.status === 'approved' && u.apiAllow;
/** May this account's `stock` key be used? Only a staff member's, while the account is not disabled. */
export const canUseStockKey = (u: Pick<User, 'role' | 'status'>) => u.role === 'admin' && u.status !== 'disabled';
/** May a key of `scope` held by `u` be used? */
export const keyUsable = (u: Pick<User, 'role' | 'status' | 'apiAllow'>, scope: ApiScope) =>
  scope === 'stock' ? canUseStockKey(u) : canUseApi(u);

function requireApiAccess(user: User): void {
  if (!canUseApi(user)) throw new HttpError(403, 'api_access_not_enabled');
}

type KeyRow = typeof apiKeys.$inferSelect;

export type ApiKeyView = {
  id: number;
  name: string;
  scope: ApiScope;
  last4: string;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  /** set while a rolled key runs out its overlap */
  expiresAt: string | null;
  /** the key that replaced this one */
  replacedBy: number | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toKeyView(k: KeyRow): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    scope: k.scope,
    last4: k.last4,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: iso(k.lastUsedAt),
    lastUsedIp: k.lastUsedIp,
    expiresAt: iso(k.expiresAt),
    replacedBy: k.replacedBy,
  };
}

/** Keys that still work at `now`: not revoked, not past their expiry. */
export const activeKey = (now: number): SQL =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date(now))))!;

/** The user's working keys, newest first. */
export async function listKeys(db: Db, userId: number, now: number): Promise<ApiKeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), activeKey(now)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toKeyView);
}

export type NewKey = ApiKeyView & { key: string };

export async function insertKey(tx: Db, config: Config, userId: number, name: string, scope: ApiScope, now: number) {
  const key = generateKey(scope);
  const row = (
    await tx
      .insert(apiKeys)
      .values({ userId, name, scope, keyHash: hashKey(config, key), last4: key.slice(-4), createdAt: new Date(now) })
      .returning()
  )[0]!;
  return { key, row };
}

export async function tell(deps: Deps, owner: User, event: templates.ApiKeyEvent, facts: templates.ApiKeyFacts) {
  await deps.mailer.send(templates.apiKeyChanged(await siteOf(deps), owner.email, owner.firstName, event, facts));
}

/** POST /profile/api-keys: a new key, returned once with its secret. */
export async function createKey(deps: Deps, user: User, input: { name: string; scope: ApiScope }): Promise<NewKey> {
  requireApiAccess(user);
  const now = deps.clock.now();
  const made = await writeTx(deps.db, async (tx) => {
    const n =
      (
        await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, user.id), activeKey(now), isNull(apiKeys.replacedBy)))
      )[0]?.n ?? 0;
    if (n >= MAX_ACTIVE_KEYS) throw new HttpError(409, 'too_many_keys', { max: MAX_ACTIVE_KEYS });
    const { key, row: saved } = await insertKey(tx, deps.config, user.id, input.name, input.scope, now);
    await audit(tx, user.id, 'api_key.create', 'api_key', saved.id, keyDetail(saved), now);
    return { key, row: saved };
  });
  await tell(deps, user, 'created', { ...facts(made.row), byStaff: false });
  return { ...toKeyView(made.row), key: made.key };
}

export const keyDetail = (k: KeyRow) => ({ userId: k.userId, name: k.name, scope: k.scope, last4: k.last4 });
export const facts = (k: KeyRow) => ({ name: k.name, scope: k.scope, last4: k.last4 });

async function ownKeyOr404(tx: Db, userId: number, id: number, now: number): Promise<KeyRow> {
  const row = (
    await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), activeKey(now)))
      .limit(1)
  )[0];
  if (!row) throw new HttpError(404, 'key_not_found');
  return row;
}

/** POST /profile/api-keys/:id/roll: a new key; the old one works `overlapHours` more. */
export async function rollKey(
  deps: Deps,
  user: User,
  id: number,
  overlapHours: number = DEFAULT_OVERLAP_HOURS,
): Promise<NewKey & { replaces: { id: number; expiresAt: string } }> {
  if (user.role !== 'admin') requireApiAccess(user);
  const now = deps.clock.now();
  const until = new Date(now + overlapHours * HOUR);
  const made = await writeTx(deps.db, async (tx) => {
    const old = await ownKeyOr404(tx, user.id, id, now);
    if (old.replacedBy != null) throw new HttpError(409, 'key_already_rolled', { replacedBy: old.replacedBy });
    const { key, row: saved } = await insertKey(tx, deps.config, user.id, old.name, old.scope, now);
    // a shorter expiry set earlier (never longer) stays
    const expiresAt = old.expiresAt && old.expiresAt < until ? old.expiresAt : until;
    await tx.update(apiKeys).set({ expiresAt, replacedBy: saved.id }).where(eq(apiKeys.id, old.id));
    await audit(
      tx,
      user.id,
      'api_key.roll',
      'api_key',
      old.id,
      { ...keyDetail(old), newKeyId: saved.id, newLast4: saved.last4, oldKeyExpiresAt: expiresAt.toISOString() },
      now,
    );
    return { key, row: saved, expiresAt, oldId: old.id };
  });
  await tell(deps, user, 'rolled', { ...facts(made.row), byStaff: false, oldKeyUntil: made.expiresAt });
  return {
    ...toKeyView(made.row),
    key: made.key,
    replaces: { id: made.oldId, expiresAt: made.expiresAt.toISOString() },
  };
}

/**
 * DELETE /profile/api-keys/:id (the owner) and the staff's revoke on the admin customer screen
 * (`actor` is the admin). The key stops working at once.
 */
export async function revokeKey(deps: Deps, actor: User, ownerId: number, id: number): Promise<ApiKeyView> {
  const byStaff = actor.role === 'admin' && actor.id !== ownerId;
  if (actor.role !== 'admin') requireApiAccess(actor);
  const now = deps.clock.now();
  const row = await writeTx(deps.db, async (tx) => {
    const key = await ownKeyOr404(tx, ownerId, id, now);
    const revoked = (
      await tx
        .update(apiKeys)
        .set({ revokedAt: new Date(now) })
        .where(eq(apiKeys.id, key.id))
        .returning()
    )[0]!;
    await audit(tx, actor.id, 'api_key.revoke', 'api_key', key.id, { ...keyDetail(key), byStaff }, now);
    return revoked;
  });
  const owner = byStaff ? await findUserById(deps.db, ownerId) : actor;
  if (owner) await tell(deps, owner, 'revoked', { ...facts(row), byStaff });
  return toKeyView(row);
}

/** PATCH /profile/api-link: the retail scope's markup over the trade price, in percent. */
export async function setRetailMarkup(deps: Deps, user: User, pct: number): Promise<number> {
  requireApiAccess(user);
  await deps.db
    .update(users)
    .set({ retailMarkupPct: pct, updatedAt: new Date(deps.clock.now()) })
    .where(eq(users.id, user.id));
  return pct;
}

/** The key behind a presented secret, with its account (the API Link's authentication). */
export async function keyByHash(db: Db, keyHash: string): Promise<{ key: KeyRow; user: User } | undefined> {
  return (
    await db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.keyHash, keyHash))
      .limit(1)
  )[0];
}

/** Notes when and from where a key was used, at most once a minute per key. */
export const TOUCH_EVERY_MS = 60_000;
export async function touchKey(db: Db, key: KeyRow, address: string, now: number): Promise<void> {
  if (key.lastUsedAt && now - key.lastUsedAt.getTime() < TOUCH_EVERY_MS) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(now), lastUsedIp: address })
    .where(eq(apiKeys.id, key.id));
}
