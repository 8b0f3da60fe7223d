/**
 * Real app nodes for cluster tests and benches: each is `node scripts/start.ts` (what
 * `npm start` runs) in its own working folder with its own SITE_DIR, UPLOADS_DIR and port,
 * on a shared PostgreSQL. A node can be stopped (SIGTERM, waits for the exit) and started
 * again on the same port and folders.
 *
 *   const a = await startNode('a', dir, pg.url('cluster'));
 *   const admin = client(); await admin.call(a, '/api/v1/login', { method: 'POST', json: {...} });
 *   await a.stop(); await a.start();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtStamp } from '../../api/services/site/build.ts';
import { freePort } from './free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Sites that nodes built at start-up, one per seed size. Nodes of different tests start on
 * fresh databases seeded alike, so they would build the same site: a node started with
 * `reuseSite` finds the last one in its SITE_DIR, and its start-up builds nothing when the
 * site's stamp (the sources, the content and the home strip: api/services/site/build.ts)
 * says it is current; else it builds as usual, and its build is kept for the next node. Not
 * for the tests and benches of the start-up build itself.
 */
const DEFAULT_SEED = '120';
const SITE_CACHE = join(ROOT, 'node_modules', '.cache', 'facet-cluster-sites');

function reusedSite(seed: string, siteDir: string): void {
  const kept = join(SITE_CACHE, `seed-${seed}`);
  if (builtStamp(kept) === null || existsSync(siteDir)) return;
  try {
    cpSync(kept, siteDir, { recursive: true });
  } catch {
    rmSync(siteDir, { recursive: true, force: true }); // replaced meanwhile: the node builds its own
  }
}

function keepSite(seed: string, siteDir: string): void {
  const kept = join(SITE_CACHE, `seed-${seed}`);
  const stamp = builtStamp(siteDir);
  if (stamp === null || builtStamp(kept) === stamp) return;
  const part = `${kept}.${process.pid}`;
  mkdirSync(SITE_CACHE, { recursive: true });
  rmSync(part, { recursive: true, force: true });
  cpSync(siteDir, part, { recursive: true });
  if (builtStamp(kept) === stamp) return void rmSync(part, { recursive: true, force: true }); // kept meanwhile
  rmSync(kept, { recursive: true, force: true }); // an older release's site
  try {
    renameSync(part, kept); // whole or not at all: another test's node may keep its copy first
  } catch {
    rmSync(part, { recursive: true, force: true });
  }
}

export type AppNode = {
  name: string;
  url: string;
  port: number;
  proc: ChildProcess;
  /** everything the current process printed (stdout and stderr) */
  output: () => string;
  /** everything every process of this node printed */
  allOutput: () => string;
  /** SIGTERM; resolves with the exit code once the process is gone and its output read */
  stop: () => Promise<number | null>;
  /** starts the process again (same port and folders); resolves when it serves */
  start: () => Promise<void>;
};

export async function startNode(
  name: string,
  dir: string,
  databaseUrl: string,
  env: Record<string, string> = {},
  { reuseSite = false }: { reuseSite?: boolean } = {},
): Promise<AppNode> {
  const work = join(dir, name);
  mkdirSync(work, { recursive: true });
  const seed = env.SEED_STONES ?? DEFAULT_SEED;
  if (reuseSite) reusedSite(seed, join(work, 'dist'));
  const port = await freePort();
  let output = '';
  let earlier = '';
  const node = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    allOutput: () => earlier + output,
  } as AppNode;
  node.start = async () => {
    earlier += output;
    output = '';
    const proc = spawn(process.execPath, [join(ROOT, 'scripts/start.ts')], {
      cwd: work,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATABASE_ENGINE: 'postgres',
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_DIR: join(work, 'dist'),
        UPLOADS_DIR: join(work, 'uploads'),
        SEED_STONES: DEFAULT_SEED,
        NODE_ENV: 'development',
        LOG_REQUESTS: 'false',
        SMTP_URL: '',
        RATE_LIMIT_FACTOR: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    node.proc = proc;
    // this process's own output: a stopped one may still flush its last lines after its exit
    const own = (d: string) => {
      if (node.proc === proc) output += d;
      else earlier += d;
    };
    proc.stdout!.on('data', own);
    proc.stderr!.on('data', own);
    await new Promise<void>((ready, fail) => {
      const timer = setInterval(() => {
        if (output.includes('is running at')) {
          clearInterval(timer);
          proc.removeListener('exit', exited);
          ready();
        }
      }, 100);
      const exited = (code: number | null) => {
        clearInterval(timer);
        fail(new Error(`node ${name} exited (${code}) before it was ready:\n${output.slice(-3000)}`));
      };
      proc.once('exit', exited);
    });
  };
  node.stop = () => {
    const proc = node.proc;
    if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
    return new Promise((done) => {
      proc.once('close', (code) => done(code));
      proc.kill('SIGTERM');
    });
  };
  await node.start();
  if (reuseSite) keepSite(seed, join(work, 'dist'));
  return node;
}

/** A cookie jar that works across nodes: the session is the database's, not a node's. */
export function client() {
  let cookie = '';
  const call = async (node: { url: string }, path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${node.url}${path}`, { ...init, headers, body });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sid=') || c.startsWith('__Host-sid='));
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
  return { call };
}

export const ADMIN = { email: 'admin@facet.trade', password: 'Admin#2026' };
export const TRADER = { email: 'trader@facet.trade', password: 'Trader#2026' };

export type SiteBuildStatus = { state: string; version: number; built: number; unpacked: number };

/** Each node's site-build status (GET /admin/site-build) through a signed-in admin's session. */
export async function siteBuilds(
  admin: ReturnType<typeof client>,
  nodes: readonly { url: string }[],
): Promise<SiteBuildStatus[]> {
  return Promise.all(
    nodes.map(async (n) => (await (await admin.call(n, '/api/v1/admin/site-build')).json()) as SiteBuildStatus),
  );
}

/** Polls until every node has swapped in a site newer than `before` (same order) and is idle. */
export async function waitForSiteEverywhere(
  admin: ReturnType<typeof client>,
  nodes: readonly { url: string }[],
  before: readonly SiteBuildStatus[],
  timeoutMs = 240_000,
): Promise<SiteBuildStatus[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await siteBuilds(admin, nodes);
    if (now.every((s, i) => s.state === 'idle' && s.version > before[i]!.version)) return now;
    if (Date.now() > deadline) throw new Error(`the site did not reach every node: ${JSON.stringify(now)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
