/**
 * Slowing password guessing without letting a stranger lock the owner out (decision 006).
 *
 * Only failed logins count, in three sliding windows (RATE_LIMITS.login): per account and
 * client address (one client guessing one account), per address (one client spraying many
 * accounts) and per account (many clients guessing one account). The first two refuse only
 * the guessing client. Past the per-account window the account is guarded: a try from an
 * unknown browser and address is refused (429) until the window moves on, but the owner's
 * known browsers (a signed device cookie set at each successful login or password reset) and
 * known addresses (those that signed in to the account before, kept in memory per process)
 * still get to
 * try. An owner on a new device and address resets the password: the reset forgets the
 * account's failures and makes that browser known.
 *
 *   const guard = loginGuard(deps);
 *   await guard.before(c, email, address);  // 429 when this client may not try now
 *   await guard.failed(email, address);     // after a wrong password or unknown e-mail
 *   guard.succeeded(c, email, address);     // after a right one: device cookie, known address
 *   await guard.reset(c, email);            // after a password reset
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../../../db/client.ts';
import { rateLimiter } from '../../middleware/rate-limit.ts';
import { isHttps, privateCookie } from '../../middleware/session.ts';
import type { Deps } from '../../types.ts';

const DEVICE_MAX_AGE = 365 * 24 * 3600;
/** Known addresses kept per account (the oldest goes first). */
const ADDRESSES_PER_ACCOUNT = 20;

const deviceCookieName = (deps: Deps) => (isHttps(deps) ? '__Host-did' : 'did');
const mac = (deps: Deps, account: string, nonce: string) =>
  createHmac('sha256', deps.config.SESSION_SECRET).update(`device|${account}|${nonce}`).digest('base64url');

/** A browser that signed in to `account` before carries `<nonce>.<hmac(account, nonce)>`. */
function isKnownDevice(c: Context, deps: Deps, account: string): boolean {
  const [nonce, given] = (getCookie(c, deviceCookieName(deps)) ?? '').split('.');
  if (!nonce || !given) return false;
  const want = Buffer.from(mac(deps, account, nonce));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}

function markDevice(c: Context, deps: Deps, account: string): void {
  const nonce = randomBytes(16).toString('base64url');
  setCookie(c, deviceCookieName(deps), `${nonce}.${mac(deps, account, nonce)}`, {
    ...privateCookie(deps),
    maxAge: DEVICE_MAX_AGE,
  });
}

const knownAddresses = new WeakMap<Db, Map<string, string[]>>();
function addressesOf(db: Db): Map<string, string[]> {
  let map = knownAddresses.get(db);
  if (!map) knownAddresses.set(db, (map = new Map()));
  return map;
}

export function loginGuard(deps: Deps) {
  const limiter = rateLimiter(deps);
  const known = addressesOf(deps.db);
  const key = (email: string) => email.trim().toLowerCase();
  return {
    async before(c: Context, email: string, address: string): Promise<void> {
      const account = key(email);
      const trusted = isKnownDevice(c, deps, account) || (known.get(account) ?? []).includes(address);
      await limiter.check(c, 'login', { account, address }, trusted);
    },
    async failed(email: string, address: string): Promise<void> {
      await limiter.record('login', { account: key(email), address });
    },
    succeeded(c: Context, email: string, address: string): void {
      const account = key(email);
      const list = (known.get(account) ?? []).filter((a) => a !== address);
      known.set(account, [...list, address].slice(-ADDRESSES_PER_ACCOUNT));
      markDevice(c, deps, account);
    },
    async reset(c: Context, email: string): Promise<void> {
      await limiter.forgetAccount('login', key(email));
      markDevice(c, deps, key(email));
    },
  };
}
