/**
 * A fresh database on the run's one throwaway PostgreSQL server (tests/support/pg-global-setup.ts,
 * shared by every PostgreSQL project of the run, the cluster tests included): an empty database
 * of its own for a test file's nodes to migrate and seed, dropped again by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { pgAdmin } from './pg-cluster.ts';

export type FreshDatabase = { url: string; drop: () => Promise<void> };

export async function freshDatabase(name: string): Promise<FreshDatabase> {
  const admin = pgAdmin(inject('facetPgAdminUrl'));
  const database = `${name.replace(/[^a-z0-9]/gi, '_')}_${randomBytes(4).toString('hex')}`.toLowerCase();
  await admin.createDatabase(database);
  return { url: admin.url(database), drop: () => admin.dropDatabase(database) };
}
