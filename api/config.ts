/**
 * The only module that reads process.env. Parsed once with valibot at start-up; every
 * setting has a working default for the embedded demo (see README "Environment").
 * `NODE_ENV=production` refuses the demo defaults that are unsafe on a public server
 * (`productionRefusal`, checked by scripts/start.ts before it opens anything).
 */
import * as v from 'valibot';
import { LIVE_HEARTBEAT_MS } from '../src/domain/live/events.ts';

/** argon2id's cost: OWASP's minimum, or a weak one that only test suites set (refused in production). */
export const PASSWORD_HASHINGS = ['owasp', 'weak-for-tests'] as const;
export type PasswordHashing = (typeof PASSWORD_HASHINGS)[number];

/** The public development value of SESSION_SECRET: refused in production. */
export const DEV_SESSION_SECRET = 'dev-only-secret-change-me';
/** The least SESSION_SECRET production accepts, in bytes (UTF-8). */
export const MIN_SECRET_BYTES = 32;

const bool = v.pipe(
  v.optional(v.string(), 'false'),
  v.transform((s) => s === '1' || s.toLowerCase() === 'true'),
);
const int = (fallback: number) =>
  v.pipe(v.optional(v.string(), String(fallback)), v.transform(Number), v.integer(), v.minValue(0));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  PORT: int(4321),
  DATABASE_PATH: v.optional(v.string(), './data/facet.db'),
  /** postgres://user:pass@host:5432/db selects PostgreSQL; empty = the SQLite file at DATABASE_PATH */
  DATABASE_URL: v.optional(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//i, 'must be a postgres:// or postgresql:// URL')),
    ]),
    '',
  ),
  /** PostgreSQL transaction isolation for writes: read committed, or serializable (CockroachDB, YugabyteDB) */
  DATABASE_ISOLATION: v.optional(v.picklist(['read committed', 'serializable']), 'read committed'),
  /** connections per node in the PostgreSQL pool */
  DATABASE_POOL: int(10),
  /** addresses (exact, comma-separated) of the load balancers whose X-Forwarded-For is believed */
  TRUSTED_PROXIES: v.optional(v.string(), ''),
  PUBLIC_SITE_NAME: v.optional(v.string(), 'Facet Trade'),
  /** public address used in e-mail links; defaults to http://localhost:PORT */
  SITE_URL: v.optional(v.string(), ''),
  SMTP_URL: v.optional(v.string(), ''),
  /** `log`: e-mails are kept in the outbox and printed without their links' tokens, on purpose (no SMTP) */
  MAIL_TRANSPORT: v.optional(v.picklist(['smtp', 'log'])),
  MAIL_FROM: v.optional(v.string(), 'Facet Trade <no-reply@facet.trade>'),
  STAFF_EMAIL: v.optional(v.string(), 'staff@facet.trade'),
  SESSION_SECRET: v.optional(v.string(), DEV_SESSION_SECRET),
  LOG_REQUESTS: v.optional(bool, 'true'),
  /** the logger's level (api/services/platform/logger.ts) */
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** turns on /metrics (Prometheus text) for requests with `Authorization: Bearer <this>`; empty: 404 */
  METRICS_TOKEN: v.optional(v.string(), ''),
  /** seed size for an empty database */
  SEED_STONES: int(3600),
  /** header a trusted proxy sets with the visitor's country code (cookie notice) */
  COUNTRY_HEADER: v.optional(v.string(), 'cf-ipcountry'),
  JEWELLERY_URL: v.optional(v.string(), 'https://jewellery.facet.trade'),
  MAPS_API_KEY: v.optional(v.string(), ''),
  SANDBOX: bool,
  /** multiplies every rate limit (the browser tests raise it: they all come from 127.0.0.1) */
  RATE_LIMIT_FACTOR: v.pipe(v.optional(v.string(), '1'), v.transform(Number), v.number(), v.minValue(1)),
  /** API Link: calls per key per minute, and full /feed downloads per key per hour (both times RATE_LIMIT_FACTOR) */
  LINK_RATE_PER_MINUTE: int(120),
  LINK_FEED_PER_HOUR: int(12),
  /** where built sites and uploads live */
  SITE_DIR: v.optional(v.string(), './dist'),
  UPLOADS_DIR: v.optional(v.string(), './data/uploads'),
  /** the stones' certificate PDFs: outside the built site, served to signed-in users only */
  CERTIFICATES_DIR: v.optional(v.string(), './media/certificates'),
  /** API Link: days the stock change log (/changes) keeps its events */
  API_CHANGES_RETENTION_DAYS: v.pipe(int(30), v.minValue(1)),
  /** webhooks: allow http:// and loopback endpoints (tests and local development only) */
  WEBHOOKS_ALLOW_LOOPBACK: bool,
  /** stock sources: allow http:// and loopback file addresses (tests and local development only) */
  STOCK_FEEDS_ALLOW_LOOPBACK: bool,
  /** stock sources: how long one pull may take, headers and body, in ms */
  STOCK_FEED_TIMEOUT_MS: v.pipe(int(120_000), v.minValue(50)),
  /** stock sources: the largest file pulled, in bytes (at most the import's 25 MB) */
  STOCK_FEED_MAX_BYTES: v.pipe(int(25 * 1024 * 1024), v.minValue(1), v.maxValue(25 * 1024 * 1024)),
  /** stock sources: how long a run's claim lasts without renewal (a node that died mid-run frees it then), in ms */
  STOCK_SOURCE_LEASE_MS: v.pipe(int(60_000), v.minValue(300)),
  /** stock sources: how often each node's scheduler looks for due sources, in ms (tests shorten it) */
  STOCK_SOURCE_TICK_MS: v.pipe(int(30_000), v.minValue(50)),
  /** the shop's time zone (IANA name): stock sources' times of day */
  SHOP_TIME_ZONE: v.pipe(
    v.optional(v.string(), 'UTC'),
    v.check((z) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: z });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/London'),
  ),
  /** webhooks: multiplies the retry schedule (tests shrink it, e.g. 0.001) */
  WEBHOOKS_RETRY_SCALE: v.pipe(v.optional(v.string(), '1'), v.transform(Number), v.number(), v.minValue(0)),
  /** `npm run admin:create`: the staff account to create, or whose password to set */
  ADMIN_EMAIL: v.optional(v.string(), ''),
  ADMIN_PASSWORD: v.optional(v.string(), ''),
  /** live stock (/api/v1/live, API Link /changes/stream): the heartbeat comment's period, in ms */
  LIVE_HEARTBEAT_MS: v.pipe(int(LIVE_HEARTBEAT_MS), v.minValue(5)),
  /** live stock: the safety poll of the change log (a lost wake-up costs at most this), in ms */
  LIVE_POLL_MS: v.pipe(int(3000), v.minValue(50)),
  /** on SIGTERM/SIGINT: how long requests in flight and workers may take to finish, in ms */
  SHUTDOWN_GRACE_MS: int(10_000),
  /** argon2id's cost for new password hashes (db/passwords.ts); the weak one is for test suites and refused in production */
  PASSWORD_HASHING: v.optional(v.picklist(PASSWORD_HASHINGS), 'owasp'),
});

export type Config = v.InferOutput<typeof EnvSchema> & {
  siteUrl: string;
  isProduction: boolean;
  /** where the database is: DATABASE_URL, else DATABASE_PATH */
  databaseLocation: string;
  /** TRUSTED_PROXIES as a list */
  trustedProxies: string[];
  /** the SMTP server e-mail goes to; empty = kept in the outbox and printed (MAIL_TRANSPORT=log or no SMTP_URL) */
  smtpUrl: string;
};

/** Settings the environment gives in a form they cannot take; `message` is one line naming each. */
export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = v.safeParse(EnvSchema, env);
  if (!parsed.success) {
    // the first complaint about each setting
    const settings = new Map<string, string>();
    for (const i of parsed.issues) {
      const name = v.getDotPath(i) ?? '?';
      if (!settings.has(name)) settings.set(name, `${name}: ${i.message}`);
    }
    throw new ConfigError(`Invalid environment: ${[...settings.values()].join('; ')}`);
  }
  const c = parsed.output;
  return {
    ...c,
    siteUrl: (c.SITE_URL || `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    isProduction: c.NODE_ENV === 'production',
    databaseLocation: c.DATABASE_URL || c.DATABASE_PATH,
    trustedProxies: c.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: c.MAIL_TRANSPORT === 'log' ? '' : c.SMTP_URL,
  };
}

/**
 * Why production must not start with these settings, as one line naming the setting, or null.
 * The development defaults are public: a known SESSION_SECRET forges login device cookies and
 * API key hashes; without SITE_URL e-mail links point at localhost; without SMTP nobody gets
 * their verification or reset e-mail (MAIL_TRANSPORT=log says that is meant).
 */
export function productionRefusal(config: Config): string | null {
  if (!config.isProduction) return null;
  const secret = config.SESSION_SECRET;
  const fix = `set it to a random value of at least ${MIN_SECRET_BYTES} bytes (openssl rand -base64 48)`;
  if (!secret) return `SESSION_SECRET is not set: ${fix}`;
  if (secret === DEV_SESSION_SECRET) return `SESSION_SECRET is the public development value: ${fix}`;
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES)
    return `SESSION_SECRET is shorter than ${MIN_SECRET_BYTES} bytes: ${fix}`;
  if (!config.SITE_URL) return 'SITE_URL is not set: set it to the public address, e.g. https://trade.example.com';
  if (config.PASSWORD_HASHING !== 'owasp')
    return `PASSWORD_HASHING is ${config.PASSWORD_HASHING}, which only test suites use: leave it unset (owasp)`;
  if (config.MAIL_TRANSPORT !== 'log' && !config.SMTP_URL)
    return 'SMTP_URL is not set: set it (smtp://user:pass@host:587), or MAIL_TRANSPORT=log to keep e-mails in the outbox on purpose';
  return null;
}

/** The environment a child process of the server inherits (the site build). */
export function inheritedEnv(): Record<string, string | undefined> {
  return { ...process.env };
}

/**
 * The database engine named by the environment (a postgres:// DATABASE_URL, or
 * DATABASE_ENGINE=postgres): db/tables.ts binds its tables to it when it loads.
 */
export function engineFromEnv(env: Record<string, string | undefined> = process.env): 'sqlite' | 'postgres' {
  return /^postgres(ql)?:\/\//i.test(env.DATABASE_URL ?? '') || env.DATABASE_ENGINE === 'postgres'
    ? 'postgres'
    : 'sqlite';
}

/**
 * The password hashing named by the environment (PASSWORD_HASHING): db/passwords.ts picks its
 * argon2id cost from it when it loads. Anything but the test suites' value is OWASP's.
 */
export function passwordHashingFromEnv(env: Record<string, string | undefined> = process.env): PasswordHashing {
  return env.PASSWORD_HASHING === 'weak-for-tests' ? 'weak-for-tests' : 'owasp';
}
