/**
 * Automatic static regeneration: after a content change the site is rebuilt in the
 * background (debounced), into a fresh folder next to SITE_DIR (`<SITE_DIR>-<stamp>`), and
 * the served root is swapped to it only once the build is complete; builds older than the
 * one it replaced are then deleted (pages loaded before the swap still get their assets).
 * A failed build keeps the current site and is logged, and is tried again (`retries` times,
 * `retryDelayMs` later): a build can fail for a passing reason, e.g. another build of the
 * same checkout clearing Astro's shared `.astro/` temp files. Changes that arrive during a
 * build queue one more build after it.
 *
 * The builder may also fill the folder from a build another app node published (shared-build.ts):
 * a content change is then built once for the whole cluster. And it may find that the served
 * build already shows what the database holds (its stamp: build.ts), as after a stock change
 * off the home strip: then nothing is built or swapped.
 *
 * Each regenerated build carries OWNER_FILE with the server's identity (`buildOwner`: its
 * SITE_DIR and database), and only builds with this server's identity are ever served,
 * swapped in or deleted: another server sharing the folder (or a folder merely named like a
 * build) is left alone.
 *
 *   const owner = buildOwner(config.SITE_DIR, config.databaseLocation);
 *   const regen = createRegenerator({ root, siteDir, owner, build });
 *   deps.site = regen;          // services call deps.site?.contentChanged('block x')
 *   regen.status();             // { state: 'idle' | 'scheduled' | 'building' | 'failed', ... }
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Db } from '../../../db/client.ts';
import type { SiteRoot } from '../../static-site.ts';
import { builtStamp, contentVersion } from './build.ts';
import { logger } from '../platform/logger.ts';

export type BuildState = 'idle' | 'scheduled' | 'building' | 'failed';
export type BuildStatus = {
  state: BuildState;
  version: number;
  lastBuiltAt: string | null;
  lastError: string | null;
  reasons: string[];
  /** since start: sites this node built, and sites it unpacked from a published build */
  built: number;
  unpacked: number;
};
/**
 * Fills outDir with the site; says whether it built it or unpacked a published build (another
 * node's, or one made earlier for the same content: shared-build.ts), or that the served build already shows the database (`current`: outDir
 * is left empty and the site stays as it is).
 */
export type Builder = (outDir: string) => Promise<'built' | 'unpacked' | 'current' | void>;

export type Regenerator = {
  contentChanged(reason: string): void;
  status(): BuildStatus;
  /** resolves when no build is scheduled or running (tests, shutdown) */
  idle(): Promise<void>;
  /** shutdown: no more builds; resolves when the running one has ended (its child is stopped by the site-build worker) */
  stop(): Promise<void>;
};

/** A status before any build (the `state` is the caller's). */
export const noBuildsYet = () => ({
  version: 0,
  lastBuiltAt: null,
  lastError: null,
  reasons: [] as string[],
  built: 0,
  unpacked: 0,
});

const SUFFIX = /-(\d{13})$/;
export const OWNER_FILE = '.build-owner';

/** The identity of a server's builds: its resolved SITE_DIR and database (file or URL), hashed. */
export function buildOwner(siteDir: string, database: string): string {
  const where = /^[a-z][a-z0-9+.-]*:\/\//i.test(database) ? database : resolve(database);
  return createHash('sha256')
    .update(`${resolve(siteDir)}\n${where}`)
    .digest('hex');
}

const ownedBy = (dir: string, owner: string) => {
  try {
    return readFileSync(join(dir, OWNER_FILE), 'utf8') === owner;
  } catch {
    return false;
  }
};

/** This server's complete builds next to siteDir (`<siteDir>-<ms>` with an index.html and its owner mark), newest first. */
export function listBuilds(siteDir: string, owner: string): string[] {
  const base = resolve(siteDir);
  const parent = dirname(base);
  if (!existsSync(parent)) return [];
  return readdirSync(parent)
    .filter((n) => n.startsWith(`${basename(base)}-`) && SUFFIX.test(n) && n.length === basename(base).length + 14)
    .map((n) => join(parent, n))
    .filter((d) => builtStamp(d) !== null && ownedBy(d, owner))
    .sort((a, b) => Number(SUFFIX.exec(b)?.[1]) - Number(SUFFIX.exec(a)?.[1]));
}

/** The folder to serve at start-up: this server's newest complete regenerated build newer than siteDir, else siteDir. */
export function newestBuild(siteDir: string, owner: string): string {
  const builds = listBuilds(siteDir, owner);
  const main = join(resolve(siteDir), 'index.html');
  const mainTime = existsSync(main) ? statSync(main).mtimeMs : 0;
  const newest = builds[0];
  return newest && statSync(join(newest, 'index.html')).mtimeMs > mainTime ? newest : resolve(siteDir);
}

export function createRegenerator(opts: {
  root: SiteRoot;
  siteDir: string;
  /** this server's identity (buildOwner), written into every build it makes */
  owner: string;
  build: Builder;
  debounceMs?: number;
  /** how often a failed build is tried again, and after how long (default 1, 5 x debounceMs) */
  retries?: number;
  retryDelayMs?: number;
  now?: () => number;
  log?: (msg: string) => void;
}): Regenerator {
  const {
    root,
    siteDir,
    owner,
    build,
    debounceMs = 1500,
    now = Date.now,
    log = (m) => logger.info({ worker: 'site' }, m),
  } = opts;
  const { retries = 1, retryDelayMs = debounceMs * 5 } = opts;
  let failures = 0;
  const status: BuildStatus = { ...noBuildsYet(), state: 'idle' };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let retryLater = false;
  let stopped = false;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (timer || running) return;
    for (const w of waiters) w();
    waiters = [];
  };

  /** Deletes every regenerated build but the one served and the one it replaced. */
  const prune = () => {
    const keep = [root.get(), root.previous()];
    for (const dir of listBuilds(siteDir, owner)) {
      if (!keep.includes(dir)) rmSync(dir, { recursive: true, force: true });
    }
  };

  const run = async () => {
    timer = null;
    const reasons = status.reasons;
    status.reasons = [];
    status.state = 'building';
    const out = `${resolve(siteDir)}-${now()}`;
    const t0 = performance.now();
    try {
      const how = (await build(out)) ?? 'built';
      if (how === 'current') {
        rmSync(out, { recursive: true, force: true });
        status.state = 'idle';
        failures = 0;
        log(`[site] kept: the pages show nothing new (${reasons.join(', ')})`);
        return;
      }
      status[how] += 1;
      writeFileSync(join(out, OWNER_FILE), owner);
      root.set(out);
      status.version += 1;
      status.lastBuiltAt = new Date(now()).toISOString();
      status.lastError = null;
      status.state = 'idle';
      failures = 0;
      const verb = how === 'built' ? 'rebuilt' : 'unpacked a published build';
      log(`[site] ${verb} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${reasons.join(', ')})`);
      try {
        prune();
      } catch (err) {
        log(`[site] could not delete an old build: ${String(err)}`);
      }
    } catch (err) {
      rmSync(out, { recursive: true, force: true });
      if (stopped) {
        status.state = 'idle';
        log('[site] rebuild stopped by the shutdown');
        return;
      }
      status.state = 'failed';
      status.lastError = err instanceof Error ? err.message.slice(0, 2000) : String(err);
      failures += 1;
      if (failures <= retries) {
        logger.error(
          { err, worker: 'site' },
          `rebuild failed; the current site stays, trying again in ${retryDelayMs} ms`,
        );
        status.reasons = [...reasons, ...status.reasons];
        if (!timer) retryLater = true;
      } else {
        failures = 0;
        logger.error({ err, worker: 'site' }, 'rebuild failed; the current site stays');
      }
    }
  };

  const start = () => {
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        schedule();
      } else if (retryLater) {
        retryLater = false;
        schedule(retryDelayMs);
      }
      settle();
    });
  };

  const schedule = (delay = debounceMs) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    if (status.state !== 'building') status.state = 'scheduled';
    timer = setTimeout(() => {
      timer = null;
      if (running) again = true;
      else start();
    }, delay);
  };

  return {
    contentChanged(reason) {
      // (a change this node saved is seen again by its content watch: one reason each)
      if (!status.reasons.includes(reason)) status.reasons.push(reason);
      schedule();
    },
    status: () => ({ ...status, reasons: [...status.reasons] }),
    idle: () => (timer || running ? new Promise<void>((r) => waiters.push(r)) : Promise.resolve()),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      settle();
    },
  };
}

/**
 * Polls the database's content stamp (content and stock versions) and tells the regenerator
 * when it moved: how a change saved through another app node reaches this node's pages. The
 * first poll also compares the served build with the database (`isServedCurrent`, the build's
 * stamp): a change saved between this node's start-up build and its first poll is not missed.
 * Returns the function that stops polling.
 */
export function watchContent(
  db: Db,
  regen: Pick<Regenerator, 'contentChanged'>,
  isServedCurrent: () => Promise<boolean>,
  everyMs = 1000,
): () => void {
  let last: string | undefined;
  let busy = false;
  const tick = async () => {
    const v = await contentVersion(db);
    if (last === undefined) {
      if (!(await isServedCurrent())) regen.contentChanged('content changed while this node started');
    } else if (v !== last) regen.contentChanged('content changed in the database');
    last = v;
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    tick()
      .catch((err: unknown) => logger.error({ err, worker: 'site' }, 'could not read the content version'))
      .finally(() => (busy = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
