/**
 * Published builds (api/services/site/shared-build.ts) on an embedded database: content put
 * back as it was takes the build made for it before instead of building again, and a build taken
 * again stays among the few kept.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateDb, openDb, type Db } from '../../db/client.ts';
import * as schema from '../../db/tables.ts';
import { obtainSite } from '../../api/services/site/shared-build.ts';
import { bumpVersion } from '../../api/services/site/versions.ts';

let dir = '';
let db: Db;
let builds: string[] = [];
let n = 0;
const BLOCK = 'home_welcome_title';

/** A stand-in for astro: the page shows the block's text, and each build is counted. */
async function build(out: string) {
  const [row] = await db.select().from(schema.siteBlocks).where(eq(schema.siteBlocks.id, BLOCK));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'index.html'), `<h1>${String(row?.value)}</h1>`);
  builds.push(String(row?.value));
}

/** A content save: the block's text, and the content version moved (as blocks.ts saves it). */
async function setText(value: string) {
  await db.update(schema.siteBlocks).set({ value }).where(eq(schema.siteBlocks.id, BLOCK));
  await bumpVersion(db, 'content');
}

/** The site for the content as it is now, in a fresh folder: how it was obtained and what its page shows. */
async function site() {
  await new Promise((r) => setTimeout(r, 5)); // each publish later than the last
  const out = join(dir, `site-${n++}`);
  const { how } = await obtainSite(db, out, build, { log: () => {} });
  return [how, readFileSync(join(out, 'index.html'), 'utf8')];
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'facet-shared-build-'));
  db = await openDb(join(dir, 'shop.db'));
  await migrateDb(db);
  await db.insert(schema.siteBlocks).values({ id: BLOCK, type: 'text', value: 'Welcome' });
  builds = [];
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('an edit put back is unpacked from the build made for it before, not built again', async () => {
  expect(await site()).toEqual(['built', '<h1>Welcome</h1>']);
  await setText('Hello');
  expect(await site()).toEqual(['built', '<h1>Hello</h1>']);
  await setText('Welcome');
  expect(await site()).toEqual(['unpacked', '<h1>Welcome</h1>']);
  expect(builds).toEqual(['Welcome', 'Hello']);
});

it('a build unpacked again is kept while three newer builds are published around it', async () => {
  await site(); // Welcome
  for (const text of ['One', 'Two', 'Three']) {
    await setText(text);
    await site();
    await setText('Welcome');
    expect(await site()).toEqual(['unpacked', '<h1>Welcome</h1>']);
  }
  expect(builds).toEqual(['Welcome', 'One', 'Two', 'Three']);
  expect((await db.select({ stamp: schema.siteBuilds.stamp }).from(schema.siteBuilds)).length).toBe(3);
});
