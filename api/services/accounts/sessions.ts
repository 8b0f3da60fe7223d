/**
 * Server-side sessions. The cookie holds a 256-bit random id; the table holds only its
 * SHA-256. Lifetimes (enforced here, documented in the README):
 * - browser-session login: idle 8 h, absolute 24 h, cookie without Max-Age;
 * - rememberMe login: idle 30 days, absolute 365 days, cookie Max-Age 365 days.
 */
import { eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sessions, users, type User } from '../../../db/tables.ts';
import { newSecret, sha256 } from './tokens.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const SESSION_LIFETIMES = {
  browser: { idle: 8 * HOUR, absolute: 24 * HOUR },
  remember: { idle: 30 * DAY, absolute: 365 * DAY },
} as const;
/** how often a session's idle expiry is pushed forward (limits writes) */
const TOUCH_EVERY = 60_000;

export type NewSession = { token: string; idHash: string; expiresAt: number; absoluteExpiresAt: number };

export async function createSession(
  db: Db,
  userId: number,
  opts: { rememberMe: boolean; now: number; userAgent?: string; ip?: string },
): Promise<NewSession> {
  const token = newSecret();
  const idHash = sha256(token);
  const life = opts.rememberMe ? SESSION_LIFETIMES.remember : SESSION_LIFETIMES.browser;
  const expiresAt = opts.now + life.idle;
  const absoluteExpiresAt = opts.now + life.absolute;
  await db.insert(sessions).values({
    idHash,
    userId,
    rememberMe: opts.rememberMe,
    createdAt: new Date(opts.now),
    lastSeenAt: new Date(opts.now),
    expiresAt: new Date(expiresAt),
    absoluteExpiresAt: new Date(absoluteExpiresAt),
    userAgent: (opts.userAgent ?? '').slice(0, 300),
    ip: opts.ip ?? '',
  });
  return { token, idHash, expiresAt, absoluteExpiresAt };
}

type SessionTimes = { expiresAt: Date; absoluteExpiresAt: Date };

/** Whether a session still signs its user in: within both lifetimes, the account not disabled. */
const holds = (s: SessionTimes, u: { status: string }, now: number): boolean =>
  s.expiresAt.getTime() > now && s.absoluteExpiresAt.getTime() > now && u.status !== 'disabled';

/**
 * Which of the sessions `idHashes` still sign their user in (live stock re-checks its open
 * streams' sessions with it: a session signed out, revoked or lapsed on any node). Reads only.
 */
export async function sessionsStillOpen(db: Db, idHashes: readonly string[], now: number): Promise<Set<string>> {
  const open = new Set<string>();
  for (let i = 0; i < idHashes.length; i += 500) {
    const rows = await db
      .select({
        idHash: sessions.idHash,
        expiresAt: sessions.expiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        status: users.status,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.idHash, idHashes.slice(i, i + 500)));
    for (const r of rows) if (holds(r, r, now)) open.add(r.idHash);
  }
  return open;
}

/** The live session's user, or null (expired sessions are deleted on sight). */
export async function findSession(
  db: Db,
  token: string,
  now: number,
): Promise<{ user: User; idHash: string; rememberMe: boolean } | null> {
  const idHash = sha256(token);
  const row = (
    await db
      .select({ s: sessions, u: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, idHash))
      .limit(1)
  )[0];
  if (!row) return null;
  const { s, u } = row;
  if (!holds(s, u, now)) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - s.lastSeenAt.getTime() > TOUCH_EVERY) {
    const life = s.rememberMe ? SESSION_LIFETIMES.remember : SESSION_LIFETIMES.browser;
    const expiresAt = Math.min(now + life.idle, s.absoluteExpiresAt.getTime());
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(expiresAt) })
      .where(eq(sessions.idHash, idHash));
  }
  return { user: u, idHash, rememberMe: s.rememberMe };
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user (password reset, role change, disabling). */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, now: number): Promise<void> {
  const t = new Date(now);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, t), lt(sessions.absoluteExpiresAt, t)));
}
