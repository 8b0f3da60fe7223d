/**
 * The diamonds list over HTTP: the full app (`scripts/start.ts`, site + API on one port)
 * against the floor (`bench/floor-server.ts`), both reading the same SQLite file, loaded
 * with autocannon in alternating rounds so neither gets a warmer machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { median } from './stats.ts';

export const ROOT = resolve(import.meta.dirname, '..');
export const NODE = join(ROOT, 'node_modules', '.bin', 'node');

export type LoadOptions = { connections: number; duration: number; warmup: number; rounds: number; path: string };
export type Round = {
  target: string;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
};
export type Summary = { target: string; rps: number; p99: number; p50: number; rounds: Round[] };

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => done(port));
    });
  });
}

export type Server = { name: string; url: string; child: ChildProcess; output: () => string; stop(): Promise<void> };

/** Starts `node <script>` with env (on env.PORT if given, else a free port), waits until `<url>/api/v1/health` answers 200. */
export async function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<Server> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(NODE, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));

  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode != null || child.signalCode != null) return done();
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        done();
      });
      child.kill('SIGTERM');
    });

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited != null) throw new Error(`${name} exited with ${exited} before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return { name, url, child, output: () => output, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`${name} was not ready after ${timeoutMs / 1000} s:\n${output}`);
}

export async function load(url: string, connections: number, duration: number) {
  return autocannon({ url, connections, duration, pipelining: 1 });
}

/** Both servers answer the benchmarked call with the same status and JSON. */
export async function compareAnswers(a: Server, b: Server, path: string): Promise<{ same: boolean; note: string }> {
  const [ra, rb] = await Promise.all([fetch(a.url + path), fetch(b.url + path)]);
  const [ja, jb] = await Promise.all([ra.json(), rb.json()]);
  if (ra.status !== rb.status) return { same: false, note: `status ${a.name} ${ra.status}, ${b.name} ${rb.status}` };
  if (isDeepStrictEqual(ja, jb)) return { same: true, note: 'identical JSON' };
  const keysA = Object.keys(ja as object);
  const diff = keysA.filter(
    (k) => !isDeepStrictEqual((ja as Record<string, unknown>)[k], (jb as Record<string, unknown>)[k]),
  );
  return { same: false, note: `differ in: ${diff.join(', ') || '(keys)'}` };
}

export async function benchDiamondsHttp(
  servers: Server[],
  opts: LoadOptions,
  log: (line: string) => void,
): Promise<Summary[]> {
  for (const s of servers) {
    log(`warm-up ${s.name} (${opts.warmup} s)`);
    await load(s.url + opts.path, opts.connections, opts.warmup);
  }
  const rounds: Round[] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    // alternate who goes first, so drift in the machine's state hits both alike
    const order = round % 2 ? servers : [...servers].reverse();
    for (const s of order) {
      const r = await load(s.url + opts.path, opts.connections, opts.duration);
      const row: Round = {
        target: s.name,
        round,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      };
      rounds.push(row);
      log(
        `round ${round} ${s.name.padEnd(5)} ${row.rps.toFixed(0).padStart(6)} req/s  p99 ${row.p99} ms${row.non2xx || row.errors ? `  (${row.non2xx} non-2xx, ${row.errors} errors)` : ''}`,
      );
    }
  }
  return servers.map((s) => {
    const mine = rounds.filter((r) => r.target === s.name);
    return {
      target: s.name,
      rps: median(mine.map((r) => r.rps)),
      p50: median(mine.map((r) => r.p50)),
      p99: median(mine.map((r) => r.p99)),
      rounds: mine,
    };
  });
}
