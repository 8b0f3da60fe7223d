/**
 * `npm test`: every suite in order, then one summary line that CI reads.
 *
 *   - vitest (every project: unit, api, api-pg, api-pg-serializable, cluster), report -> test-results/vitest.json
 *   - playwright (tests/e2e),         report -> test-results/e2e.json
 *
 * The two run side by side (TEST_SIDE_BY_SIDE=0: one after the other).
 *
 * Playwright streams its output, vitest's follows when it ends (side by side). Before the summary it prints the timing table
 * (scripts/test-timings.ts): each phase's seconds, the slowest files, the run against its budget.
 * The last line printed is `N passed, N failed`
 * (plus `, N skipped` when something was skipped), summed over both reports. A runner that
 * exits with an error but reports no failed test (a crash, a file that does not load, a
 * web server that does not start) counts as at least one failure. Exit code 1 when anything
 * failed. Runners are started with this process's Node (the pinned Node 24).
 */
import { spawn, type StdioOptions } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VITEST_TIMINGS, type VitestTimings } from '../tests/support/timing-reporter.ts';
import {
  ciPhases,
  formatTable,
  LAST_TABLE,
  playwrightFiles,
  readRecorded,
  readJson,
  type Phase,
  type Table,
} from './test-timings.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'test-results');

type Counts = { passed: number; failed: number; skipped: number };
type Suite = {
  name: string;
  entry: string;
  args: string[];
  report: string;
  count(report: unknown): Counts;
  /** this runner's phases and test files for the timing table */
  timings(report: unknown, seconds: number): Pick<Table, 'phases' | 'files'>;
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
    args: [
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile=test-results/vitest.json',
      '--reporter=./tests/support/timing-reporter.ts',
    ],
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
    timings(_report, seconds) {
      const t = readJson<VitestTimings>(VITEST_TIMINGS);
      const projects = Object.entries(t?.projects ?? {}).map(([name, s]) => ({
        phase: `  vitest project ${name} (first to last file)`,
        seconds: s,
      }));
      return {
        phases: [{ phase: 'vitest (all projects)', seconds }, ...projects],
        files: t?.files ?? [],
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
    timings(report, seconds) {
      const flaky = (report as PlaywrightReport | null)?.stats?.flaky ?? 0;
      return { phases: [{ phase: `playwright (flaky: ${flaky})`, seconds }], files: playwrightFiles(report) };
    },
  },
];

const children = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

function run(entry: string, args: string[], log?: string): Promise<number> {
  return new Promise((resolveRun) => {
    const out = log ? openSync(log, 'w') : undefined;
    const stdio: StdioOptions = out === undefined ? 'inherit' : ['ignore', out, out];
    const child = spawn(process.execPath, [join(root, entry), ...args], { cwd: root, stdio, env: process.env });
    children.add(child);
    child.on('error', (err) => {
      console.error(`[test-all] could not start ${entry}: ${err.message}`);
      resolveRun(127);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (out !== undefined) closeSync(out);
      resolveRun(code ?? (signal ? 128 : 1));
    });
  });
}

mkdirSync(results, { recursive: true });
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
const ci = ciPhases();
const startedAt = ci.startedAt ?? Date.now();
const phases: Phase[] = [...ci.phases];
const files: Table['files'] = [];

type Outcome = { counts: Counts; note: string; timings: Pick<Table, 'phases' | 'files'> };

/** Runs one suite (its output to the console, or to `log` when suites run side by side) and reads its report. */
async function runSuite(suite: Suite, log?: string): Promise<Outcome> {
  rmSync(suite.report, { force: true });
  console.log(`\n[test-all] ${suite.name}${log ? ` (its output follows when it ends)` : ''}\n`);
  const t0 = performance.now();
  const code = await run(suite.entry, suite.args, log);
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  if (log) console.log(`\n[test-all] ${suite.name}: output\n${readFileSync(log, 'utf8')}`);
  const report = readJson<unknown>(suite.report);
  if (report == null) {
    return {
      counts: { passed: 0, failed: 1, skipped: 0 },
      note: ` (no report; runner exited with ${code})`,
      timings: suite.timings(report, seconds),
    };
  }
  const counts = suite.count(report);
  const failedRun = code !== 0 && counts.failed === 0;
  if (failedRun) counts.failed = 1;
  return { counts, note: failedRun ? ` (runner exited with ${code})` : '', timings: suite.timings(report, seconds) };
}

// Side by side (the default; TEST_SIDE_BY_SIDE=0 runs one after the other): the browser suite
// and vitest at once, vitest's output kept in test-results/vitest.log and printed when it ends.
// Each fills the other's waiting: 1,415 s for the whole CI run, against about 1,550 s in turn.
const sideBySide = process.env.TEST_SIDE_BY_SIDE !== '0';
const outcomes = sideBySide
  ? await Promise.all(suites.map((suite, i) => runSuite(suite, i === 0 ? join(results, 'vitest.log') : undefined)))
  : await suites.reduce<Promise<Outcome[]>>(
      async (done, suite) => [...(await done), await runSuite(suite)],
      Promise.resolve([]),
    );
suites.forEach((suite, i) => {
  const { counts, note, timings } = outcomes[i]!;
  phases.push(...timings.phases);
  files.push(...timings.files);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  lines.push(`  ${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${note}`);
});

const table: Table = { phases, files, total: Math.round((Date.now() - startedAt) / 100) / 10 };
writeFileSync(LAST_TABLE, JSON.stringify(table, null, 2));
console.log(`\n${formatTable(table, readRecorded()).join('\n')}`);

console.log('\n[test-all] summary');
for (const line of lines) console.log(line);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
