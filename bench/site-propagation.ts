/**
 * Content change to every node (`npm run bench -- --only cluster`, or alone:
 * `npx node bench/site-propagation.ts`): N app nodes (`scripts/start.ts`, 2 then 3) on one
 * throwaway PostgreSQL; an admin saves a text block through one node and the clock runs until
 * every node has swapped in a site built after the save (GET /admin/site-build on each, polled
 * every 100 ms). One node builds and publishes; the others unpack its build.
 *
 * Prints per cluster size: the build (save to the first node's swap: the debounce and one
 * build), the propagation (save to the last node's swap) and the spread between them, which
 * the promise "one build time plus 5 s" is about; and how many nodes built (should be 1).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, client, siteBuilds, startNode, type AppNode } from '../tests/support/app-node.ts';
import { startPgCluster } from '../tests/support/pg-cluster.ts';

export type Propagation = { nodes: number; buildS: number; propagationS: number; spreadS: number; builders: number };

async function measure(size: number, log: (m: string) => void): Promise<Propagation> {
  const pg = await startPgCluster();
  const dir = mkdtempSync(join(tmpdir(), 'facet-propagation-'));
  const nodes: AppNode[] = [];
  try {
    await pg.createDatabase('cluster');
    log(`[bench] starting ${size} nodes`);
    // the first node seeds and builds; the others start on its published build
    nodes.push(await startNode('n0', dir, pg.url('cluster')));
    nodes.push(
      ...(await Promise.all(
        Array.from({ length: size - 1 }, (_, i) => startNode(`n${i + 1}`, dir, pg.url('cluster'))),
      )),
    );
    const admin = client();
    await admin.call(nodes[0]!, '/api/v1/login', { method: 'POST', json: ADMIN });
    const before = await siteBuilds(admin, nodes);
    const swappedAt: (number | null)[] = nodes.map(() => null);
    const t0 = performance.now();
    const saved = await admin.call(nodes[size - 1]!, '/api/v1/configs/site-blocks/home_welcome_title', {
      method: 'PATCH',
      json: { type: 'text', value: `Propagation ${size} ${Date.now()}` },
    });
    if (saved.status !== 200) throw new Error(`the block save answered ${saved.status}`);
    const deadline = t0 + 600_000;
    let now = before;
    while (swappedAt.some((t) => t === null)) {
      if (performance.now() > deadline) throw new Error('the change did not reach every node in 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
      now = await siteBuilds(admin, nodes);
      now.forEach((s, i) => {
        if (swappedAt[i] === null && s.version > before[i]!.version) swappedAt[i] = performance.now() - t0;
      });
    }
    const times = swappedAt as number[];
    const first = Math.min(...times);
    const last = Math.max(...times);
    return {
      nodes: size,
      buildS: first / 1000,
      propagationS: last / 1000,
      spreadS: (last - first) / 1000,
      builders: now.filter((s, i) => s.built > before[i]!.built).length,
    };
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchPropagation(opts: { sizes?: number[]; log?: (m: string) => void } = {}) {
  const { sizes = [2, 3], log = (m: string) => console.log(m) } = opts;
  const out: Propagation[] = [];
  for (const size of sizes) out.push(await measure(size, log));
  return out;
}

export function printPropagation(rows: Propagation[]): void {
  console.log('\nContent change to every node (one build, published; the other nodes unpack it)');
  console.log('nodes | save -> first swap (build) | save -> last swap | spread | nodes that built');
  for (const r of rows)
    console.log(
      `${String(r.nodes).padStart(5)} | ${r.buildS.toFixed(1).padStart(24)} s | ${r.propagationS.toFixed(1).padStart(14)} s | ${r.spreadS.toFixed(1).padStart(4)} s | ${r.builders}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printPropagation(await benchPropagation());
}
