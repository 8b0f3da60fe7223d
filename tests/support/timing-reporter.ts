/**
 * A vitest reporter that writes how long each test file and each project took to
 * test-results/vitest-timings.json, for the timing table `npm test` prints
 * (scripts/test-timings.ts). A file's seconds are its own work (import, hooks and tests); a
 * project's seconds run from its first file's start to its last file's end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export type FileTiming = { layer: string; file: string; seconds: number };
export type VitestTimings = { files: FileTiming[]; projects: Record<string, number> };

const ROOT = resolve(import.meta.dirname, '../..');
export const VITEST_TIMINGS = resolve(ROOT, 'test-results/vitest-timings.json');

export default class TimingReporter implements Reporter {
  private readonly files: FileTiming[] = [];
  private readonly spans = new Map<string, { start: number; end: number }>();
  private readonly started = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(`${module.project.name}\n${module.moduleId}`, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const project = module.project.name;
    const end = Date.now();
    const start = this.started.get(`${project}\n${module.moduleId}`) ?? end;
    const d = module.diagnostic();
    const seconds = (d.collectDuration + d.setupDuration + d.duration) / 1000;
    this.files.push({ layer: project, file: relative(ROOT, module.moduleId), seconds: round(seconds) });
    const span = this.spans.get(project);
    this.spans.set(
      project,
      span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end },
    );
  }

  onTestRunEnd(): void {
    const projects = Object.fromEntries([...this.spans].map(([name, s]) => [name, round((s.end - s.start) / 1000)]));
    const out: VitestTimings = { files: this.files, projects };
    mkdirSync(dirname(VITEST_TIMINGS), { recursive: true });
    writeFileSync(VITEST_TIMINGS, JSON.stringify(out, null, 2));
  }
}

const round = (s: number) => Math.round(s * 10) / 10;
