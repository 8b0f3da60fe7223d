/**
 * Server-side sessions. The cookie holds a 256-bit random id; the table holds only its
 * SHA-256. Lifetimes (enforced here, documented in the README):
 * - browser-session login: idle 8 h, absolute 24 h, cookie without Max-Age;
 * - rememberMe login: idle 30 days, absolute 365 days, cookie Max-Age 365 days.
 */
import { eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users, type User } from '../../db/tables.ts';
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

export function createSession(
  db: Db,
  userId: number,
  opts: { rememberMe: boolean; now: number; userAgent?: string; ip?: string },
): NewSession {
  const token = newSecret();
  const idHash = sha256(token);
  const life = opts.rememberMe ? SESSION_LIFETIMES.remember : SESSION_LIFETIMES.browser;
  const expiresAt = opts.now + life.idle;
  const absoluteExpiresAt = opts.now + life.absolute;
  db.insert(sessions)
    .values({
      idHash,
      userId,
      rememberMe: opts.rememberMe,
      createdAt: new Date(opts.now),
      lastSeenAt: new Date(opts.now),
      expiresAt: new Date(expiresAt),
      absoluteExpiresAt: new Date(absoluteExpiresAt),
      userAgent: (opts.userAgent ?? '').slice(0, 300),
      ip: opts.ip ?? '',
    })
    .run();
  return { token, idHash, expiresAt, absoluteExpiresAt };
}

/** The live session's user, or null (expired sessions are deleted on sight). */
export function findSession(db: Db, token: string, now: number): { user: User; idHash: string; rememberMe: boolean } | null {
  const idHash = sha256(token);
  const row = db
    .select({ s: sessions, u: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .get();
  if (!row) return null;
  const { s, u } = row;
  if (s.expiresAt.getTime() <= now || s.absoluteExpiresAt.getTime() <= now || u.status === 'disabled') {
    db.delete(sessions).where(eq(sessions.idHash, idHash)).run();
    return null;
  }
  if (now - s.lastSeenAt.getTime() > TOUCH_EVERY) {
    const life = s.rememberMe ? SESSION_LIFETIMES.remember : SESSION_LIFETIMES.browser;
    const expiresAt = Math.min(now + life.idle, s.absoluteExpiresAt.getTime());
    db.update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(expiresAt) })
      .where(eq(sessions.idHash, idHash))
      .run();
  }
  return { user: u, idHash, rememberMe: s.rememberMe };
}

export function deleteSession(db: Db, idHash: string): void {
  db.delete(sessions).where(eq(sessions.idHash, idHash)).run();
}

/** Ends every session of a user (password reset, role change, disabling). */
export function deleteUserSessions(db: Db, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}

export function purgeExpiredSessions(db: Db, now: number): void {
  const t = new Date(now);
  db.delete(sessions).where(or(lt(sessions.expiresAt, t), lt(sessions.absoluteExpiresAt, t))).run();
}

