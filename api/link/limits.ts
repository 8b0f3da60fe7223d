/**
 * API Link per-key limits, in fixed windows, announced on every answer in the IETF draft's
 * structured-field format (draft-ietf-httpapi-ratelimit-headers-10):
 *
 *   RateLimit-Policy: "default";q=120;w=60
 *   RateLimit: "default";r=87;t=23
 *
 * and refused with 429 `rate_limited` plus `Retry-After` (seconds) once the window is used up.
 * A refused call does not count. Policies: `default` (every authenticated call, per key per
 * minute, LINK_RATE_PER_MINUTE) and `feed` (full downloads, per key per hour,
 * LINK_FEED_PER_HOUR), both times RATE_LIMIT_FACTOR. A route applying `feed` answers with both.
 *
 * Counts live in memory for the one process of a SQLite shop and in `rate_hits` on PostgreSQL
 * (shared by every node; the same conditional upsert as api/middleware/rate-limit.ts).
 *
 * For /feed: `app.use(linkLimit(deps, 'feed'))`, or, to let a 304 go uncounted, call
 * `await chargeLinkLimit(c, deps, 'feed')` only once the answer is known to be a download.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../middleware/errors.ts';
import { countHit } from '../middleware/rate-limit.ts';
import type { Deps } from '../types.ts';
import type { LinkEnv } from './types.ts';

export type LinkPolicyName = 'default' | 'feed';
export type LinkPolicy = { name: LinkPolicyName; limit: number; windowMs: number };

export function linkPolicies(config: Deps['config']): Record<LinkPolicyName, LinkPolicy> {
  const f = config.RATE_LIMIT_FACTOR;
  return {
    default: { name: 'default', limit: Math.floor(config.LINK_RATE_PER_MINUTE * f), windowMs: 60_000 },
    feed: { name: 'feed', limit: Math.floor(config.LINK_FEED_PER_HOUR * f), windowMs: 3_600_000 },
  };
}

/** Counts one call in window `slot`; the count after it, or null when the window was full. */
type Counter = (key: string, slot: number, p: LinkPolicy) => Promise<number | null>;

function memoryCounter(): Counter {
  const windows = new Map<string, { slot: number; hits: number }>();
  return async (key, slot, p) => {
    const w = windows.get(key);
    if (!w || w.slot !== slot) {
      windows.set(key, { slot, hits: 1 });
      return 1;
    }
    if (w.hits >= p.limit) return null;
    return ++w.hits;
  };
}

const counters = new WeakMap<Db, Counter>();
function counterOf(db: Db): Counter {
  let counter = counters.get(db);
  if (!counter) {
    counter =
      db.engine === 'postgres' ? (key, slot, p) => countHit(db, key, slot, p.windowMs, p.limit) : memoryCounter();
    counters.set(db, counter);
  }
  return counter;
}

/** Counts one call of the request's key against `policy`, sets the headers, or throws 429. */
export async function chargeLinkLimit(c: Context<LinkEnv>, deps: Deps, name: LinkPolicyName): Promise<void> {
  const p = linkPolicies(deps.config)[name];
  const now = deps.clock.now();
  const slot = Math.floor(now / p.windowMs);
  const hits = await counterOf(deps.db)(`link|${name}|${c.var.linkKey.id}`, slot, p);
  const resetSeconds = Math.max(1, Math.ceil(((slot + 1) * p.windowMs - now) / 1000));
  c.header('RateLimit-Policy', `"${name}";q=${p.limit};w=${p.windowMs / 1000}`, { append: true });
  c.header('RateLimit', `"${name}";r=${hits === null ? 0 : p.limit - hits};t=${resetSeconds}`, { append: true });
  if (hits === null) {
    c.header('Retry-After', String(resetSeconds));
    throw new HttpError(429, 'rate_limited', { policy: name, retryAfter: resetSeconds });
  }
}

/** Middleware form of chargeLinkLimit. */
export const linkLimit =
  (deps: Deps, name: LinkPolicyName): MiddlewareHandler<LinkEnv> =>
  async (c, next) => {
    await chargeLinkLimit(c, deps, name);
    await next();
  };
