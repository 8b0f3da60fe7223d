/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the real `npm start`
 * (scripts/start.ts) on a free port, with its own temporary database and built site.
 *
 * - The server seeds a fresh database (E2E_SEED_STONES, default 300 stones) and builds the
 *   site into a fresh folder before it answers: allow up to 180 s for that.
 * - Playwright evaluates this file in the runner and again in every worker; the port and
 *   the temporary folder are chosen once, by the runner, and handed to the workers through
 *   the environment (FACET_E2E_PORT, FACET_E2E_DIR). The runner removes the folder on exit.
 * - Reports: list on the console, JSON in test-results/e2e.json (read by scripts/test-all.ts).
 *   Test artefacts go to test-results/e2e/ (Playwright empties that folder at each run);
 *   smoke screenshots go to test-results/screenshots/.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), CI (1 retry, no .only),
 * E2E_SEED_STONES, E2E_BASE_URL (test against a server that is already running; no webServer).
 * E-mail: the runner starts one SMTP capture (FACET_E2E_SMTP_PORT) and the server gets
 * SMTP_URL pointing at it; received messages are JSON files in <FACET_E2E_DIR>/mail/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startSmtpCapture } from './tests/e2e/support/smtp-capture.ts';

const isCI = !!process.env.CI;
const external = process.env.E2E_BASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

if (!external && !process.env.FACET_E2E_PORT) {
  process.env.FACET_E2E_PORT = String(await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'facet-e2e-'));
  process.env.FACET_E2E_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}

// One SMTP capture for the whole run, started by the runner only (workers inherit the port):
// the server sends real SMTP to it and each message lands in <dir>/mail/ (tests/e2e/support/mail.ts).
if (!external && !process.env.FACET_E2E_SMTP_PORT) {
  const capture = await startSmtpCapture(join(process.env.FACET_E2E_DIR ?? tmpdir(), 'mail'));
  process.env.FACET_E2E_SMTP_PORT = String(capture.port);
  process.on('exit', () => capture.close());
}

const port = Number(process.env.FACET_E2E_PORT);
const dir = process.env.FACET_E2E_DIR ?? tmpdir();
const baseURL = external ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: isCI ? 1 : 2,
  // CI machines are shared and noisy: a slower but correct page must not fail on the clock
  timeout: isCI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: external
    ? undefined
    : {
        // the pinned Node 24, whatever `node` is first on PATH
        command: `"${resolve('node_modules/.bin/node')}" scripts/start.ts`,
        url: `${baseURL}/api/v1/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_PATH: join(dir, 'facet.db'),
          SITE_DIR: join(dir, 'site'),
          UPLOADS_DIR: join(dir, 'uploads'),
          SEED_STONES: process.env.E2E_SEED_STONES ?? '300',
          LOG_REQUESTS: 'false',
          RATE_LIMIT_FACTOR: '20',
          SITE_URL: baseURL,
          SMTP_URL: `smtp://127.0.0.1:${process.env.FACET_E2E_SMTP_PORT}`,
          // webhook tests send to a receiver on loopback (tests/e2e/account-webhooks.spec.ts)
          WEBHOOKS_ALLOW_LOOPBACK: 'true',
        },
      },
});
