/**
 * One-time tokens for e-mail verification (24 h) and password reset (1 h).
 * The link carries 256 random bits (newSecret); the table keeps only their SHA-256, so a
 * copy of the database opens no account. A token works once: consuming it stamps used_at.
 * Issuing a new token of a kind removes the user's unused ones of that kind, so only the
 * latest e-mail's link works.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tokens, type TOKEN_KINDS } from '../../../db/tables.ts';
import { newSecret, sha256 } from './tokens.ts';

export type TokenKind = (typeof TOKEN_KINDS)[number];

const HOUR = 3_600_000;
export const TOKEN_TTL: Record<TokenKind, number> = {
  verify: 24 * HOUR,
  reset: 1 * HOUR,
};

/** Stores a new token for `userId` and returns the raw value (for the e-mail link only). */
export async function issueToken(db: Db, userId: number, kind: TokenKind, now: number): Promise<string> {
  const token = newSecret();
  await dropUnusedTokens(db, userId, kind);
  await db.insert(tokens).values({
    userId,
    kind,
    tokenHash: sha256(token),
    expiresAt: new Date(now + TOKEN_TTL[kind]),
    createdAt: new Date(now),
  });
  return token;
}

export type ConsumeResult =
  { ok: true; userId: number } | { ok: false; reason: 'invalid_token' | 'token_expired' | 'token_already_used' };

/**
 * Checks and spends a token: unknown (or of another kind) -> invalid_token, past its expiry ->
 * token_expired, spent before -> token_already_used. Call it inside the write transaction
 * that acts on the result, so two requests cannot both spend one token.
 */
export async function consumeToken(db: Db, kind: TokenKind, token: string, now: number): Promise<ConsumeResult> {
  const row = (
    await db
      .select()
      .from(tokens)
      .where(and(eq(tokens.tokenHash, sha256(token)), eq(tokens.kind, kind)))
      .limit(1)
  )[0];
  if (!row) return { ok: false, reason: 'invalid_token' };
  if (row.usedAt) return { ok: false, reason: 'token_already_used' };
  if (row.expiresAt.getTime() <= now) return { ok: false, reason: 'token_expired' };
  // spent only if still unspent: of two simultaneous uses the second updates nothing (on
  // PostgreSQL it waits for the first's row lock, then re-reads used_at)
  const spent = await db
    .update(tokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(tokens.id, row.id), isNull(tokens.usedAt)))
    .returning({ id: tokens.id });
  if (spent.length === 0) return { ok: false, reason: 'token_already_used' };
  return { ok: true, userId: row.userId };
}

/** Removes every unused token of a kind for a user (e.g. other reset links after a reset). */
export async function dropUnusedTokens(db: Db, userId: number, kind: TokenKind): Promise<void> {
  await db.delete(tokens).where(and(eq(tokens.userId, userId), eq(tokens.kind, kind), isNull(tokens.usedAt)));
}
