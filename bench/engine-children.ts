/**
 * A bench on both engines: the bench file runs itself as a child process (`--child`) once on
 * a SQLite file in a temporary folder (BENCH_DIR) and once on a throwaway PostgreSQL cluster
 * (DATABASE_URL), since db/tables.ts binds one engine per process. The child prints one line
 * `FIGURES <json>`; the figures of both runs come back, SQLite first.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function onBothEngines<F>(self: string, name: string): Promise<F[]> {
  const dir = mkdtempSync(join(tmpdir(), `facet-bench-${name}-`));
  const run = (env: Record<string, string>): F => {
    const out = execFileSync(process.execPath, [self, '--child'], {
      env: { ...process.env, BENCH_DIR: dir, ...env },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(
      out
        .split('\n')
        .find((l) => l.startsWith('FIGURES '))!
        .slice(8),
    ) as F;
  };
  const rows: F[] = [run({})];
  const { startPgCluster } = await import('../tests/support/pg-cluster.ts');
  const cluster = await startPgCluster();
  try {
    await cluster.createDatabase(name);
    rows.push(run({ DATABASE_URL: cluster.url(name), DATABASE_ENGINE: 'postgres' }));
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
