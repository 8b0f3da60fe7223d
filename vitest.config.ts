/**
 * Vitest projects.
 * - unit: pure logic in tests/unit (src/domain and friends), no database.
 * - api:  the Hono app in-process against a temporary SQLite file (tests/api/helpers.ts).
 *         tests/api/global-setup.ts builds one seeded base database per run; every
 *         createTestApp() copies it, so a test never sees another test's writes.
 * - api-pg: the same API test files against PostgreSQL (FACET_TEST_ENGINE=pg), plus the
 *         PostgreSQL-only tests in tests/pg. tests/support/pg-global-setup.ts starts a
 *         throwaway server from Debian's binaries and builds a template database; every
 *         createTestApp() clones it (CREATE DATABASE ... TEMPLATE) and drops it after.
 * - api-pg-serializable: the concurrency tests (bag requests, tokens, holds) once more with write transactions at
 *         SERIALIZABLE (DATABASE_ISOLATION), the way CockroachDB and YugabyteDB run.
 * `npm run test:pg` runs the two PostgreSQL projects alone.
 *
 * Workers: forks (better-sqlite3 is a native addon; a child process per worker keeps it
 * simple), at most 2 at a time, which is what the CI machines have in cores. The API projects
 * run without per-file isolation (`isolate: false`): a worker imports the app once
 * and runs file after file of its project, where importing it afresh for every file took more
 * than half the suite's time. Every API test still builds its own app on its own copy of the
 * database (tests/api/helpers.ts), so no state is shared but the loaded code. The unit project
 * (the islands' stores are module state) and the cluster project keep the default.
 */
import { defineConfig } from 'vitest/config';

// argon2id at a test-only cost (api/config.ts PASSWORD_HASHING): the suites log in thousands of
// times. Set here, in the process that seeds the template databases, and inherited by every
// worker and every node a test starts; tests/unit/passwords.test.ts checks production's cost.
process.env.PASSWORD_HASHING = 'weak-for-tests';

const API_TESTS = 'tests/api/**/*.test.ts';
const PG_SETUP = 'tests/support/pg-global-setup.ts';
/** db/tables.ts picks its engine from the environment when it loads (DATABASE_ENGINE). */
const PG_ENV = { FACET_TEST_ENGINE: 'pg', DATABASE_ENGINE: 'postgres' };

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    testTimeout: 15_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // the islands' stores live in modules: each file starts from their first values
          isolate: true,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: [API_TESTS],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pg',
          include: [API_TESTS, 'tests/pg/**/*.test.ts'],
          environment: 'node',
          globalSetup: [PG_SETUP],
          env: PG_ENV,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pg-serializable',
          include: [
            'tests/api/concurrency.test.ts',
            'tests/api/hold-concurrency.test.ts',
            'tests/api/request-concurrency.test.ts',
          ],
          environment: 'node',
          globalSetup: [PG_SETUP],
          env: { ...PG_ENV, DATABASE_ISOLATION: 'serializable' },
        },
      },
      {
        extends: true,
        test: {
          // real app processes (npm start) sharing a database of the run's throwaway PostgreSQL
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          isolate: true,
          globalSetup: [PG_SETUP],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 420_000,
        },
      },
    ],
  },
});
