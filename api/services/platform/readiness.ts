/**
 * Readiness of this node for traffic (`GET /readyz`): the database answers, every migration of
 * this code is applied, a built site is being served, and the node is not draining (after
 * SIGTERM). `GET /livez` only says the process answers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pendingMigrations } from '../../../db/migration-status.ts';
import type { SiteRoot } from '../../static-site.ts';
import type { Lifecycle } from './shutdown.ts';

export type Check = 'ok' | string;
export type Readiness = {
  status: 'ready' | 'not_ready' | 'draining';
  /** the first failed check, in words */
  reason?: string;
  checks: { database: Check; migrations: Check; site: Check };
};

/** How long the database may take to answer `select 1` before it counts as unreachable. */
const DB_TIMEOUT_MS = 2000;

const timeout = (ms: number) =>
  new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`no answer in ${ms} ms`)), ms).unref());

export async function readiness(db: Db, root: Pick<SiteRoot, 'get'>, lifecycle: Lifecycle): Promise<Readiness> {
  const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok', site: 'ok' };
  try {
    await Promise.race([db.exec(sql`select 1`), timeout(DB_TIMEOUT_MS)]);
    const pending = await pendingMigrations(db);
    if (pending > 0) checks.migrations = `${pending} migration(s) not applied`;
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause ?? err;
    checks.database = `unreachable: ${cause instanceof Error ? cause.message : String(cause)}`;
    checks.migrations = 'unknown';
  }
  if (!existsSync(join(root.get(), 'index.html'))) checks.site = 'not built';
  const failed = Object.entries(checks).find(([, v]) => v !== 'ok');
  if (lifecycle.draining) return { status: 'draining', reason: 'shutting down', checks };
  if (failed) return { status: 'not_ready', reason: `${failed[0]}: ${failed[1]}`, checks };
  return { status: 'ready', checks };
}
