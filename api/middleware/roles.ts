/**
 * Role guards. The session middleware has already put the signed-in user (or null) into
 * c.var.user. A visitor gets 401 'not_signed_in'; a signed-in user without the role gets
 * 403 'forbidden'. Only approved accounts ever get a session (see services/accounts/accounts.ts
 * login), and disabling or rejecting an account ends its sessions, so the status check
 * here is a second line.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { User } from '../../db/tables.ts';
import type { AppEnv } from '../types.ts';
import { HttpError } from './errors.ts';

/** The signed-in user, or a 401. */
export function signedInUser(c: Context<AppEnv>): User {
  const user = c.var.user;
  if (!user || user.status !== 'approved') throw new HttpError(401, 'not_signed_in');
  return user;
}

/** The signed-in admin, or a 401 (visitor) / 403 (any other role). */
export function signedInAdmin(c: Context<AppEnv>): User {
  const user = signedInUser(c);
  if (user.role !== 'admin') throw new HttpError(403, 'forbidden');
  return user;
}

export const requireUser = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  signedInUser(c);
  await next();
};

export const requireAdmin = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  signedInAdmin(c);
  await next();
};
