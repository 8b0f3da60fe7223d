/**
 * Runs once per `vitest run` (api project): makes a temporary folder for the run's
 * databases and builds the default seeded base database in it, so workers only copy a file.
 * The folder is removed at the end of the run, with every test database left in it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_TEST_STONES, ensureBaseDb } from './base-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    facetTestDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'facet-api-test-'));
  await ensureBaseDb(dir, DEFAULT_TEST_STONES);
  project.provide('facetTestDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
