/**
 * Building the static site with Astro in a child process (keeps the server's memory flat,
 * see ENVIRONMENT.md), and deciding whether a build is needed: a build is stamped with a
 * hash of the site's source files and of what its pages show of the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Db } from '../../../db/client.ts';
import { inheritedEnv, type Config } from '../../config.ts';
import { writeScriptHashes } from './inline-scripts.ts';
import { withLease } from '../platform/leases.ts';
import { workers } from '../platform/workers.ts';
import { readVersions } from './versions.ts';
import { sha256 } from '../accounts/tokens.ts';
import { contentData } from '../../../src/content/site-data.ts';
import { featuredEntries } from '../../../src/content/featured.ts';
import { siteBuilds, timed } from '../platform/metrics.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const STAMP_FILE = '.build-stamp';

/** Each source file by its path in the project and its bytes: the same checkout gives the same hash on every machine. */
function walk(path: string, out: string[]): void {
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return;
  if (s.isDirectory()) {
    for (const name of readdirSync(path).sort()) walk(join(path, name), out);
  } else {
    const bytes = createHash('sha256').update(readFileSync(path)).digest('hex');
    out.push(`${relative(ROOT, path)}:${bytes}`);
  }
}

/**
 * What moves when the database changes under the built pages: the content and stock versions.
 * Cheap to read, so a node polls it (watchContent); whether the change shows is `siteContent`'s.
 */
export async function contentVersion(db: Db): Promise<string> {
  const v = await readVersions(db, ['content', 'stock']);
  return `content:${v.content}|stock:${v.stock}`;
}

/**
 * What the built pages show of the database: a hash of the entries the build's loaders read
 * (src/content/site-data.ts: blocks, published posts, the site's details and the home strip's
 * stones). A save that shows nowhere (a stock change off the strip, a draft post, a setting no
 * page shows) keeps the build: a scheduled feed or a push from the wholesaler's own system does
 * not rebuild the site. Content put back as it was has the stamp it had, so the build made for
 * it then is taken again (shared-build.ts) instead of built.
 *
 * The blocks, posts and site details change only with a content save, which moves the content
 * version (the one every node already watches to rebuild): their hash is kept by the version it
 * was read at (the version read first, so a save meanwhile is read again next time). A stock
 * change therefore reads only the home strip's few stones again, not every post.
 */
const contentHashes = new WeakMap<Db, { version: number; hash: string }>();

async function contentHash(db: Db): Promise<string> {
  const { content } = await readVersions(db, ['content']);
  const kept = contentHashes.get(db);
  if (kept?.version === content) return kept.hash;
  const hash = sha256(JSON.stringify(await contentData(db)));
  contentHashes.set(db, { version: content, hash });
  return hash;
}

async function siteContent(db: Db): Promise<string> {
  const [content, featured] = await Promise.all([contentHash(db), featuredEntries(db)]);
  return sha256(`${content}|${JSON.stringify(featured)}`);
}

/**
 * The sources' fingerprint (computed once per process: sources do not change under a server).
 * Nodes of one release agree on it, so one node's build serves them all (shared-build.ts).
 */
let sourcesHash: string | undefined;
function sourceFingerprint(): string {
  if (sourcesHash) return sourcesHash;
  const files: string[] = [];
  for (const s of SOURCES) walk(join(ROOT, s), files);
  return (sourcesHash = sha256(files.join('\n')));
}

export async function buildStamp(db: Db): Promise<string> {
  return sha256(sourceFingerprint() + (await siteContent(db)));
}

/** The stamp of the complete build in siteDir (its index.html and stamp written), else null. */
export function builtStamp(siteDir: string): string | null {
  const file = join(siteDir, STAMP_FILE);
  return existsSync(join(siteDir, 'index.html')) && existsSync(file) ? readFileSync(file, 'utf8') : null;
}

export function isBuildCurrent(siteDir: string, stamp: string): boolean {
  return builtStamp(siteDir) === stamp;
}

/** The settings a build needs to read the database. */
export function siteBuildEnv(config: Config): Record<string, string> {
  return config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : { DATABASE_PATH: config.DATABASE_PATH };
}

/** This process's name in the cluster's leases. */
export const NODE_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Runs a site build while holding the cluster's `site-build` lease: one build at a time across
 * every app node (a build takes both cores of a machine for several seconds). A shutdown waits
 * for the lease to be released.
 */
export function oneBuildAtATime<T>(db: Db, build: () => Promise<T>): Promise<T> {
  const work = withLease(db, 'site-build', NODE_ID, build, { ttlMs: 180_000 });
  // a shutdown waits for the lease to be released (the build's process is ended by its own worker)
  const settled = work.then(
    () => {},
    () => {},
  );
  const unregister = workers.register('site-build lease', () => settled);
  void settled.then(unregister);
  return work;
}

/** Path settings made absolute, since the build runs from another directory. */
function absolutePaths(env: Record<string, string>): Record<string, string> {
  const all = { ...inheritedEnv(), ...env };
  const out: Record<string, string> = { ...env };
  for (const key of ['DATABASE_PATH', 'UPLOADS_DIR', 'SITE_DIR']) {
    const value = all[key];
    if (value) out[key] = resolve(value);
  }
  return out;
}

/** Builds the site (counted and timed in the site_build_duration_seconds metric). */
export function buildSite(outDir: string, env: Record<string, string>, stamp: string): Promise<void> {
  return timed(
    () => astroBuild(outDir, env, stamp),
    (seconds, ok) => siteBuilds.observe({ outcome: ok ? 'built' : 'failed' }, seconds),
  );
}

/** Runs `astro build` into outDir; resolves when done (its `.build-stamp` dated when it began), rejects with its output on failure. */
function astroBuild(outDir: string, env: Record<string, string>, stamp: string): Promise<void> {
  const started = new Date();
  return new Promise((done, fail) => {
    const astro = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
    // Astro writes its intermediate server build into `<cwd>/.astro/` when outDir is outside
    // the current directory, and those chunks must resolve packages from the project's
    // node_modules. So each build runs from its own work folder inside the project: builds
    // into different folders (a regeneration, a second server) never share those files.
    const out = resolve(outDir);
    const work = join(ROOT, 'node_modules', '.cache', 'facet-builds', sha256(out).slice(0, 16));
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    // its own process group, so a shutdown stops astro and everything it started (stopBuild)
    const child = spawn(process.execPath, [astro, 'build', '--silent', '--root', ROOT], {
      detached: true,
      cwd: work,
      env: {
        ...inheritedEnv(),
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
    const ended = new Promise<void>((r) => child.once('close', () => r()));
    const unregister = workers.register('site build', () => stopBuild(child, ended));
    child.on('close', (code) => {
      unregister();
      rmSync(work, { recursive: true, force: true });
      if (code === 0) {
        writeScriptHashes(outDir);
        writeFileSync(join(outDir, STAMP_FILE), stamp);
        // the stamp's time is when the build began reading the database (block-overlay.ts)
        utimesSync(join(outDir, STAMP_FILE), started, started);
        done();
      } else {
        fail(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`));
      }
    });
  });
}

/** Ends a build's process group: SIGTERM, then SIGKILL if it has not ended 5 s later. */
async function stopBuild(child: ChildProcess, ended: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  group('SIGTERM');
  const killer = setTimeout(() => group('SIGKILL'), 5000);
  await ended;
  clearTimeout(killer);
}
