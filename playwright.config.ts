/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the real `npm start`
 * (scripts/start.ts), one server per worker (tests/e2e/support/servers.ts):
 *
 * - the runner prepares one shop per run (seeded database, built site: E2E_SEED_STONES,
 *   default 300 stones), copies it once per worker, and starts a server per copy on its own
 *   port with its own SMTP capture; the copies start in seconds (their build is current);
 * - Playwright evaluates this file in the runner and again in every worker: the runner chooses
 *   the folder and ports and hands them to the workers through the environment
 *   (FACET_E2E_BASE, FACET_E2E_PORTS); worker n (TEST_PARALLEL_INDEX) uses server n and its
 *   folder `<base>/w<n>` (FACET_E2E_DIR: database, uploads, mail/). The runner removes the
 *   folder on exit.
 * - Reports: list on the console, JSON in test-results/e2e.json (read by scripts/test-all.ts).
 *   Test artefacts go to test-results/e2e/ (Playwright empties that folder at each run);
 *   smoke screenshots go to test-results/screenshots/.
 *
 * Environment: CHROMIUM_PATH (default Debian's headless shell: tests/support/chromium.ts), CI (1 retry, no .only), E2E_WORKERS
 * (default 2), E2E_SEED_STONES, E2E_BASE_URL (test against a server that is already running
 * with one worker; no webServer). E-mail: each server's SMTP_URL points at its worker's
 * capture; received messages are JSON files in <FACET_E2E_DIR>/mail/ (support/mail.ts).
 */
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startSmtpCapture } from './tests/e2e/support/smtp-capture.ts';
import { CHROMIUM_PATH } from './tests/support/chromium.ts';
import { freePort } from './tests/support/free-port.ts';
import {
  copyTemplate,
  NODE,
  prepareTemplate,
  serverEnv,
  serverURL,
  workerBaseURL,
} from './tests/e2e/support/servers.ts';

const isCI = !!process.env.CI;
const external = process.env.E2E_BASE_URL;
const WORKERS = external ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const slots = [...Array(WORKERS).keys()];

// the runner, once: the prepared shop, a copy, a port and an SMTP capture per worker
if (!external && !process.env.FACET_E2E_BASE) {
  const base = mkdtempSync(join(tmpdir(), 'facet-e2e-'));
  process.env.FACET_E2E_BASE = base;
  process.on('exit', () => rmSync(base, { recursive: true, force: true }));
  await prepareTemplate(join(base, 'template'));
  const ports: number[] = [];
  const smtp: number[] = [];
  for (const n of slots) {
    copyTemplate(join(base, 'template'), join(base, `w${n}`));
    const capture = await startSmtpCapture(join(base, `w${n}`, 'mail'));
    process.on('exit', () => capture.close());
    smtp.push(capture.port);
    ports.push(await freePort());
  }
  process.env.FACET_E2E_PORTS = ports.join(',');
  process.env.FACET_E2E_SMTP_PORTS = smtp.join(',');
}

const base = process.env.FACET_E2E_BASE ?? tmpdir();
const ports = (process.env.FACET_E2E_PORTS ?? '').split(',').map(Number);
const smtpPorts = (process.env.FACET_E2E_SMTP_PORTS ?? '').split(',').map(Number);
// in a worker: its own server and folder (the runner itself runs no test)
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (!external) process.env.FACET_E2E_DIR = join(base, `w${slot}`);
const baseURL = workerBaseURL();

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: WORKERS,
  // CI machines are shared and noisy: a slower but correct page must not fail on the clock
  timeout: isCI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    // a step that can never happen fails on its own line within this, not at the test's end
    actionTimeout: 45_000,
    navigationTimeout: 45_000,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // nothing leaves the machine: every request but the shop's own goes to a proxy on a
      // loopback port nobody listens on, and fails there (loopback addresses bypass it)
      proxy: { server: 'http://127.0.0.1:9', bypass: '127.0.0.1,localhost' },
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
    : slots.map((n) => ({
        // the pinned Node 24, whatever `node` is first on PATH
        command: `"${NODE}" scripts/start.ts`,
        url: `${serverURL(ports[n]!)}/api/v1/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe' as const,
        stderr: 'pipe' as const,
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
        env: serverEnv(join(base, `w${n}`), ports[n]!, smtpPorts[n]),
      })),
});
