/**
 * Building the static site with Astro in a child process (keeps the server's memory flat,
 * see ENVIRONMENT.md), and deciding whether a build is needed: a build is stamped with a
 * hash of the site's source files and of the database content it was built from.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from '../../../db/client.ts';
import type { Config } from '../../config.ts';
import { writeScriptHashes } from './inline-scripts.ts';
import { withLease } from '../platform/leases.ts';
import { readVersions } from './versions.ts';
import { siteBuilds, timed } from '../platform/metrics.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const STAMP_FILE = '.build-stamp';

function walk(path: string, out: string[]): void {
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return;
  if (s.isDirectory()) {
    for (const name of readdirSync(path).sort()) walk(join(path, name), out);
  } else {
    out.push(`${path}:${s.size}:${Math.floor(s.mtimeMs)}`);
  }
}

/** What the built pages depend on in the database: the content and stock versions. */
export async function contentVersion(db: Db): Promise<string> {
  const v = await readVersions(db, ['content', 'stock']);
  return `content:${v.content}|stock:${v.stock}`;
}

/** The sources' fingerprint (computed once per process: sources do not change under a server). */
let sourcesHash: string | undefined;
function sourceFingerprint(): string {
  if (sourcesHash) return sourcesHash;
  const files: string[] = [];
  for (const s of SOURCES) walk(join(ROOT, s), files);
  return (sourcesHash = createHash('sha256').update(files.join('\n')).digest('hex'));
}

export async function buildStamp(db: Db): Promise<string> {
  return createHash('sha256')
    .update(sourceFingerprint())
    .update(await contentVersion(db))
    .digest('hex');
}

export function isBuildCurrent(siteDir: string, stamp: string): boolean {
  const file = join(siteDir, STAMP_FILE);
  return existsSync(join(siteDir, 'index.html')) && existsSync(file) && readFileSync(file, 'utf8') === stamp;
}

/** The settings a build needs to read the database. */
export function siteBuildEnv(config: Config): Record<string, string> {
  return config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : { DATABASE_PATH: config.DATABASE_PATH };
}

/** This process's name in the cluster's leases. */
export const NODE_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Runs a site build while holding the cluster's `site-build` lease: one build at a time across
 * every app node (a build takes both cores of a machine for several seconds).
 */
export function oneBuildAtATime<T>(db: Db, build: () => Promise<T>): Promise<T> {
  return withLease(db, 'site-build', NODE_ID, build, { ttlMs: 180_000 });
}

/** Path settings made absolute, since the build runs from another directory. */
function absolutePaths(env: Record<string, string>): Record<string, string> {
  const all = { ...process.env, ...env };
  const out: Record<string, string> = { ...env };
  for (const key of ['DATABASE_PATH', 'UPLOADS_DIR', 'SITE_DIR']) {
    const value = all[key];
    if (value) out[key] = resolve(value);
  }
  return out;
}

/** Runs `astro build` into outDir; resolves when done, rejects with its output on failure. */
/** Builds the site (counted and timed in the site_build_duration_seconds metric). */
export function buildSite(outDir: string, env: Record<string, string>, stamp: string): Promise<void> {
  return timed(
    () => astroBuild(outDir, env, stamp),
    (seconds, ok) => siteBuilds.observe({ outcome: ok ? 'built' : 'failed' }, seconds),
  );
}

function astroBuild(outDir: string, env: Record<string, string>, stamp: string): Promise<void> {
  return new Promise((done, fail) => {
    const astro = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
    // Astro writes its intermediate server build into `<cwd>/.astro/` when outDir is outside
    // the current directory, and those chunks must resolve packages from the project's
    // node_modules. So each build runs from its own work folder inside the project: builds
    // into different folders (a regeneration, a second server) never share those files.
    const out = resolve(outDir);
    const work = join(
      ROOT,
      'node_modules',
      '.cache',
      'facet-builds',
      createHash('sha256').update(out).digest('hex').slice(0, 16),
    );
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const child = spawn(process.execPath, [astro, 'build', '--silent', '--root', ROOT], {
      cwd: work,
      env: {
        ...process.env,
        ...absolutePaths(env),
        ASTRO_OUT_DIR: out,
        // its own data store: another build of this checkout must not swap content under it
        ASTRO_CACHE_DIR: join(work, 'astro-cache'),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', fail);
    child.on('close', (code) => {
      rmSync(work, { recursive: true, force: true });
      if (code === 0) {
        writeScriptHashes(outDir);
        writeFileSync(join(outDir, STAMP_FILE), stamp);
        done();
      } else {
        fail(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`));
      }
    });
  });
}
