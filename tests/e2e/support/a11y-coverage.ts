/**
 * The accessibility sweep's record of what it covered. Each role's test (in its own worker)
 * writes test-results/a11y-sweep/{role}.json and then merges every role file of the same run
 * into test-results/a11y-sweep.json, so the last test to finish leaves the whole list; the
 * run is the Playwright runner (the workers' parent process). Each test also prints its part.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One scan: an address, or a layer opened on it; `sameAs` when its content was scanned at that
 * address; `leavesSite` when the address sends the browser to another site (not scanned).
 */
export type Covered = {
  role: string;
  size: string;
  route: string;
  path: string;
  layer?: string;
  sameAs?: string;
  leavesSite?: boolean;
};
type RoleFile = { run: number; covered: Covered[] };

const DIR = 'test-results/a11y-sweep';
const ALL = 'test-results/a11y-sweep.json';

/** One line per role and size (how many addresses and open layers), then each of them. */
export function coverageText(covered: Covered[]): string {
  const groups = new Map<string, Covered[]>();
  for (const c of covered) groups.set(`${c.role} @ ${c.size}`, [...(groups.get(`${c.role} @ ${c.size}`) ?? []), c]);
  return [...groups]
    .map(([group, list]) => {
      const pages = list.filter((c) => !c.layer);
      const layers = list.filter((c) => c.layer);
      return [
        `${group}: ${pages.length} addresses, ${layers.length} open layers`,
        ...pages.map(
          (c) =>
            `  ${c.path}  (${c.route}${c.sameAs ? `, as ${c.sameAs}` : ''}${c.leavesSite ? ', leaves the site' : ''})`,
        ),
        ...layers.map((c) => `  ${c.path} + ${c.layer}`),
      ].join('\n');
    })
    .join('\n');
}

export function writeCoverage(role: string, covered: Covered[]): void {
  mkdirSync(DIR, { recursive: true });
  const run = process.ppid;
  writeFileSync(join(DIR, `${role}.json`), JSON.stringify({ run, covered } satisfies RoleFile, null, 1));
  const all = readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as RoleFile)
    .filter((f) => f.run === run)
    .flatMap((f) => f.covered);
  const sizes = [...new Set(all.map((c) => c.size))];
  const roles = [...new Set(all.map((c) => c.role))];
  const routes = [...new Set(all.map((c) => c.route))];
  writeFileSync(ALL, JSON.stringify({ roles, sizes, routes, scans: all.length, covered: all }, null, 1));
  console.log(`axe sweep covered (${covered.length} scans):\n${coverageText(covered)}`);
}
