/**
 * Global setup of the PostgreSQL test projects (api-pg, api-pg-serializable, cluster): starts one
 * throwaway PostgreSQL server (tests/support/pg-cluster.ts) for the run, shared by the pg
 * projects of the run, builds the template databases (300 seeded stones, and an empty one)
 * and hands the server's admin URL to the tests (`inject('facetPgAdminUrl')`). The server is
 * stopped and deleted when the last pg project finishes.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { DEFAULT_TEST_STONES } from '../api/base-db.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    facetPgAdminUrl: string;
  }
}

type Shared = { cluster: Promise<PgCluster>; users: number };
const KEY = Symbol.for('facet.test.pgCluster');
const store = globalThis as unknown as Record<symbol, Shared | undefined>;
const BUILD = join(dirname(fileURLToPath(import.meta.url)), 'build-pg-base.ts');

async function start(): Promise<PgCluster> {
  const cluster = await startPgCluster({ log: (l) => console.log(l) });
  const t0 = performance.now();
  // a child process: this one may already have bound db/tables.ts to SQLite (one engine per process)
  const r = spawnSync(process.execPath, [BUILD, cluster.url(), String(DEFAULT_TEST_STONES), '0'], {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, DATABASE_ENGINE: 'postgres' },
  });
  if (r.status !== 0) {
    await cluster.stop();
    throw new Error(`building the PostgreSQL test templates failed: ${r.stderr}`);
  }
  console.log(`[pg] templates built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return cluster;
}

export default async function setup(project: TestProject) {
  const shared = (store[KEY] ??= { cluster: start(), users: 0 });
  shared.users += 1;
  const cluster = await shared.cluster;
  project.provide('facetPgAdminUrl', cluster.url());
  return async () => {
    if (--shared.users > 0) return;
    store[KEY] = undefined;
    await cluster.stop();
  };
}
