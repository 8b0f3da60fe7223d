/**
 * The timing table `npm test` prints before its summary line: the seconds of each phase of
 * the run (CI's install, the gates and the production-install check as `.ci/run` recorded
 * them, each vitest project, Playwright), the slowest test files, the whole run against the
 * budget, and the files that grew the most since the recorded table (tests/timings.json).
 *
 * It never fails the run: the machine is shared and noisy, so the clock is reported, not enforced.
 * `node scripts/test-timings.ts --record` writes the last run's table to tests/timings.json.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FileTiming } from '../tests/support/timing-reporter.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'test-results');
/** The whole `.ci/run` on the project's 2-core machine, in seconds (tests/README.md). */
export const BUDGET_SECONDS = 1200;
const RECORDED = join(ROOT, 'tests/timings.json');
const SLOWEST = 15;
const GROWN = 5;
const VITEST_SLOW_FILE = 20;

export type Phase = { phase: string; seconds: number };
export type Table = { phases: Phase[]; files: FileTiming[]; total: number };

type PwResult = { duration?: number };
type PwSuite = { file?: string; suites?: PwSuite[]; specs?: { tests?: { results?: PwResult[] }[] }[] };

/** Each spec file's seconds in a Playwright JSON report: the sum of its tests' attempts. */
export function playwrightFiles(report: unknown): FileTiming[] {
  const perFile = new Map<string, number>();
  const walk = (suite: PwSuite, file: string) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) perFile.set(file, (perFile.get(file) ?? 0) + (r.duration ?? 0));
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  for (const suite of (report as { suites?: PwSuite[] } | null)?.suites ?? []) walk(suite, suite.file ?? '?');
  return [...perFile].map(([file, ms]) => ({
    layer: 'playwright',
    file: file.startsWith('tests/') ? file : `tests/e2e/${file}`,
    seconds: Math.round(ms / 100) / 10,
  }));
}

/** What `.ci/run` recorded before `npm test` started (FACET_CI_PHASES; none when npm test runs on its own). */
export function ciPhases(): { phases: Phase[]; startedAt?: number } {
  const file = process.env.FACET_CI_PHASES;
  if (!file || !existsSync(file)) return { phases: [] };
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const rows = lines.map((l) => JSON.parse(l) as Phase & { startedAt?: number });
  const startedAt = rows.find((r) => r.startedAt)?.startedAt;
  return { phases: rows.filter((r) => r.phase).map(({ phase, seconds }) => ({ phase, seconds })), startedAt };
}

/** A JSON file read back, or null when it is missing or unreadable (a runner that crashed). */
export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const secs = (n: number) => `${n.toFixed(1).padStart(7)} s`;

/** The table as lines of text. */
export function formatTable(table: Table, recorded: Table | null): string[] {
  const out = ['[test-all] timings (seconds)', '  phase'];
  for (const p of table.phases) out.push(`    ${pad(p.phase, 44)}${secs(p.seconds)}`);
  out.push(`    ${pad('whole run', 44)}${secs(table.total)}   budget ${BUDGET_SECONDS} s (tests/README.md)`);
  out.push(`  the ${SLOWEST} slowest test files`);
  const slowest = [...table.files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
  for (const f of slowest) out.push(`    ${pad(`${f.file} [${f.layer}]`, 62)}${secs(f.seconds)}`);
  const slowVitest = table.files.filter((f) => f.layer !== 'playwright' && f.seconds > VITEST_SLOW_FILE);
  out.push(`  vitest files over ${VITEST_SLOW_FILE} s: ${slowVitest.length}`);
  for (const f of slowVitest.sort((a, b) => b.seconds - a.seconds))
    out.push(`    ${pad(`${f.file} [${f.layer}]`, 62)}${secs(f.seconds)}`);
  if (recorded) {
    const before = new Map(recorded.files.map((f) => [`${f.layer} ${f.file}`, f.seconds]));
    const grown = table.files
      .map((f) => ({ ...f, grew: f.seconds - (before.get(`${f.layer} ${f.file}`) ?? 0) }))
      .filter((f) => f.grew > 0)
      .sort((a, b) => b.grew - a.grew)
      .slice(0, GROWN);
    out.push(`  grew the most since the recorded table (tests/timings.json, whole run ${recorded.total.toFixed(0)} s)`);
    for (const f of grown) out.push(`    ${pad(`${f.file} [${f.layer}]`, 62)}   +${f.grew.toFixed(1)} s`);
  }
  if (table.total > BUDGET_SECONDS) {
    out.push(`  over the budget by ${(table.total - BUDGET_SECONDS).toFixed(0)} s: see the files that grew above`);
  }
  return out;
}

export const readRecorded = () => readJson<Table>(RECORDED);

export const LAST_TABLE = join(RESULTS, 'timings.json');

if (process.argv[1] === import.meta.filename && process.argv.includes('--record')) {
  const last = readFileSync(LAST_TABLE, 'utf8');
  writeFileSync(RECORDED, last);
  console.log(`recorded ${LAST_TABLE} as ${RECORDED}`);
}
