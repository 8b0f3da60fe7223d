/**
 * The background site regenerator: debounced, swaps only complete builds, keeps the old site on
 * failure, builds nothing when the served site already shows the database; and the build's stamp.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  OWNER_FILE,
  type Builder,
  buildOwner,
  createRegenerator,
  listBuilds,
  newestBuild,
  watchContent,
} from '../../api/services/site/regenerate.ts';
import { bumpVersion } from '../../api/services/site/versions.ts';
import { buildStamp } from '../../api/services/site/build.ts';
import { featuredEntries } from '../../src/content/featured.ts';
import * as schema from '../../db/tables.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { eq, notInArray } from 'drizzle-orm';
import { migrateDb, openDb } from '../../db/client.ts';
import { siteRoot } from '../../api/static-site.ts';

let dir = '';
const OWNER = buildOwner('/srv/site', '/srv/facet.db');
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(build: Builder, log: (msg: string) => void = () => {}) {
  dir = mkdtempSync(join(tmpdir(), 'facet-regen-'));
  const siteDir = join(dir, 'site');
  mkdirSync(siteDir);
  writeFileSync(join(siteDir, 'index.html'), 'v0');
  const root = siteRoot(siteDir);
  let t = 1_700_000_000_000;
  const regen = createRegenerator({
    root,
    siteDir,
    owner: OWNER,
    build,
    debounceMs: 20,
    now: () => ++t,
    log,
  });
  return { siteDir, root, regen };
}

const fakeBuild = (calls: string[]) => async (out: string) => {
  calls.push(out);
  await new Promise((r) => setTimeout(r, 10));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'index.html'), `v${calls.length}`);
  writeFileSync(join(out, '.build-stamp'), 'x');
};

describe('regenerator', () => {
  it('debounces changes into one build, swaps the root and deletes older builds', async () => {
    const calls: string[] = [];
    const { siteDir, root, regen } = setup(fakeBuild(calls));
    regen.contentChanged('a');
    regen.contentChanged('b');
    regen.contentChanged('a'); // the node's content watch seeing its own change again
    expect(regen.status()).toMatchObject({ state: 'scheduled', reasons: ['a', 'b'] });
    await regen.idle();
    expect(calls).toHaveLength(1);
    expect(root.get()).toBe(calls[0]);
    expect(regen.status()).toMatchObject({ state: 'idle', version: 1 });
    regen.contentChanged('c');
    await regen.idle();
    expect(calls).toHaveLength(2);
    expect(root.get()).toBe(calls[1]);
    // the replaced build stays for pages loaded before the swap; older ones go
    expect(listBuilds(siteDir, OWNER)).toEqual([calls[1], calls[0]]);
    regen.contentChanged('d');
    await regen.idle();
    expect(existsSync(calls[0] as string)).toBe(false);
    expect(listBuilds(siteDir, OWNER)).toEqual([calls[2], calls[1]]);
    expect(newestBuild(siteDir, OWNER)).toBe(calls[2]);
  });

  it('builds nothing when the served site already shows the database (a stock change off the home strip)', async () => {
    const calls: string[] = [];
    const logged: string[] = [];
    const { siteDir, root, regen } = setup(
      async (out) => {
        calls.push(out);
        return 'current';
      },
      (m) => logged.push(m),
    );
    regen.contentChanged('stock import');
    await regen.idle();
    expect(calls).toHaveLength(1);
    expect(root.get()).toBe(siteDir);
    expect(existsSync(calls[0]!)).toBe(false);
    expect(regen.status()).toMatchObject({ state: 'idle', version: 0, built: 0, unpacked: 0, lastBuiltAt: null });
    expect(logged).toEqual(['[site] kept: the pages show nothing new (stock import)']);
  });

  it('keeps the current site when a build fails, and removes the half-built folder', async () => {
    const outs: string[] = [];
    const { siteDir, root, regen } = setup(async (out) => {
      outs.push(out);
      mkdirSync(out);
      writeFileSync(join(out, 'half.html'), '');
      throw new Error('astro build failed');
    });
    regen.contentChanged('x');
    await regen.idle();
    expect(root.get()).toBe(siteDir);
    expect(regen.status()).toMatchObject({ state: 'failed', version: 0 });
    expect(existsSync(outs[0] as string)).toBe(false);
  });

  it('tries a failed build once more, later, with the same reasons', async () => {
    const calls: string[] = [];
    let failed = false;
    const { root, regen } = setup(async (out) => {
      if (!failed) {
        failed = true;
        throw new Error('Cannot find module .astro/.prerender/chunks/x.mjs');
      }
      await fakeBuild(calls)(out);
    });
    regen.contentChanged('block a');
    await regen.idle();
    expect(calls).toHaveLength(1);
    expect(root.get()).toBe(calls[0]);
    expect(regen.status()).toMatchObject({ state: 'idle', version: 1, lastError: null });
  });

  it('queues one more build when a change arrives during a build', async () => {
    const calls: string[] = [];
    const { root, regen } = setup(async (out) => {
      await fakeBuild(calls)(out);
      if (calls.length === 1) regen.contentChanged('during');
    });
    regen.contentChanged('first');
    await regen.idle();
    await new Promise((r) => setTimeout(r, 60));
    await regen.idle();
    expect(calls).toHaveLength(2);
    expect(root.get()).toBe(calls[1]);
  });
});

describe('the builds a server takes for its own', () => {
  /** A complete build folder, as another server (or this one, with `owner`) would leave it. */
  const plant = (path: string, owner: string | null) => {
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'index.html'), `planted ${path}`);
    writeFileSync(join(path, '.build-stamp'), 'x');
    if (owner) writeFileSync(join(path, OWNER_FILE), owner);
    return path;
  };

  it("never serves or deletes another server's build beside its SITE_DIR", async () => {
    const calls: string[] = [];
    const { siteDir, regen } = setup(fakeBuild(calls));
    const future = Date.now() + 60_000;
    const other = plant(`${siteDir}-${future}`, buildOwner(join(dir, 'site'), '/elsewhere/other.db'));
    const unmarked = plant(`${siteDir}-${future + 1}`, null);
    const lookalike = plant(`${siteDir}-b-${future + 2}`, OWNER);
    expect(newestBuild(siteDir, OWNER)).toBe(siteDir);
    expect(listBuilds(siteDir, OWNER)).toEqual([]);

    for (const reason of ['a', 'b', 'c']) {
      regen.contentChanged(reason);
      await regen.idle();
    }
    expect(listBuilds(siteDir, OWNER)).toEqual([calls[2], calls[1]]);
    for (const kept of [other, unmarked, lookalike]) expect(existsSync(kept), kept).toBe(true);
  });

  it('takes its own newest build at start-up', () => {
    dir = mkdtempSync(join(tmpdir(), 'facet-regen-'));
    const siteDir = plant(join(dir, 'site'), null);
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(siteDir, 'index.html'), hourAgo, hourAgo);
    const own = plant(`${siteDir}-${Date.now() + 60_000}`, OWNER);
    expect(newestBuild(siteDir, OWNER)).toBe(own);
    expect(newestBuild(siteDir, buildOwner(siteDir, '/another.db'))).toBe(siteDir);
  });
});

describe('the content watch (several app nodes)', () => {
  async function watched(servedCurrent: boolean) {
    dir = mkdtempSync(join(tmpdir(), 'facet-watch-'));
    const db = await openDb(join(dir, 'watch.db'));
    await migrateDb(db);
    const reasons: string[] = [];
    const stop = watchContent(db, { contentChanged: (r) => reasons.push(r) }, async () => servedCurrent, 10);
    return { db, reasons, stop };
  }
  const ticks = () => new Promise((r) => setTimeout(r, 80));

  it('a change saved before its first poll rebuilds a node whose served build is older', async () => {
    const { db, reasons, stop } = await watched(false);
    await ticks();
    stop();
    db.close();
    expect(reasons).toEqual(['content changed while this node started']);
  });

  it('a node whose served build is current rebuilds only when the content version moves', async () => {
    const { db, reasons, stop } = await watched(true);
    await ticks();
    expect(reasons).toEqual([]);
    await bumpVersion(db, 'content');
    await ticks();
    stop();
    db.close();
    expect(reasons).toEqual(['content changed in the database']);
  });
});

describe("the build's stamp (what the pages show of the database)", () => {
  it('moves with what the pages are built from: the blocks, the published posts and the home strip, and comes back with them', async () => {
    dir = mkdtempSync(join(tmpdir(), 'facet-stamp-'));
    const db = await openDb(join(dir, 'stamp.db'));
    await migrateDb(db);
    await seedDatabase(db, { stones: 40, production: false });
    const d = schema.diamonds;
    const strip = (await featuredEntries(db)).map((e) => Number(e.id));
    expect(strip.length).toBeGreaterThan(0);
    const before = await buildStamp(db);

    // a feed's new price for a stone off the strip, and the stock and content versions moved
    const [off] = await db.select({ id: d.id }).from(d).where(notInArray(d.id, strip)).limit(1);
    await db.update(d).set({ priceCents: 123_456 }).where(eq(d.id, off!.id));
    await bumpVersion(db, 'stock');
    await bumpVersion(db, 'content');
    expect(await buildStamp(db)).toBe(before);

    // a stone the strip shows is re-graded: its card changes
    const [graded] = await db.select({ weight: d.weight }).from(d).where(eq(d.id, strip[0]!));
    await db.update(d).set({ weight: 9.99 }).where(eq(d.id, strip[0]!));
    const regraded = await buildStamp(db);
    expect(regraded).not.toBe(before);
    await db.update(d).set({ weight: graded!.weight }).where(eq(d.id, strip[0]!));
    expect(await buildStamp(db)).toBe(before);

    // a block's text, then put back as it was (each a content save, which moves the content
    // version): the build made for it before is the one wanted
    const b = schema.siteBlocks;
    const [block] = await db.select().from(b).where(eq(b.type, 'text')).limit(1);
    await db.update(b).set({ value: 'A new welcome' }).where(eq(b.id, block!.id));
    await bumpVersion(db, 'content');
    expect(await buildStamp(db)).not.toBe(before);
    await db.update(b).set({ value: block!.value }).where(eq(b.id, block!.id));
    await bumpVersion(db, 'content');
    expect(await buildStamp(db)).toBe(before);

    // a post is published, then unpublished; a draft's edit shows nowhere
    const p = schema.posts;
    const [post] = await db.select().from(p).where(eq(p.status, 'published')).limit(1);
    await db.update(p).set({ status: 'draft' }).where(eq(p.id, post!.id));
    await bumpVersion(db, 'content');
    const unpublished = await buildStamp(db);
    expect(unpublished).not.toBe(before);
    await db.update(p).set({ title: 'A draft of another title' }).where(eq(p.id, post!.id));
    await bumpVersion(db, 'content');
    expect(await buildStamp(db)).toBe(unpublished);

    // the blocks and posts are read again only when the content version moves: a stock change
    // (the strip re-read) does not read them, so a change written without a content save waits
    await db.update(b).set({ value: 'Written around the admin' }).where(eq(b.id, block!.id));
    await bumpVersion(db, 'stock');
    expect(await buildStamp(db)).toBe(unpublished);
    await bumpVersion(db, 'content');
    expect(await buildStamp(db)).not.toBe(unpublished);
    db.close();
  });
});
