/**
 * A throwaway PostgreSQL server for tests and benches, started from Debian's binaries
 * (/usr/lib/postgresql/<newest>/bin): a fresh data folder and socket folder under /tmp, trust
 * authentication on 127.0.0.1 only, a free port, fsync off (the data is thrown away), stopped
 * and deleted by `stop()` (and, as a last resort, when the process exits).
 *
 *   const pg = await startPgCluster();
 *   await pg.createDatabase('base');
 *   const url = pg.url('base');          // postgres://postgres@127.0.0.1:<port>/base
 *   await pg.stop();
 *
 * `initdb` refuses to run as root: as root every server command runs as the `postgres` user
 * (which Debian's package creates) through `runuser`, in folders that user owns.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/** What tests need of a server: URLs, and creating and dropping databases. */
export type PgAdmin = {
  /** The URL of `database` (default `postgres`) as the superuser `postgres`. */
  url(database?: string): string;
  /** Runs one statement as the superuser on the `postgres` database. */
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  createDatabase(name: string, template?: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  databaseExists(name: string): Promise<boolean>;
};

export type PgCluster = PgAdmin & {
  readonly port: number;
  stop(): Promise<void>;
  /** Stops the server but keeps its data (a database outage); `resume()` starts it again on the same port. */
  halt(): void;
  resume(): void;
};

/** Admin helpers for the server behind `adminUrl` (a URL of its `postgres` database). */
export function pgAdmin(adminUrl: string): PgAdmin {
  const url = (database = 'postgres') => {
    const u = new URL(adminUrl);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const query = async (text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    query,
    async createDatabase(name, template) {
      // a template is briefly busy while another CREATE DATABASE copies it (55006); a file
      // copy (one checkpoint, cheap with fsync off) clones a small template in half the time of
      // PostgreSQL 15's default WAL-logged copy
      for (let attempt = 1; ; attempt++) {
        try {
          await query(
            `CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)} STRATEGY FILE_COPY` : ''}`,
          );
          return;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 20 * attempt));
        }
      }
    },
    async dropDatabase(name) {
      // a closed pool's connections end a moment after pool.end() resolves: let them go rather
      // than have FORCE kill them (which their clients report as errors)
      for (let i = 0; i < 50; i++) {
        const busy = await query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if ((busy.rows[0] as { n: number }).n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
    },
    async databaseExists(name) {
      return (await query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    },
  };
}

/** The bin folder of the newest installed PostgreSQL, or undefined when none is installed. */
export function findPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** A database name safe to splice into SQL (we make them; this only guards typos). */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  return `"${name}"`;
}

export async function startPgCluster(opts: { log?: (line: string) => void } = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (see .ci/run)');
  const dir = mkdtempSync(join(tmpdir(), 'facet-pg-'));
  const data = join(dir, 'data');
  const sockets = dir;
  const logFile = join(dir, 'server.log');
  const asOwner = (cmd: string, args: string[]) =>
    isRoot()
      ? (['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] as const)
      : ([join(bin, cmd), args] as const);
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asOwner(cmd, args);
    const r = spawnSync(file, argv, { encoding: 'utf8' });
    if (r.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}\n${log}`);
    }
  };

  let stopped = false;
  const removeAll = () => rmSync(dir, { recursive: true, force: true });
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    const [file, argv] = asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    spawnSync(file, argv, { encoding: 'utf8' });
    removeAll();
  };
  process.once('exit', stopSync);

  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    let port = 0;
    let settings = '';
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      settings = [
        `-p ${port}`,
        `-k ${sockets}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ');
      try {
        run('pg_ctl', ['-D', data, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start']);
        break;
      } catch (err) {
        if (attempt >= 3) throw err; // the port was taken between the probe and the start
      }
    }
    opts.log?.(`[pg] PostgreSQL from ${bin} on 127.0.0.1:${port} (${dir})`);

    const admin = pgAdmin(`postgres://postgres@127.0.0.1:${port}/postgres`);
    return {
      ...admin,
      port,
      async stop() {
        process.removeListener('exit', stopSync);
        stopSync();
      },
      halt: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
      resume: () => run('pg_ctl', ['-D', data, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start']),
    };
  } catch (err) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw err;
  }
}
