/**
 * Resolves the signed-in user from the session cookie into `c.var.user` (null for visitors).
 * Visitors without a cookie cost no database work.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../types.ts';
import { findSession, type NewSession } from '../services/accounts/sessions.ts';

export const isHttps = (deps: Deps) => deps.config.siteUrl.startsWith('https://');
/** `__Host-` prefix (and Secure) when served over HTTPS; a plain name on local http. */
export const sessionCookieName = (deps: Deps) => (isHttps(deps) ? '__Host-sid' : 'sid');

export const sessionMiddleware =
  (deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    const token = getCookie(c, sessionCookieName(deps));
    if (token) {
      const found = await findSession(deps.db, token, deps.clock.now());
      if (found) {
        c.set('user', found.user);
        c.set('session', { idHash: found.idHash, rememberMe: found.rememberMe });
      } else {
        clearSessionCookie(c, deps);
      }
    }
    await next();
  };

/** HttpOnly, SameSite=Lax, whole site, Secure over https: the session and device cookies. */
export const privateCookie = (deps: Deps) => ({
  httpOnly: true,
  sameSite: 'Lax' as const,
  secure: isHttps(deps),
  path: '/',
});

export function setSessionCookie(c: Context, deps: Deps, s: NewSession, rememberMe: boolean): void {
  setCookie(c, sessionCookieName(deps), s.token, {
    ...privateCookie(deps),
    ...(rememberMe ? { maxAge: 365 * 24 * 3600 } : {}),
  });
}

export function clearSessionCookie(c: Context, deps: Deps): void {
  deleteCookie(c, sessionCookieName(deps), { path: '/', secure: isHttps(deps) });
}
