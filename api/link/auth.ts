/**
 * API Link authentication. A key is accepted only from the Authorization header:
 * `Bearer <key>`, or `Basic` with the key as the password (any user name), for feed importers
 * that take a URL with credentials. Never from a cookie; a key in the query string (`key`,
 * `api_key`, `apikey`, `access_token`) is refused so that it does not end up in logs.
 *
 *   401 api_key_in_query | api_key_required | api_key_malformed (checksum, before any lookup)
 *       | api_key_unknown | api_key_revoked | api_key_expired (also a rolled key after its overlap)
 *   403 api_access_withdrawn (the account lost api_allow, or is no longer approved)
 *   429 too_many_requests: an address that sent too many well-formed keys that fail (guesses:
 *       unknown, revoked, expired; RATE_LIMITS.linkKeyFailure, then linkKeyFailureLong, the
 *       back-off) gets 429 with Retry-After for its next guesses, until its window passes.
 *       No key, a malformed key or a key in the query string is a plain 401, never counted, and
 *       a valid key is never refused by this limit (its own per-key limit applies): one address
 *       cannot lock out the integrations behind it. Guess answers carry
 *       `RateLimit-Policy: "guess";q=30;w=900`.
 *
 * On success c.var.linkKey and c.var.linkUser are set, and the key's last use (time, address)
 * is noted at most once a minute.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from '../middleware/errors.ts';
import { clientAddress, RATE_LIMITS, rateLimiter } from '../middleware/rate-limit.ts';
import { hashKey, keyUsable, isWellFormedKey, keyByHash, touchKey } from '../services/link/api-keys.ts';
import type { Deps } from '../types.ts';
import type { LinkEnv } from './types.ts';

const QUERY_KEY_PARAMS = ['key', 'api_key', 'apikey', 'access_token'];
const USE_HEADER = 'Send the key in the Authorization header: "Authorization: Bearer <key>".';

const MESSAGES: Record<string, string> = {
  api_key_in_query: `Keys are never accepted in the query string. ${USE_HEADER}`,
  api_key_required: `No API key. ${USE_HEADER}`,
  api_key_malformed: 'This is not an API Link key (wrong format or checksum): copy the whole key.',
  api_key_unknown: 'No such key. Create one on your account page (/my-account/api).',
  api_key_revoked: 'This key was revoked.',
  api_key_expired: 'This key has expired (a rolled key stops at the end of its overlap): use its replacement.',
};

/** The key presented in the Authorization header, or null. */
export function presentedKey(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value || null;
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) || null : null;
  }
  return null;
}

/**
 * Does the header carry what looks like a stock key (format and checksum, no database)? Only
 * then may a stock push's body be read past 64 KiB, and only once the key is known.
 */
export function isStockKeyShaped(header: string | undefined): boolean {
  const key = presentedKey(header);
  return !!key && key.startsWith('ftk_s_') && isWellFormedKey(key);
}

export function linkAuth(deps: Deps): MiddlewareHandler<LinkEnv> {
  const limiter = rateLimiter(deps);
  const guessPolicy = () => {
    const w = RATE_LIMITS.linkKeyFailure.perAddress;
    return `"guess";q=${Math.floor(w.limit * deps.config.RATE_LIMIT_FACTOR)};w=${w.windowMs / 1000}`;
  };
  return async (c, next) => {
    const address = clientAddress(c, deps);
    const unauthorized = (msg: string): never => {
      c.header('WWW-Authenticate', 'Bearer realm="API Link", charset="UTF-8"');
      throw new HttpError(401, msg, { message: MESSAGES[msg] });
    };
    /** A well-formed key that fails: a guess, limited per address. */
    const guess = async (msg: string): Promise<never> => {
      c.header('RateLimit-Policy', guessPolicy());
      await limiter.check(c as Context, 'linkKeyFailure', { address });
      await limiter.check(c as Context, 'linkKeyFailureLong', { address });
      await limiter.record('linkKeyFailure', { address });
      await limiter.record('linkKeyFailureLong', { address });
      return unauthorized(msg);
    };
    const refuse = async (msg: string): Promise<never> => unauthorized(msg);
    const query = new URL(c.req.url).searchParams;
    if (QUERY_KEY_PARAMS.some((p) => query.has(p))) return refuse('api_key_in_query');
    const key = presentedKey(c.req.header('authorization'));
    if (!key) return refuse('api_key_required');
    if (!isWellFormedKey(key)) return refuse('api_key_malformed');

    const found = await keyByHash(deps.db, hashKey(deps.config, key));
    if (!found) return guess('api_key_unknown');
    const now = deps.clock.now();
    if (found.key.revokedAt) return guess('api_key_revoked');
    if (found.key.expiresAt && found.key.expiresAt.getTime() <= now) return guess('api_key_expired');
    if (!keyUsable(found.user, found.key.scope)) {
      throw new HttpError(403, 'api_access_withdrawn', {
        message: 'API Link access is not enabled for this account. Contact us to restore it.',
      });
    }
    const { id, userId, scope, name } = found.key;
    c.set('linkKey', { id, userId, scope, name });
    c.set('linkUser', found.user);
    await touchKey(deps.db, found.key, address, now);
    await next();
  };
}
