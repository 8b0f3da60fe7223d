/**
 * A real server in its own process, for tests that need sockets (streamed bodies, keep-alive
 * connections) and the server's own memory figures, which app.request cannot give.
 *
 *   const server = await startServerProcess(t.config.databaseLocation);   // t from createTestApp()
 *   await fetch(`${server.url}/api/v1/health`);
 *   server.peakRssMb();                                 // VmHWM of the child, in MB
 *   await server.stop();
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

export type ServerProcess = {
  url: string;
  port: number;
  pid: number;
  peakRssMb(): number;
  rssMb(): number;
  /** everything the server wrote so far (stdout and stderr) */
  output(): string;
  stop(): Promise<void>;
};

const statusKb = (pid: number, field: string): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? NaN);
};

/** Starts the server on the database at `location` (a SQLite file or a postgres:// URL). */
export function startServerProcess(location: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const database = /^postgres(ql)?:\/\//i.test(location) ? { DATABASE_URL: location } : { DATABASE_PATH: location };
  const child = spawn(process.execPath, [join(import.meta.dirname, 'server-child.ts')], {
    env: { ...process.env, ...env, ...database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d) => (output += String(d)));
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  try {
    onTestFinished(stop);
  } catch {
    // outside a test: the caller stops it
  }
  return new Promise((resolveStart, fail) => {
    child.once('exit', (code) => fail(new Error(`server exited (${code}): ${output}`)));
    child.stdout.on('data', (d) => {
      output += String(d);
      const m = /\{"port":(\d+)\}/.exec(output);
      if (!m) return;
      const port = Number(m[1]);
      const pid = child.pid as number;
      resolveStart({
        url: `http://127.0.0.1:${port}`,
        port,
        pid,
        peakRssMb: () => statusKb(pid, 'VmHWM') / 1024,
        rssMb: () => statusKb(pid, 'VmRSS') / 1024,
        output: () => output,
        stop,
      });
    });
  });
}
