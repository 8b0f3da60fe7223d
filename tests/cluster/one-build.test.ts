/**
 * One site build for the whole cluster: three app nodes on one PostgreSQL. The node that builds
 * publishes the built site into the database and the others unpack it, at start-up and after a
 * content change saved through any node; every node then serves pages holding the change.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, client, startNode, waitForSiteEverywhere, siteBuilds, type AppNode } from '../support/app-node.ts';
import { freshDatabase, type FreshDatabase } from '../support/shared-pg.ts';

let pg: FreshDatabase;
let dir: string;
let nodes: AppNode[] = [];

beforeAll(async () => {
  pg = await freshDatabase('one-build');
  dir = mkdtempSync(join(tmpdir(), 'facet-one-build-'));
  nodes = await Promise.all(['a', 'b', 'c'].map((n) => startNode(n, dir, pg.url)));
}, 400_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await pg?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The home page of the newest build in a node's folder (its `dist-<ms>` regenerations, else dist). */
function newestIndex(node: AppNode): string {
  const work = join(dir, node.name);
  const newest = readdirSync(work)
    .filter((n) => /^dist-\d{13}$/.test(n))
    .sort()
    .at(-1);
  return readFileSync(join(work, newest ?? 'dist', 'index.html'), 'utf8');
}

describe('three app nodes, one site build', () => {
  it('at start-up one node built the site and the other two unpacked its build', () => {
    const built = nodes.filter((n) => /Site built in/.test(n.output()));
    const unpacked = nodes.filter((n) => /Site unpacked from a published build/.test(n.output()));
    expect(built.map((n) => n.name)).toHaveLength(1);
    expect(unpacked).toHaveLength(2);
  });

  it('a block saved through one node is built once and every node serves the rebuilt pages', async () => {
    const admin = client();
    expect((await admin.call(nodes[1]!, '/api/v1/login', { method: 'POST', json: ADMIN })).status).toBe(200);
    const before = await siteBuilds(admin, nodes);
    const tagline = `Built once for three nodes ${Date.now()}`;
    const saved = await admin.call(nodes[1]!, '/api/v1/configs/site-blocks/home_welcome_title', {
      method: 'PATCH',
      json: { type: 'text', value: tagline },
    });
    expect(saved.status).toBe(200);

    const after = await waitForSiteEverywhere(admin, nodes, before);
    const built = after.reduce((sum, s, i) => sum + s.built - before[i]!.built, 0);
    const unpacked = after.reduce((sum, s, i) => sum + s.unpacked - before[i]!.unpacked, 0);
    expect({ built, unpacked }).toEqual({ built: 1, unpacked: 2 });
    for (const node of nodes) {
      expect(newestIndex(node), `${node.name} serves a build without the change`).toContain(tagline);
      expect(await (await fetch(`${node.url}/`)).text()).toContain(tagline);
    }
  }, 300_000);
});
