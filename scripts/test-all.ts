/**
 * `npm test`: every suite in order, then one summary line that CI reads.
 *
 *   1. vitest (every project: unit, api, api-pg, api-pg-serializable), report -> test-results/vitest.json
 *   2. playwright (tests/e2e),         report -> test-results/e2e.json
 *
 * Both runners stream their own output. The last line printed is `N passed, N failed`
 * (plus `, N skipped` when something was skipped), summed over both reports. A runner that
 * exits with an error but reports no failed test (a crash, a file that does not load, a
 * web server that does not start) counts as at least one failure. Exit code 1 when anything
 * failed. Runners are started with this process's Node (the pinned Node 24).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'test-results');

type Counts = { passed: number; failed: number; skipped: number };
type Suite = {
  name: string;
  entry: string;
  args: string[];
  report: string;
  count(report: unknown): Counts;
};

type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { status?: string; assertionResults?: unknown[]; message?: string; name?: string }[];
};

type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: unknown[];
};

const suites: Suite[] = [
  {
    name: 'vitest (unit, api on SQLite and PostgreSQL)',
    entry: 'node_modules/vitest/vitest.mjs',
    args: ['run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'],
    report: join(results, 'vitest.json'),
    count(raw) {
      const r = raw as VitestReport;
      // a test file that fails to load has no test results of its own: count it as one failure
      const brokenFiles = (r.testResults ?? []).filter(
        (f) => f.status === 'failed' && (f.assertionResults?.length ?? 0) === 0,
      ).length;
      return {
        passed: r.numPassedTests ?? 0,
        failed: (r.numFailedTests ?? 0) + brokenFiles,
        skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
      };
    },
  },
  {
    name: 'playwright (e2e)',
    entry: 'node_modules/@playwright/test/cli.js',
    args: ['test'],
    report: join(results, 'e2e.json'),
    count(raw) {
      const r = raw as PlaywrightReport;
      const s = r.stats ?? {};
      const failed = s.unexpected ?? 0;
      // errors outside any test (global setup, web server) leave no failed test behind
      const globalErrors = failed === 0 && (r.errors?.length ?? 0) > 0 ? 1 : 0;
      return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: failed + globalErrors, skipped: s.skipped ?? 0 };
    },
  },
];

let child: ReturnType<typeof spawn> | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    child?.kill(signal);
    process.exit(130);
  });
}

function run(entry: string, args: string[]): Promise<number> {
  return new Promise((resolveRun) => {
    child = spawn(process.execPath, [join(root, entry), ...args], { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', (err) => {
      console.error(`[test-all] could not start ${entry}: ${err.message}`);
      resolveRun(127);
    });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 128 : 1)));
  });
}

function readReport(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

mkdirSync(results, { recursive: true });
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];

for (const suite of suites) {
  rmSync(suite.report, { force: true });
  console.log(`\n[test-all] ${suite.name}\n`);
  const code = await run(suite.entry, suite.args);
  const report = readReport(suite.report);
  let counts: Counts;
  let note = '';
  if (report == null) {
    counts = { passed: 0, failed: 1, skipped: 0 };
    note = ` (no report; runner exited with ${code})`;
  } else {
    counts = suite.count(report);
    if (code !== 0 && counts.failed === 0) {
      counts.failed = 1;
      note = ` (runner exited with ${code})`;
    }
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  lines.push(`  ${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${note}`);
}

console.log('\n[test-all] summary');
for (const line of lines) console.log(line);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
