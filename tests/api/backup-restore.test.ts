/**
 * The restore rehearsal of the README ("Backups and restore"), on the engine under test:
 * back up with the documented command (SQLite: `npm run db:backup`; PostgreSQL:
 * `pg_dump --format=custom`), change the shop, restore the documented way (SQLite: stop the
 * node, delete `-wal`/`-shm`, copy the backup in; PostgreSQL: `pg_restore --clean --if-exists`),
 * then start the app on the restored database: it serves the backup's data, and an API Link
 * client whose cursor came from after the backup is told to resync (409 cursor_ahead).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { LINK_BASE } from '../../api/link/base.ts';
import { migrateDb, openDb, type Db } from '../../db/client.ts';
import { diamonds } from '../../db/tables.ts';
import { findPgBin } from '../support/pg-cluster.ts';
import { closeWithUsage } from '../../api/services/link/api-usage.ts';
import { errorOf } from './auth-helpers.ts';
import { TEST_ENGINE } from './helpers.ts';
import { body, createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';

const ROOT = resolve(import.meta.dirname, '../..');
type Changes = { data: { seq: number; fields: string[] }[]; next_since: number };

const folders: string[] = [];
const reopened: Db[] = [];
afterEach(async () => {
  for (const db of reopened.splice(0)) await closeWithUsage(db);
  for (const d of folders.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Backs the test database up into `dir` with the README's command; returns the backup file. */
function backUp(t: LinkTestApp, dir: string): string {
  if (TEST_ENGINE === 'sqlite') {
    const file = join(dir, 'facet-backup.db');
    execFileSync(process.execPath, ['scripts/db-backup.ts', file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: t.config.DATABASE_PATH, DATABASE_URL: '' },
      stdio: 'pipe',
    });
    return file;
  }
  const file = join(dir, 'facet.dump');
  execFileSync(join(findPgBin()!, 'pg_dump'), ['--format=custom', `--file=${file}`, t.config.DATABASE_URL!], {
    stdio: 'pipe',
  });
  return file;
}

/** Restores `backup` over the test database the README's way, then opens it as a starting node would. */
async function restore(t: LinkTestApp, backup: string): Promise<Db> {
  if (TEST_ENGINE === 'sqlite') {
    const file = t.config.DATABASE_PATH;
    await closeWithUsage(t.db); // the node is stopped
    for (const f of [`${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    copyFileSync(backup, file);
    expect(existsSync(`${file}-wal`)).toBe(false);
  } else {
    execFileSync(
      join(findPgBin()!, 'pg_restore'),
      ['--clean', '--if-exists', '--no-owner', `--dbname=${t.config.DATABASE_URL!}`, backup],
      { stdio: 'pipe' },
    );
  }
  const db = await openDb(t.config.databaseLocation, { poolSize: 2 });
  reopened.push(db);
  await migrateDb(db);
  return db;
}

describe(`backup and restore (${TEST_ENGINE})`, () => {
  it('the restored app serves the backup, and a cursor from after the backup gets 409 cursor_ahead', async () => {
    const t = await createLinkTestApp();
    const dir = mkdtempSync(join(tmpdir(), 'facet-restore-'));
    folders.push(dir);
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const [stone] = await t.db
      .select()
      .from(diamonds)
      .where(eq(diamonds.inStock, true))
      .orderBy(asc(diamonds.id))
      .limit(1);
    await t.importCsv(`StkCodeCalcNS,Comments\n${stone!.stockCode},Before the backup\n`);
    const atBackup: Changes = await body(await t.call('/changes', key));

    const backup = backUp(t, dir);
    await t.importCsv(`StkCodeCalcNS,Comments\n${stone!.stockCode},After the backup\n`);
    const client: Changes = await body(await t.call(`/changes?since=${atBackup.next_since}`, key));
    expect(client.data).toHaveLength(1);
    expect(client.next_since).toBeGreaterThan(atBackup.next_since);

    const db = await restore(t, backup);
    const app = createApp({ db, mailer: t.mailer, clock: t.clock, config: t.config });
    const call = (path: string) => app.request(`${LINK_BASE}${path}`, { headers: { authorization: `Bearer ${key}` } });

    const restored = (await db.select().from(diamonds).where(eq(diamonds.id, stone!.id)))[0];
    expect(restored?.comments).toBe('Before the backup');
    const log: Changes = await body(await call('/changes?since=0'));
    expect(log.next_since).toBe(atBackup.next_since);
    expect((await call(`/changes?since=${atBackup.next_since}`)).status).toBe(200);

    const ahead = await call(`/changes?since=${client.next_since}`);
    expect(ahead.status).toBe(409);
    const err = await errorOf(ahead);
    expect(err.msg).toBe('cursor_ahead');
    expect(String(err.options?.resync)).toMatch(/\/feed/);
  }, 60_000);
});
