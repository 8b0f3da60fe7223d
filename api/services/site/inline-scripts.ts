/**
 * The SHA-256 of every inline <script> of a built site, per page, so the Content-Security-
 * Policy can allow exactly those scripts instead of 'unsafe-inline'. Computed once per build
 * folder, right after the build (site-build.ts writes CSP_FILE into it), and read back by the
 * server when it first serves a page of that folder; a folder built before this existed is
 * hashed on first use. A build folder never changes after the build, so the answer is cached.
 *
 *   pageScriptHashes('/srv/dist', '/srv/dist/news/index.html')  // ['sha256-…', …]
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

export const CSP_FILE = '.csp-hashes.json';
type Hashes = Record<string, string[]>;

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;

/** Hashes of the inline scripts of one HTML document (scripts with a src are left out). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue;
    out.add(
      `sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}`,
    );
  }
  return [...out];
}

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) htmlFiles(full, out);
    else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** Hashes every page of a build and stores them in its CSP_FILE. */
export function writeScriptHashes(dir: string): Hashes {
  const root = resolve(dir);
  const hashes: Hashes = {};
  for (const file of htmlFiles(root)) {
    hashes[relative(root, file).split(sep).join('/')] = inlineScriptHashes(readFileSync(file, 'utf8'));
  }
  writeFileSync(join(root, CSP_FILE), JSON.stringify(hashes));
  return hashes;
}

const cache = new Map<string, Hashes>();

function hashesOf(root: string): Hashes {
  let hashes = cache.get(root);
  if (!hashes) {
    const file = join(root, CSP_FILE);
    hashes = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Hashes) : writeScriptHashes(root);
    cache.set(root, hashes);
    // only the served build and the one it replaced are asked for
    for (const old of [...cache.keys()].slice(0, -4)) cache.delete(old);
  }
  return hashes;
}

/** The inline-script hashes of the page `file` inside the build folder `root`. */
export function pageScriptHashes(root: string, file: string): string[] {
  const r = resolve(root);
  return hashesOf(r)[relative(r, resolve(file)).split(sep).join('/')] ?? [];
}
