/**
 * Graceful shutdown of the real start (`npm start` and `node scripts/start.ts`) on SQLite: a big
 * download in flight when SIGTERM arrives is answered in full (200, every byte) while new
 * connections are refused, the process exits 0 and leaves no child behind; a download still
 * unread when SHUTDOWN_GRACE_MS is over is cut and the process exits all the same (SIGINT); a
 * SIGTERM while the site is still being built ends the build's processes too. An API Link call
 * answered just before the SIGTERM is counted in the key's usage (written before the database
 * closes, not lost with the process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { DEV_SESSION_SECRET } from '../../api/config.ts';
import { generateKey, hashKey } from '../../api/services/link/api-keys.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'facet-shutdown-'));
const BIG = 64 * 1024 * 1024;
const started: ChildProcess[] = [];
afterAll(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

type Run = { proc: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

async function start(command: string[], graceMs: number, until = 'is running at', site = 'dist'): Promise<Run> {
  const port = await freePort();
  const proc = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATABASE_ENGINE: '',
      DATABASE_PATH: join(dir, 'shop.db'),
      SITE_DIR: join(dir, site),
      UPLOADS_DIR: join(dir, 'uploads'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_STONES: '30',
      NODE_ENV: 'development',
      LOG_REQUESTS: 'false',
      SHUTDOWN_GRACE_MS: String(graceMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  await new Promise<void>((ready, fail) => {
    const timer = setInterval(() => output.includes(until) && (clearInterval(timer), ready()), 100);
    void exited.then((code) => (clearInterval(timer), fail(new Error(`exited (${code}):\n${output.slice(-3000)}`))));
  });
  return { proc, port, output: () => output, exited };
}

/** An API Link key of the first approved trader, written straight into the running shop's database. */
function traderKey(): { key: string; id: number } {
  const shop = new Database(join(dir, 'shop.db'));
  try {
    const user = shop.prepare(`select id from users where role = 'user' and status = 'approved' limit 1`).get() as {
      id: number;
    };
    shop.prepare('update users set api_allow = 1 where id = ?').run(user.id);
    const key = generateKey('trade');
    const made = shop
      .prepare('insert into api_keys (user_id, name, scope, key_hash, last4, created_at) values (?, ?, ?, ?, ?, ?)')
      .run(
        user.id,
        'shutdown',
        'trade',
        hashKey({ SESSION_SECRET: DEV_SESSION_SECRET }, key),
        key.slice(-4),
        Date.now(),
      );
    return { key, id: Number(made.lastInsertRowid) };
  } finally {
    shop.close();
  }
}

/** The calls counted for key `id` over every day. */
function callsOf(id: number): number {
  const shop = new Database(join(dir, 'shop.db'), { readonly: true });
  try {
    return (
      shop.prepare('select coalesce(sum(calls), 0) as n from api_usage where key_id = ?').get(id) as { n: number }
    ).n;
  } finally {
    shop.close();
  }
}

/** Every process below `pid` (children, grandchildren ...), from /proc. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name), ...descendants(Number(name)));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** Starts downloading /big.bin and stops reading after the first chunk. */
function download(port: number) {
  return new Promise<{ res: IncomingMessage; received: () => number; done: Promise<boolean> }>((ok, fail) => {
    get({ host: '127.0.0.1', port, path: '/big.bin', agent: false }, (res) => {
      let received = 0;
      const done = new Promise<boolean>((r) => {
        res.on('end', () => r(true));
        res.on('error', () => r(false));
        res.on('close', () => r(res.complete));
      });
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      res.once('data', () => {
        res.pause();
        ok({ res, received: () => received, done });
      });
    }).on('error', fail);
  });
}

async function refused(port: number): Promise<boolean> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const r = await fetch(`http://127.0.0.1:${port}/livez`).then(
      () => false,
      () => true,
    );
    if (r) return true;
    await new Promise((x) => setTimeout(x, 100));
  }
  return false;
}

describe('graceful shutdown of the real start', { timeout: 400_000 }, () => {
  it('SIGTERM to npm start: the download in flight ends 200 with every byte, exit 0, no orphan', async () => {
    const run = await start(['npm', 'start'], 60_000);
    expect((await fetch(`http://127.0.0.1:${run.port}/livez`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${run.port}/readyz`)).status).toBe(200);
    writeFileSync(join(dir, 'dist', 'big.bin'), Buffer.alloc(BIG, 7));
    const below = descendants(run.proc.pid!);
    expect(below.length).toBeGreaterThan(0);

    const { key, id } = traderKey();
    const call = await fetch(`http://127.0.0.1:${run.port}/api/link/v1/stones?limit=1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(call.status).toBe(200);
    await call.arrayBuffer();

    const dl = await download(run.port);
    run.proc.kill('SIGTERM');
    expect(await refused(run.port)).toBe(true);
    dl.res.resume();
    expect(await dl.done).toBe(true);
    expect(dl.res.statusCode).toBe(200);
    expect(dl.received()).toBe(BIG);

    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/\[shutdown\] stopped in \d+ ms/);
    expect(run.output()).not.toMatch(/grace period/);
    expect(below.filter(alive)).toEqual([]);
    expect(callsOf(id)).toBe(1);
  });

  it('SIGINT with a download nobody reads: cut when SHUTDOWN_GRACE_MS is over, exit 0', async () => {
    const run = await start([process.execPath, 'scripts/start.ts'], 1500);
    const dl = await download(run.port);
    run.proc.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/grace period \(1500 ms\) over: open connections closed/);
    dl.res.resume();
    expect(await dl.done).toBe(false);
    expect(dl.received()).toBeLessThan(BIG);
  });

  it('SIGTERM while the site builds: the build processes end too, exit 0', async () => {
    // the earlier starts published their build in the database: forget it, so this node builds
    const shop = new Database(join(dir, 'shop.db'));
    shop.prepare('delete from site_builds').run();
    shop.close();
    const run = await start([process.execPath, 'scripts/start.ts'], 10_000, 'Building the site', 'dist-fresh');
    // the build runs in a child process (astro); wait until it is there
    const end = Date.now() + 60_000;
    while (descendants(run.proc.pid!).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const below = descendants(run.proc.pid!);
    expect(below.length).toBeGreaterThan(0);
    run.proc.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toMatch(/is running at/);
    const gone = Date.now() + 10_000;
    while (below.some(alive) && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
    expect(below.filter(alive)).toEqual([]);
    const db = new Database(join(dir, 'shop.db'), { readonly: true });
    expect(db.prepare("select holder from leases where name = 'site-build'").all()).toEqual([]);
    db.close();
  });
});
