/**
 * In-memory rate limits for the account calls, counted per account (the e-mail address)
 * AND per client address, each in a sliding window: a call is refused while the key has
 * `limit` calls in the last `windowMs`. A refused call is not counted. The answer is
 * 429 { errors: { msg: 'too_many_requests', options: { retryAfter } } } with a Retry-After
 * header (seconds until the oldest counted call leaves the window).
 *
 * One limiter per app (per database handle), reading time from deps.clock so tests can move
 * it; state lives in memory and restarts with the process, which is enough for one Node
 * process. The client address is the socket's peer (@hono/node-server getConnInfo): behind
 * a reverse proxy that is the proxy, and X-Forwarded-For is deliberately not trusted.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv, Clock, Deps } from '../types.ts';
import { HttpError } from './errors.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type RateWindow = { limit: number; windowMs: number };
export type RateRule = { perAccount?: RateWindow; perAddress?: RateWindow };

/** The limits (also listed in the README). */
export const RATE_LIMITS = {
  /** POST /login */
  login: { perAccount: { limit: 10, windowMs: 15 * MINUTE }, perAddress: { limit: 50, windowMs: 15 * MINUTE } },
  /** POST /register */
  register: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 5, windowMs: HOUR } },
  /** POST /forgot */
  forgot: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 20, windowMs: HOUR } },
  /** POST /resendVerification */
  resendVerification: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 20, windowMs: HOUR } },
  /** POST /check-email (it tells whether an account exists, so it is throttled) */
  checkEmail: { perAddress: { limit: 30, windowMs: 15 * MINUTE } },
  /** POST /verify and POST /reset (tokens are 256-bit; this only caps noise) */
  token: { perAddress: { limit: 30, windowMs: 15 * MINUTE } },
  /** POST /profile/change-password (guards the current-password check of a stolen session) */
  changePassword: { perAccount: { limit: 10, windowMs: 15 * MINUTE } },
  /** POST /message (contact and API drawers; public, so capped per client address) */
  message: { perAddress: { limit: 10, windowMs: HOUR } },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_LIMITS;

/** Hits are swept of stale keys every this many calls. */
const SWEEP_EVERY = 1000;

export class RateLimiter {
  private readonly hits = new Map<string, { windowMs: number; times: number[] }>();
  private calls = 0;
  private readonly clock: Clock;
  private readonly factor: number;

  /** `factor` multiplies every limit (RATE_LIMIT_FACTOR; the browser tests run from one address). */
  constructor(clock: Clock, factor = 1) {
    this.clock = clock;
    this.factor = factor;
  }

  /**
   * Counts one call of `rule` for the given keys, or throws 429 (setting Retry-After on `c`)
   * when any key is over its limit.
   */
  hit(c: Context, rule: RateRuleName, keys: { account?: string; address?: string }): void {
    const now = this.clock.now();
    const r: RateRule = RATE_LIMITS[rule];
    const checks: Array<[string, RateWindow]> = [];
    if (r.perAccount && keys.account) checks.push([`${rule}|account|${keys.account.toLowerCase()}`, r.perAccount]);
    if (r.perAddress && keys.address) checks.push([`${rule}|address|${keys.address}`, r.perAddress]);

    let waitMs = 0;
    for (const [key, w] of checks) {
      const times = this.recent(key, w.windowMs, now);
      if (times.length >= w.limit * this.factor) waitMs = Math.max(waitMs, (times[0] ?? now) + w.windowMs - now);
    }
    if (waitMs > 0) {
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
      c.header('Retry-After', String(retryAfter));
      throw new HttpError(429, 'too_many_requests', { retryAfter });
    }
    for (const [key, w] of checks) {
      const entry = this.hits.get(key);
      if (entry) entry.times.push(now);
      else this.hits.set(key, { windowMs: w.windowMs, times: [now] });
    }
    if (++this.calls % SWEEP_EVERY === 0) this.sweep(now);
  }

  /** Forgets every count (tests). */
  reset(): void {
    this.hits.clear();
    this.calls = 0;
  }

  private recent(key: string, windowMs: number, now: number): number[] {
    const entry = this.hits.get(key);
    if (!entry) return [];
    const from = now - windowMs;
    let drop = 0;
    while (drop < entry.times.length && (entry.times[drop] ?? 0) <= from) drop++;
    if (drop) entry.times.splice(0, drop);
    return entry.times;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) {
      if ((entry.times.at(-1) ?? 0) <= now - entry.windowMs) this.hits.delete(key);
    }
  }
}

const limiters = new WeakMap<Db, RateLimiter>();

/** The app's limiter (one per database handle, i.e. per createApp in tests). */
export function rateLimiter(deps: Pick<Deps, 'db' | 'clock' | 'config'>): RateLimiter {
  let limiter = limiters.get(deps.db);
  if (!limiter) {
    limiter = new RateLimiter(deps.clock, deps.config.RATE_LIMIT_FACTOR);
    limiters.set(deps.db, limiter);
  }
  return limiter;
}

/** Forgets the counts of the app using `db` (tests). */
export function resetRateLimits(db: Db): void {
  limiters.get(db)?.reset();
}

/**
 * The client's address: the socket peer under @hono/node-server. In-process calls
 * (app.request in tests) have no socket; there NODE_ENV=test reads the `x-test-client`
 * header so a test can play several clients, and anything else counts as one 'local' client.
 */
export function clientAddress(c: Context<AppEnv>, deps: Pick<Deps, 'config'>): string {
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // no Node socket (in-process request)
  }
  if (deps.config.NODE_ENV === 'test') return c.req.header('x-test-client') || 'test-client';
  return 'local';
}
