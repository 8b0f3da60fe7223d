/**
 * The browser stores and the demo seed import without circles: a walk over the static imports
 * (type imports too, and re-exports) of every file reachable from src/stores and db/seed finds
 * no cycle through them, and db/seed imports nothing from api/ (api builds on db, so any such
 * import closes a circle between the two).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const rel = (f: string) => relative(ROOT, f);
const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative imports of a file, as absolute paths of files that exist. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => resolve(dirname(file), m[1]!))
    .filter((f) => /\.(ts|tsx)$/.test(f) && existsSync(f));
}

const filesIn = (dir: string) =>
  readdirSync(resolve(ROOT, dir))
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => resolve(ROOT, dir, f));

/** Every cycle (as a path of files) met while walking from `starts`. */
function cyclesFrom(starts: string[]): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (f: string) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') return void found.push([...path.slice(path.indexOf(f)), f].map(rel));
    state.set(f, 'open');
    path.push(f);
    for (const next of importsOf(f)) visit(next);
    path.pop();
    state.set(f, 'done');
  };
  for (const f of starts) visit(f);
  return found;
}

describe('import graph', () => {
  it('no cycle runs through src/stores or db/seed', () => {
    const cycles = cyclesFrom([...filesIn('src/stores'), ...filesIn('db/seed')]).filter((c) =>
      c.some((f) => f.startsWith('src/stores/') || f.startsWith('db/seed/')),
    );
    expect(cycles.map((c) => c.join(' -> '))).toEqual([]);
  });

  it('db/seed imports nothing from api/', () => {
    const upward = filesIn('db/seed').flatMap((f) =>
      importsOf(f)
        .filter((i) => rel(i).startsWith('api/'))
        .map((i) => `${rel(f)} -> ${rel(i)}`),
    );
    expect(upward).toEqual([]);
  });
});
