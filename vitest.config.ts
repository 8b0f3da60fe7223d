/**
 * Vitest: two projects.
 * - unit: pure logic in tests/unit (src/domain and friends), no database.
 * - api:  the Hono app in-process against a temporary SQLite file (tests/api/helpers.ts).
 *         tests/api/global-setup.ts builds one seeded base database per run; every
 *         createTestApp() copies it, so a test never sees another test's writes.
 *
 * Workers: forks (better-sqlite3 is a native addon; a child process per worker keeps it
 * simple), at most 2 at a time, which is what the CI machines have in cores.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 15_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
    ],
  },
});
