/**
 * One site build for every app node: the node that builds a stamp (the sources' and the
 * content's hash, build.ts) publishes the result into the database (table `site_builds`, a
 * gzipped tar of the folder, site-archive.ts); the others unpack it instead of building.
 *
 * - A node that needs the site for stamp S first looks for S in `site_builds`; found, it
 *   unpacks it into its folder (well under a second).
 * - Else it takes the cluster's `site-build` lease (waiting while another node builds), reads
 *   the stamp again (content may have moved while it waited) and looks once more: the node
 *   that held the lease has usually published exactly that build. Only when nobody has does
 *   it build, then publishes.
 * - Publishing keeps the newest KEEP builds; a build unpacked again counts as new (content put
 *   back as it was takes the build made for it before, so that one stays). A failed publish
 *   only costs the other nodes a build of their own: the builder serves its local copy all the same.
 *
 *   const how = await obtainSite(db, '/srv/dist-1790000000000', (out, stamp) => buildSite(out, env, stamp));
 */
import { desc, eq, notInArray } from 'drizzle-orm';
import { logger } from '../platform/logger.ts';
import { rmSync } from 'node:fs';
import type { Db } from '../../../db/client.ts';
import { siteBuilds } from '../../../db/tables.ts';
import { buildStamp, NODE_ID, oneBuildAtATime } from './build.ts';
import { OWNER_FILE } from './regenerate.ts';
import { packFolder, unpackInto } from './site-archive.ts';

const KEEP = 3;

export type Obtained = { how: 'built' | 'unpacked'; stamp: string; bytes: number };
export type StampedBuilder = (outDir: string, stamp: string) => Promise<void>;

/** Stores the folder built for `stamp` for the other nodes (the newest KEEP stay). Returns its size. */
export async function publishBuild(db: Db, stamp: string, dir: string): Promise<number> {
  const archive = await packFolder(dir, { skip: [OWNER_FILE] });
  await db.insert(siteBuilds).values({ stamp, archive, builtBy: NODE_ID }).onConflictDoNothing();
  const keep = await db
    .select({ stamp: siteBuilds.stamp })
    .from(siteBuilds)
    .orderBy(desc(siteBuilds.createdAt))
    .limit(KEEP);
  await db.delete(siteBuilds).where(
    notInArray(
      siteBuilds.stamp,
      keep.map((k) => k.stamp),
    ),
  );
  return archive.length;
}

/** Unpacks the published build of `stamp` into `dir` (replacing it); its size, or null when none is published. */
export async function unpackBuild(db: Db, stamp: string, dir: string): Promise<number | null> {
  const row = (
    await db.select({ archive: siteBuilds.archive }).from(siteBuilds).where(eq(siteBuilds.stamp, stamp)).limit(1)
  )[0];
  if (!row) return null;
  rmSync(dir, { recursive: true, force: true });
  try {
    await unpackInto(row.archive, dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  // in use again: the pruning keeps the newest
  await db.update(siteBuilds).set({ createdAt: new Date() }).where(eq(siteBuilds.stamp, stamp));
  return row.archive.length;
}

async function isPublished(db: Db, stamp: string): Promise<boolean> {
  const rows = await db
    .select({ stamp: siteBuilds.stamp })
    .from(siteBuilds)
    .where(eq(siteBuilds.stamp, stamp))
    .limit(1);
  return rows.length === 1;
}

/**
 * Makes `outDir` hold the site of the database's current content: unpacked from another
 * node's published build when there is one, else built here (one build at a time across the
 * cluster) and published. `stamp`: the content's stamp as the caller just read it (read here
 * when not given); it is read again inside the build lease, where it must be fresh.
 */
export async function obtainSite(
  db: Db,
  outDir: string,
  build: StampedBuilder,
  opts: { stamp?: string; log?: (msg: string) => void } = {},
): Promise<Obtained> {
  const { log = (m: string) => logger.info(m) } = opts;
  const first = opts.stamp ?? (await buildStamp(db));
  const ready = await unpackBuild(db, first, outDir);
  if (ready !== null) return { how: 'unpacked', stamp: first, bytes: ready };
  const done = await oneBuildAtATime(db, async (): Promise<Obtained> => {
    const stamp = await buildStamp(db);
    if (await isPublished(db, stamp)) return { how: 'unpacked', stamp, bytes: 0 };
    await build(outDir, stamp);
    let bytes = 0;
    try {
      bytes = await publishBuild(db, stamp, outDir);
    } catch (err) {
      log(`[site] could not publish the build for the other nodes: ${String(err)}`);
    }
    return { how: 'built', stamp, bytes };
  });
  if (done.how === 'built') return done;
  const bytes = await unpackBuild(db, done.stamp, outDir);
  if (bytes !== null) return { ...done, bytes };
  // published and pruned again in the meantime (three newer builds): build it here
  await build(outDir, done.stamp);
  return { how: 'built', stamp: done.stamp, bytes: 0 };
}
