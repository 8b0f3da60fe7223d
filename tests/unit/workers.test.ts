/**
 * The worker registry a shutdown stops, and the site regenerator as one of its workers: every
 * worker is stopped at once and waited for, a failing stop does not keep the others from
 * stopping, a worker started during the shutdown is stopped at once, and a stopped regenerator
 * lets its running build end and starts no other (no retry, no queued change).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerRegistry } from '../../api/services/platform/workers.ts';
import { buildOwner, createRegenerator } from '../../api/services/site/regenerate.ts';
import { siteRoot } from '../../api/static-site.ts';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the worker registry', () => {
  it('stops every worker and waits for each to finish its current item', async () => {
    const log: string[] = [];
    const registry = createWorkerRegistry((l) => log.push(l));
    const finished: string[] = [];
    registry.register('slow', async () => {
      await tick(30);
      finished.push('slow');
    });
    registry.register('broken', async () => {
      throw new Error('stuck');
    });
    const gone = registry.register('ended by itself', async () => void finished.push('never'));
    gone();
    expect(registry.names()).toEqual(['slow', 'broken']);
    await registry.stopAll();
    expect(finished).toEqual(['slow']);
    expect(log).toEqual(['[workers] broken did not stop cleanly: stuck']);
    expect(registry.names()).toEqual([]);
  });

  it('stops a worker registered during the shutdown at once', async () => {
    const registry = createWorkerRegistry(() => {});
    await registry.stopAll();
    let stopped = false;
    registry.register('late build', async () => void (stopped = true));
    await tick(0);
    expect(stopped).toBe(true);
  });
});

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a stopped site regenerator', () => {
  it('lets the running build end and starts no other', async () => {
    dir = mkdtempSync(join(tmpdir(), 'facet-workers-'));
    const siteDir = join(dir, 'site');
    mkdirSync(siteDir);
    writeFileSync(join(siteDir, 'index.html'), 'v0');
    const builds: string[] = [];
    let release: () => void = () => {};
    const regen = createRegenerator({
      root: siteRoot(siteDir),
      siteDir,
      owner: buildOwner(siteDir, join(dir, 'db')),
      debounceMs: 5,
      log: () => {},
      build: async (out) => {
        builds.push(out);
        await new Promise<void>((r) => (release = r));
        throw new Error('build process ended by the shutdown');
      },
    });
    regen.contentChanged('a');
    while (builds.length === 0) await tick(5);
    regen.contentChanged('b'); // would queue another build after this one
    const stopped = regen.stop();
    release();
    await stopped;
    await tick(50);
    expect(builds).toHaveLength(1);
    expect(regen.status().state).toBe('idle');
    regen.contentChanged('c');
    await tick(50);
    expect(builds).toHaveLength(1);
  });
});
