/**
 * Demo data: `seedDatabase(db, { stones, production, onProgress })` fills a migrated,
 * stone-free database with a believable shop (stones, media, rates, configs, site blocks,
 * news posts and demo accounts). It is async (password hashing) and yields to the event loop
 * between batches of stones. Deterministic: the same `stones` gives the same data. It throws
 * if the database already holds stones.
 *
 * In production it writes only what the shop needs to run and staff then edit: exchange
 * rates, settings documents (configs) and the starter texts of the site's pages (site
 * blocks). No demo stones, news posts or accounts: stock comes from the stock import, the
 * first staff account from `npm run admin:create`.
 *
 * The command line (`npm run db:seed`) is scripts/db-seed.ts.
 */
import { count } from 'drizzle-orm';
import { emptyTables, first, writeTx, type Db } from '../client.ts';
import * as s from '../tables.ts';
import { generateStones, type SeedStone } from './diamonds.ts';
import { SAMPLE_CERTIFICATE, mediaRows, type MediaRow } from './media.ts';
import { seedUsers } from './users.ts';
import { seedHolds } from './holds.ts';
import { seedRatesAndConfigs } from './rates-and-configs.ts';
import { seedContent } from './content.ts';

export { DEMO_ACCOUNTS, type DemoAccount } from './users.ts';

export type SeedOptions = {
  stones: number;
  /** production: rates, configs and site texts only (no stones, posts or accounts; `stones` is ignored) */
  production: boolean;
  /**
   * demo holds (db/seed/holds.ts) and, with `demoRequests`, requests (with the demo accounts):
   * `npm start` and `npm run db:seed`
   */
  demoHolds?: boolean;
  /**
   * the demo trader's requests, made through the shop's own request services (which live in
   * api/, above db/): api/services/trade/demo-requests.ts `seedDemoRequests`
   */
  demoRequests?: (db: Db, now: number) => Promise<number>;
  /** called after each batch of stones with (stones inserted so far, total) */
  onProgress?: (done: number, total: number) => void;
};

export type SeedSummary = {
  stones: number;
  natural: number;
  labGrown: number;
  parcels: number;
  mediaRows: number;
  certificates: number;
  users: number;
  blocks: number;
  posts: number;
  ms: number;
};

const BATCH = 2000;
/**
 * Bound parameters per multi-row INSERT, under both engines' limits (SQLite 32766,
 * PostgreSQL 65535): a chunk holds as many rows as fit.
 */
const MAX_PARAMS = 30_000;

/** Every table, children before parents, for --reset. */
export const RESET_ORDER = [
  s.savedSearches,
  s.clientPages,
  s.holdWatches,
  s.holds,
  s.testHolds,
  s.webhookDeliveries,
  s.webhooks,
  s.apiUsage,
  s.stockImports,
  s.stockSources,
  s.apiKeys,
  s.stockChanges,
  s.auditLog,
  s.emailOutbox,
  s.messageReplies,
  s.contactMessages,
  s.requestMessages,
  s.requestEvents,
  s.requestLines,
  s.bagRequests,
  s.bagItems,
  s.compareItems,
  s.favourites,
  s.diamondCertificates,
  s.diamondMedia,
  s.diamonds,
  s.exchangeRates,
  s.configs,
  s.posts,
  s.siteBlocks,
  s.tokens,
  s.sessions,
  s.users,
  s.appState,
  s.leases,
  s.siteBuilds,
  s.rateHits,
  s.uploads,
] as const;

/** Deletes all rows of all tables and restarts the id counters, in one transaction. */
export async function resetDatabase(db: Db): Promise<void> {
  await emptyTables(db, RESET_ORDER);
}

export const stoneCount = async (db: Db): Promise<number> =>
  (await first(db.select({ n: count() }).from(s.diamonds)))?.n ?? 0;

/** A database never seeded: no stones and no exchange rates (every seed writes the rates). */
export async function isUnseeded(db: Db): Promise<boolean> {
  if ((await stoneCount(db)) > 0) return false;
  return ((await first(db.select({ n: count() }).from(s.exchangeRates)))?.n ?? 0) === 0;
}

const nextTick = () => new Promise<void>((r) => setImmediate(r));

/** `rows` in slices that fit one INSERT's parameters. */
function* chunks<T extends object>(rows: readonly T[]): Generator<T[]> {
  const perRow = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** Inserts one batch of stones with their media and certificates (ids as the engine gives them). */
async function insertBatch(tx: Db, batch: readonly SeedStone[], sum: SeedSummary): Promise<void> {
  const ids = new Map<string, number>();
  for (const part of chunks(batch.map((b) => b.row))) {
    const got = await tx.insert(s.diamonds).values(part).returning({ id: s.diamonds.id, code: s.diamonds.stockCode });
    for (const r of got) ids.set(r.code, r.id);
  }
  const media: MediaRow[] = [];
  const certificates: { diamondId: number; src: string }[] = [];
  for (const stone of batch) {
    const id = ids.get(stone.row.stockCode);
    if (id === undefined) throw new Error(`seed: no id came back for ${stone.row.stockCode}`);
    media.push(...mediaRows(id, stone.row.shape, stone.media));
    if (stone.media.certificate) certificates.push({ diamondId: id, src: SAMPLE_CERTIFICATE });
    if (stone.kind === 'natural') sum.natural += 1;
    else if (stone.kind === 'lab') sum.labGrown += 1;
    else sum.parcels += 1;
  }
  for (const part of chunks(media)) await tx.insert(s.diamondMedia).values(part);
  for (const part of chunks(certificates)) await tx.insert(s.diamondCertificates).values(part);
  sum.mediaRows += media.length;
  sum.certificates += certificates.length;
}

async function seedStones(db: Db, total: number, onProgress: SeedOptions['onProgress'], sum: SeedSummary) {
  const stones = generateStones(total);
  let done = 0;
  while (done < total) {
    const batch: SeedStone[] = [];
    for (let r = stones.next(); !r.done; r = stones.next()) {
      batch.push(r.value);
      if (batch.length === BATCH) break;
    }
    if (batch.length === 0) break;
    await writeTx(db, (tx) => insertBatch(tx, batch, sum));
    done += batch.length;
    sum.stones = done;
    onProgress?.(done, total);
    await nextTick();
  }
}

export async function seedDatabase(
  db: Db,
  { stones, production, demoHolds = false, demoRequests, onProgress }: SeedOptions,
): Promise<SeedSummary> {
  const started = performance.now();
  if (!Number.isInteger(stones) || stones < 0) throw new Error(`stones must be a whole number >= 0, got ${stones}`);
  const existing = await stoneCount(db);
  if (existing > 0) throw new Error(`the database already holds ${existing} stones; reset it first`);
  const sum: SeedSummary = {
    stones: 0,
    natural: 0,
    labGrown: 0,
    parcels: 0,
    mediaRows: 0,
    certificates: 0,
    users: 0,
    blocks: 0,
    posts: 0,
    ms: 0,
  };
  if (!production) sum.users = await seedUsers(db);
  await writeTx(db, async (tx) => {
    await seedRatesAndConfigs(tx);
    const c = await seedContent(tx, { withPosts: !production });
    sum.blocks = c.blocks;
    sum.posts = c.posts;
  });
  if (!production) await seedStones(db, stones, onProgress, sum);
  if (!production && demoHolds) {
    const now = Date.now();
    await seedHolds(db, now);
    await demoRequests?.(db, now);
  }
  sum.ms = Math.round(performance.now() - started);
  return sum;
}
