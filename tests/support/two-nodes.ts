/**
 * Two real app nodes (`npm start`'s script) on a fresh database of the run's PostgreSQL, and a plain client of
 * its database: the set-up of the cluster tests that kill a node in the middle of its work.
 *
 *   let c: TwoNodes;
 *   beforeAll(async () => void (c = await startTwoNodes('sweep-kill', { SEED_STONES: '420' })), 400_000);
 *   afterAll(() => c?.stop());
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pgDriver from 'pg';
import { startNode, type AppNode } from './app-node.ts';
import { freshDatabase } from './shared-pg.ts';

export type TwoNodes = {
  a: AppNode;
  b: AppNode;
  db: pgDriver.Client;
  /** the number in column `n` of the query's first row */
  one: (sql: string, params?: unknown[]) => Promise<number>;
  /** stops what is still running and removes the database and the nodes' folders */
  stop: () => Promise<void>;
};

export async function startTwoNodes(name: string, env: Record<string, string> = {}): Promise<TwoNodes> {
  const pg = await freshDatabase(name);
  const dir = mkdtempSync(join(tmpdir(), `facet-${name}-`));
  // (the site is not what these tests are about: a site built for the same seed is reused)
  const a = await startNode('a', dir, pg.url, env, { reuseSite: true });
  const b = await startNode('b', dir, pg.url, env, { reuseSite: true });
  const db = new pgDriver.Client({ connectionString: pg.url });
  await db.connect();
  return {
    a,
    b,
    db,
    one: async (sql, params = []) => Number((await db.query(sql, params)).rows[0].n),
    async stop() {
      await db.end();
      for (const n of [a, b]) if (n.proc.exitCode === null && n.proc.signalCode === null) await n.stop();
      await pg.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
