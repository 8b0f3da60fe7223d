/**
 * Versions in the database that every app node reads to know whether what it holds is current:
 * `stock` (diamonds and their media: stock summaries, the catalogue payload) and `content`
 * (what the static pages are built from). A writer bumps the version in its own transaction,
 * so an import through node A is seen by node B on its next read.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appState } from '../../db/tables.ts';
import type { Deps } from '../types.ts';

export type VersionKey = 'stock' | 'content';

export async function bumpVersion(db: Db, key: VersionKey): Promise<number> {
  const now = new Date();
  const row = (
    await db
      .insert(appState)
      .values({ key, version: 1, updatedAt: now })
      .onConflictDoUpdate({ target: appState.key, set: { version: sql`${appState.version} + 1`, updatedAt: now } })
      .returning({ version: appState.version })
  )[0];
  return row?.version ?? 0;
}

export async function readVersion(db: Db, key: VersionKey): Promise<number> {
  const row = (await db.select({ version: appState.version }).from(appState).where(eq(appState.key, key)).limit(1))[0];
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
