/**
 * Versions in the database that every app node reads to know whether what it holds is current:
 * `stock` (diamonds and their media: stock summaries, the catalogue payload) and `content`
 * (what the static pages are built from). A writer bumps the version in its own transaction,
 * so an import through node A is seen by node B on its next read.
 */
import { eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { appState } from '../../../db/tables.ts';
import type { Deps } from '../../types.ts';

export type VersionKey = 'stock' | 'content' | 'holds';

export async function bumpVersion(db: Db, key: VersionKey): Promise<number> {
  const now = new Date();
  const version = await writeVersion(db, key, now);
  noteWrite(key, version);
  return version;
}

async function writeVersion(db: Db, key: VersionKey, now: Date): Promise<number> {
  const row = (
    await db
      .insert(appState)
      .values({ key, version: 1, updatedAt: now })
      .onConflictDoUpdate({ target: appState.key, set: { version: sql`${appState.version} + 1`, updatedAt: now } })
      .returning({ version: appState.version })
  )[0];
  return row?.version ?? 0;
}

type VersionStatement = (key: VersionKey) => Promise<{ version: number }[]>;
/**
 * On SQLite one prepared read per database (the list call reads the stock version on every
 * request, and building the query cost more than running it). On PostgreSQL the query is
 * built per call, so one made inside a transaction runs on that transaction's connection.
 */
const versionStatements = new WeakMap<Db, VersionStatement>();

function versionStatement(db: Db): VersionStatement {
  let stmt = versionStatements.get(db);
  if (!stmt) {
    const query = (key: VersionKey | Placeholder) =>
      db.select({ version: appState.version }).from(appState).where(eq(appState.key, key)).limit(1);
    if (db.engine === 'sqlite') {
      const prepared = query(sql.placeholder('key')).prepare();
      stmt = (key) => prepared.all({ key });
    } else stmt = (key) => query(key);
    versionStatements.set(db, stmt);
  }
  return stmt;
}

export async function readVersion(db: Db, key: VersionKey): Promise<number> {
  const row = (await versionStatement(db)(key))[0];
  return row?.version ?? 0;
}

/** Several versions in one read (absent ones are 0). */
export async function readVersions<K extends VersionKey>(db: Db, keys: readonly K[]): Promise<Record<K, number>> {
  const rows = await db
    .select({ key: appState.key, version: appState.version })
    .from(appState)
    .where(inArray(appState.key, [...keys]));
  const found = new Map(rows.map((r) => [r.key, r.version]));
  return Object.fromEntries(keys.map((k) => [k, found.get(k) ?? 0])) as Record<K, number>;
}

/** Records a change the static pages depend on and tells this node's regenerator. */
export async function contentChanged(deps: Deps, reason: string): Promise<void> {
  await bumpVersion(deps.db, 'content');
  deps.site?.contentChanged(reason);
}

/**
 * The newest version this process wrote per key, and when: a cached read older than that
 * write is not trusted (recentVersion), so this node never serves what it knows it replaced.
 */
const written = new Map<VersionKey, { version: number; at: number }>();
/**
 * Forgets this process's writes. A server holds one database for its life; a test process that
 * runs many apps one after another calls this so one app's writes never count for the next.
 */
export function forgetLocalWrites(): void {
  written.clear();
}
/** how long a local write that no read has shown yet (its transaction still open, or rolled back) forces reads */
const WRITE_SEEN_WITHIN_MS = 60_000;

function noteWrite(key: VersionKey, version: number): void {
  const last = written.get(key);
  written.set(key, { version: Math.max(version, last?.version ?? 0), at: performance.now() });
}

type Cached = { version: number; readAt: number; reading: Promise<number> | null };
const cached = new WeakMap<Db, Map<VersionKey, Cached>>();

/**
 * The version as the database had it at most `maxAgeMs` ago, read at most once per
 * `maxAgeMs` however many ask (one read in flight is shared): a write through another node is
 * seen within `maxAgeMs`; a write through this process is seen on the next call after it.
 */
export async function recentVersion(db: Db, key: VersionKey, maxAgeMs: number): Promise<number> {
  let perDb = cached.get(db);
  if (!perDb) cached.set(db, (perDb = new Map()));
  let c = perDb.get(key);
  if (!c) perDb.set(key, (c = { version: -1, readAt: -Infinity, reading: null }));
  const now = performance.now();
  const w = written.get(key);
  const localWriteUnseen = w !== undefined && c.version < w.version && now - w.at < WRITE_SEEN_WITHIN_MS;
  if (now - c.readAt < maxAgeMs && !localWriteUnseen) return c.version;
  if (!c.reading) {
    const entry = c;
    const started = now;
    entry.reading = readVersion(db, key)
      .then((version) => {
        entry.version = version;
        entry.readAt = started;
        return version;
      })
      .finally(() => (entry.reading = null));
  }
  return c.reading!;
}
