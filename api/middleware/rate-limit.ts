/**
 * Rate limits for the account calls, counted per account (the e-mail address), per client
 * address and per account-and-address pair, each in a window: a call is refused while the key
 * has `limit` counted calls in the last `windowMs`. A refused call is not counted. `hit`
 * checks and counts; login checks first and counts only failures (`check`, then `record`;
 * services/accounts/login-guard.ts). The answer is
 * 429 { errors: { msg: 'too_many_requests', options: { retryAfter } } } with a Retry-After
 * header (seconds until the oldest counted call leaves the window).
 *
 * One limiter per app (per database handle), reading time from deps.clock so tests can move
 * it. On SQLite (one process) the counts live in memory; on PostgreSQL they live in the
 * database, shared by every app node (SharedRateLimiter). The client address is the socket's
 * peer (@hono/node-server getConnInfo), or, when that peer is one of TRUSTED_PROXIES, the
 * client it names in X-Forwarded-For.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { writeTx, type Db } from '../../db/client.ts';
import { rateHits } from '../../db/tables.ts';
import type { Clock, Deps } from '../types.ts';
import { HttpError } from './errors.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type RateWindow = { limit: number; windowMs: number };
export type RateRule = { perAccount?: RateWindow; perAddress?: RateWindow; perPair?: RateWindow };

/** The limits (also listed in the README). */
export const RATE_LIMITS = {
  /**
   * POST /login, failed tries only. Per pair: one client guessing one account. Per address:
   * one client spraying many accounts. Per account: many clients guessing one account; past
   * it only known devices and addresses may still try (services/accounts/login-guard.ts).
   */
  login: {
    perPair: { limit: 10, windowMs: 15 * MINUTE },
    perAddress: { limit: 50, windowMs: 15 * MINUTE },
    perAccount: { limit: 10, windowMs: 15 * MINUTE },
  },
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
  /** POST /webhooks (and /profile/webhooks) and their /:id/test: each makes the server look up or call a customer's host */
  webhookSend: { perAccount: { limit: 30, windowMs: HOUR } },
  /** image uploads (site image blocks, news covers, client page logos): each is decoded and re-encoded */
  upload: { perAccount: { limit: 30, windowMs: HOUR } },
  /**
   * API Link guesses: well-formed keys that fail (unknown, revoked, expired), per client address;
   * an address that keeps guessing past the short window meets the long one (the back-off).
   * A valid key is never refused by these (api/link/auth.ts).
   */
  linkKeyFailure: { perAddress: { limit: 30, windowMs: 15 * MINUTE } },
  linkKeyFailureLong: { perAddress: { limit: 90, windowMs: 24 * HOUR } },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_LIMITS;

/** Hits are swept of stale keys every this many calls. */
const SWEEP_EVERY = 1000;

type Keys = { account?: string; address?: string };

/** The counted keys of a call; `skipAccount` leaves the per-account window out (a login from a known device). */
function checksOf(rule: RateRuleName, keys: Keys, skipAccount = false): Array<[string, RateWindow]> {
  const r: RateRule = RATE_LIMITS[rule];
  const account = keys.account?.toLowerCase();
  const checks: Array<[string, RateWindow]> = [];
  if (r.perAccount && account && !skipAccount) checks.push([`${rule}|account|${account}`, r.perAccount]);
  if (r.perAddress && keys.address) checks.push([`${rule}|address|${keys.address}`, r.perAddress]);
  if (r.perPair && account && keys.address) checks.push([`${rule}|pair|${account}|${keys.address}`, r.perPair]);
  return checks;
}

/** The keys `forgetAccount` drops: the account's own and every pair it is in. */
const accountKey = (rule: RateRuleName, account: string) => `${rule}|account|${account.toLowerCase()}`;
const pairPrefix = (rule: RateRuleName, account: string) => `${rule}|pair|${account.toLowerCase()}|`;

function refuse(c: Context, waitMs: number): never {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  c.header('Retry-After', String(retryAfter));
  throw new HttpError(429, 'too_many_requests', { retryAfter });
}

export type Limiter = {
  /** Counts one call of `rule` for the keys, or throws 429 (with Retry-After) when any is over. */
  hit(c: Context, rule: RateRuleName, keys: Keys): Promise<void>;
  /** Throws 429 (with Retry-After) when any key is over; counts nothing. */
  check(c: Context, rule: RateRuleName, keys: Keys, skipAccount?: boolean): Promise<void>;
  /** Counts one call for the keys, whatever the limits. */
  record(rule: RateRuleName, keys: Keys): Promise<void>;
  /** Forgets an account's counts under `rule`: its own and those of every pair it is in. */
  forgetAccount(rule: RateRuleName, account: string): Promise<void>;
  /** Forgets every count (tests). */
  reset(): void | Promise<void>;
};

/**
 * Counts one hit of `key` in fixed window `slot` (of `windowMs`) in `rate_hits`, unless it
 * already has `limit`: one conditional upsert. The count after the hit, or null when refused.
 */
export async function countHit(db: Db, key: string, slot: number, windowMs: number, limit: number) {
  const rows = await db
    .insert(rateHits)
    .values({ key, slot, hits: 1, expiresAt: new Date((slot + 1) * windowMs) })
    .onConflictDoUpdate({
      target: [rateHits.key, rateHits.slot],
      set: { hits: sql`${rateHits.hits} + 1` },
      setWhere: lt(rateHits.hits, limit),
    })
    .returning({ hits: rateHits.hits });
  return rows[0]?.hits ?? null;
}

/**
 * The shared store for several app nodes (PostgreSQL): counts per key in fixed windows in the
 * `rate_hits` table. Each key is counted by one conditional upsert (`hits < limit`), all keys of
 * a call in one transaction, so nodes never let more than the limit through and a refused call
 * counts nowhere.
 */
export class SharedRateLimiter implements Limiter {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly factor: number;
  private calls = 0;

  constructor(db: Db, clock: Clock, factor = 1) {
    this.db = db;
    this.clock = clock;
    this.factor = factor;
  }

  async hit(c: Context, rule: RateRuleName, keys: Keys): Promise<void> {
    const now = this.clock.now();
    await writeTx(this.db, async (tx) => {
      let waitMs = 0;
      for (const [key, w] of checksOf(rule, keys)) {
        const slot = Math.floor(now / w.windowMs);
        const hits = await countHit(tx, key, slot, w.windowMs, Math.floor(w.limit * this.factor));
        if (hits === null) waitMs = Math.max(waitMs, (slot + 1) * w.windowMs - now);
      }
      // refusing throws, which rolls the transaction back: a refused call counts nowhere
      if (waitMs > 0) refuse(c, waitMs);
    });
    if (++this.calls % SWEEP_EVERY === 0) await this.db.delete(rateHits).where(lt(rateHits.expiresAt, new Date(now)));
  }

  async check(c: Context, rule: RateRuleName, keys: Keys, skipAccount = false): Promise<void> {
    const now = this.clock.now();
    let waitMs = 0;
    for (const [key, w] of checksOf(rule, keys, skipAccount)) {
      const slot = Math.floor(now / w.windowMs);
      const [row] = await this.db
        .select({ hits: rateHits.hits })
        .from(rateHits)
        .where(and(eq(rateHits.key, key), eq(rateHits.slot, slot)));
      if ((row?.hits ?? 0) >= Math.floor(w.limit * this.factor))
        waitMs = Math.max(waitMs, (slot + 1) * w.windowMs - now);
    }
    if (waitMs > 0) refuse(c, waitMs);
  }

  async record(rule: RateRuleName, keys: Keys): Promise<void> {
    const now = this.clock.now();
    await writeTx(this.db, async (tx) => {
      for (const [key, w] of checksOf(rule, keys)) {
        const slot = Math.floor(now / w.windowMs);
        await tx
          .insert(rateHits)
          .values({ key, slot, hits: 1, expiresAt: new Date((slot + 1) * w.windowMs) })
          .onConflictDoUpdate({ target: [rateHits.key, rateHits.slot], set: { hits: sql`${rateHits.hits} + 1` } });
      }
    });
  }

  async forgetAccount(rule: RateRuleName, account: string): Promise<void> {
    const pattern = `${pairPrefix(rule, account).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    await this.db
      .delete(rateHits)
      .where(or(eq(rateHits.key, accountKey(rule, account)), sql`${rateHits.key} like ${pattern} escape '\\'`));
  }

  async reset(): Promise<void> {
    await this.db.delete(rateHits);
  }
}

export class RateLimiter implements Limiter {
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
  async hit(c: Context, rule: RateRuleName, keys: Keys): Promise<void> {
    await this.check(c, rule, keys);
    await this.record(rule, keys);
  }

  async check(c: Context, rule: RateRuleName, keys: Keys, skipAccount = false): Promise<void> {
    const now = this.clock.now();
    let waitMs = 0;
    for (const [key, w] of checksOf(rule, keys, skipAccount)) {
      const times = this.recent(key, w.windowMs, now);
      if (times.length >= w.limit * this.factor) waitMs = Math.max(waitMs, (times[0] ?? now) + w.windowMs - now);
    }
    if (waitMs > 0) refuse(c, waitMs);
  }

  async record(rule: RateRuleName, keys: Keys): Promise<void> {
    const now = this.clock.now();
    for (const [key, w] of checksOf(rule, keys)) {
      const entry = this.hits.get(key);
      if (entry) entry.times.push(now);
      else this.hits.set(key, { windowMs: w.windowMs, times: [now] });
    }
    if (++this.calls % SWEEP_EVERY === 0) this.sweep(now);
  }

  async forgetAccount(rule: RateRuleName, account: string): Promise<void> {
    this.hits.delete(accountKey(rule, account));
    const prefix = pairPrefix(rule, account);
    for (const key of this.hits.keys()) if (key.startsWith(prefix)) this.hits.delete(key);
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

const limiters = new WeakMap<Db, Limiter>();

/**
 * The app's limiter (one per database handle, i.e. per createApp in tests): in memory for the
 * one process of an embedded SQLite shop, in the database on PostgreSQL, where any number of
 * nodes count together.
 */
export function rateLimiter(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Limiter {
  let limiter = limiters.get(deps.db);
  if (!limiter) {
    const factor = deps.config.RATE_LIMIT_FACTOR;
    limiter =
      deps.db.engine === 'postgres'
        ? new SharedRateLimiter(deps.db, deps.clock, factor)
        : new RateLimiter(deps.clock, factor);
    limiters.set(deps.db, limiter);
  }
  return limiter;
}

/** Forgets the counts of the app using `db` (tests). */
export async function resetRateLimits(db: Db): Promise<void> {
  await limiters.get(db)?.reset();
}

/**
 * The client behind trusted balancers: when the socket peer is one of TRUSTED_PROXIES, the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy; otherwise the peer
 * (a client cannot choose its address by sending the header).
 */
export function forwardedFor(peer: string, header: string | undefined, trusted: readonly string[]): string {
  const norm = (a: string) => a.trim().replace(/^::ffff:/, '');
  if (!header || !trusted.includes(norm(peer))) return peer;
  const hops = header.split(',').map(norm).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.includes(hops[i]!)) return hops[i]!;
  return peer;
}

/**
 * The client's address: the socket peer under @hono/node-server. In-process calls
 * (app.request in tests) have no socket; there NODE_ENV=test reads the `x-test-client`
 * header so a test can play several clients, and anything else counts as one 'local' client.
 */
export function clientAddress(c: Context, deps: Pick<Deps, 'config'>): string {
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return forwardedFor(address, c.req.header('x-forwarded-for'), deps.config.trustedProxies);
  } catch {
    // no Node socket (in-process request)
  }
  if (deps.config.NODE_ENV === 'test') return c.req.header('x-test-client') || 'test-client';
  return 'local';
}
