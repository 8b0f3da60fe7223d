/**
 * Serves the pre-built Astro site from a folder that can be swapped atomically (a rebuild
 * goes into a fresh folder, then `setRoot` points here at it).
 *
 * - `/x` -> `x/index.html`, `x.html` or the file itself; hashed assets under /_astro/ are
 *   cached for a year, HTML is revalidated.
 * - Client-side routes that cannot be pre-built are answered by a pre-built shell page.
 * - Anything else gets the not-found page (404.html) with status 404, or the home page when
 *   a build has none (the spec's fallback).
 * - Dot files (the build's stamp and script hashes) are never served.
 * - Each page carries its own Content-Security-Policy, allowing its inline scripts by hash.
 * - The list page (/diamonds/all and its shell's addresses) comes with the first rows of the
 *   address drawn in, for the viewer (`listPage`, services/catalogue/list-page.ts), and that
 *   function's cache headers.
 * - A client page's address answers with the page's own status (`clientPageStatus`: 404 for
 *   an unknown token, 410 for a revoked or expired page), still with its shell, whose island
 *   tells the person so in the site's look.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { routes, STONE_PAGES } from '../src/domain/routes.ts';
import { contentSecurityPolicy } from './middleware/security-headers.ts';
import type { ListPageDraw } from './services/catalogue/list-page.ts';
import { pageScriptHashes } from './services/site/inline-scripts.ts';
import { keepRecent } from './lib/recent.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** Addresses that carry a one-time token (/verify/x, /reset/x): the home page's dialogs take them. */
const TOKEN_PREFIXES = [routes.reset(''), routes.verify('')];
/** A client page's address: its token is the key to the page. */
const CLIENT_PAGE = routes.clientPage('');
/** `path` itself and everything under it. */
const under = (path: string) => new RegExp(`^${path}(/.*)?$`);
/** The shell page a client router's root address is built into. */
const shellOf = (path: string) => `${path.slice(1)}/index.html`;

/** Client-side routes and the shell page (relative to the site root) that serves each. */
export const SHELL_ROUTES: { pattern: RegExp; shell: string }[] = [
  {
    pattern: new RegExp(`^${routes.diamonds}/\\d+(/(${STONE_PAGES.join('|')}))?/?$`),
    shell: 'diamonds/stone/index.html',
  },
  { pattern: new RegExp(`^(${TOKEN_PREFIXES.join('|')})[^/]+/?$`), shell: 'index.html' },
  { pattern: new RegExp(`^${CLIENT_PAGE}[^/]+/?$`), shell: shellOf(CLIENT_PAGE.slice(0, -1)) },
  { pattern: under(routes.account), shell: shellOf(routes.account) },
  { pattern: under(routes.admin), shell: shellOf(routes.admin) },
  // the list: /diamonds/all/{page} and /diamonds[/{page}] (page: all, lab-grown, specials or a
  // shape; numeric ids are stones above). Matched on the raw address, so a shape with a slash
  // travels as one segment (/diamonds/all/old%20cut%2Feuropean%20cut).
  { pattern: new RegExp(`^(${routes.catalogue}|${routes.diamonds})(/[^/]+)?/?$`), shell: shellOf(routes.catalogue) },
];

/** Shell routes whose address holds a token (verification, reset, a client page). */
const TOKEN_PAGE = new RegExp(`^(${[...TOKEN_PREFIXES, CLIENT_PAGE].join('|')})`);

/**
 * The folder being served, and the one it replaced: a page loaded just before a swap still
 * asks for its own hashed assets, so `/_astro/` misses fall back to the previous build.
 */
export type SiteRoot = { get(): string; previous(): string | null; set(dir: string): void };
export function siteRoot(initial: string): SiteRoot {
  let current = resolve(initial);
  let before: string | null = null;
  return {
    get: () => current,
    previous: () => before,
    set: (dir) => {
      const next = resolve(dir);
      if (next !== current) before = current;
      current = next;
    },
  };
}

/** A name starting with a dot (.build-stamp, .csp-hashes.json) is the server's, never served. */
const HIDDEN = /(^|\/)\./;

async function fileAt(root: string, rel: string): Promise<string | null> {
  const full = normalize(join(root, rel));
  if (full !== root && !full.startsWith(root + sep)) return null;
  if (HIDDEN.test(relative(root, full).split(sep).join('/'))) return null;
  try {
    const s = await stat(full);
    if (s.isFile()) return full;
    if (s.isDirectory()) {
      const index = join(full, 'index.html');
      if ((await stat(index).catch(() => null))?.isFile()) return index;
    }
  } catch {
    /* not found */
  }
  if (!extname(full)) {
    const html = `${full}.html`;
    if ((await stat(html).catch(() => null))?.isFile()) return html;
  }
  return null;
}

/**
 * A built page's text, read once for each version of its file: HTML pages are rewritten as they
 * are sent (the block overlay, the list's rows), and reading and decoding the same file for
 * every request cost more than the rewriting. A build's files do not change; a folder built
 * again has new ones (their time and size tell).
 */
const builtPages = new Map<string, { version: string; text: string }>();
const BUILT_PAGES_KEPT = 64;
async function builtPage(file: string): Promise<string> {
  const { mtimeMs, size } = await stat(file);
  const version = `${mtimeMs}|${size}`;
  const hit = builtPages.get(file);
  if (hit?.version === version) return hit.text;
  return keepRecent(builtPages, file, { version, text: await readFile(file, 'utf8') }, BUILT_PAGES_KEPT).text;
}

/** A built page's own policy: the site's, allowing the hashes of that page's inline scripts. */
const pagePolicy = (root: string, file: string) => contentSecurityPolicy(pageScriptHashes(root, file));

/** Rewrites a built page as it is sent (the site blocks saved after its build: services/site/block-overlay.ts). */
export type HtmlTransform = (html: string, dir: string) => Promise<string>;

async function send(
  root: string,
  file: string,
  status: number,
  method: string,
  transform?: { html: HtmlTransform; dir: string },
): Promise<Response> {
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers = new Headers({ 'content-type': type });
  if (type.startsWith('text/html')) headers.set('content-security-policy', pagePolicy(root, file));
  headers.set(
    'cache-control',
    file.includes(`${sep}_astro${sep}`)
      ? 'public, max-age=31536000, immutable'
      : type.startsWith('text/html')
        ? 'no-cache'
        : 'public, max-age=3600',
  );
  if (method === 'HEAD') return new Response(null, { status, headers });
  if (transform && type.startsWith('text/html')) {
    return new Response(await transform.html(await builtPage(file), transform.dir), { status, headers });
  }
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream;
  return new Response(body, { status, headers });
}

/**
 * A shell page whose address carries a token (/verify/x, /reset/x, /client/x): sent with
 * `Referrer-Policy: no-referrer` and the same policy as a <meta> in its head, so the token
 * never leaks in a Referer even where an outer middleware rewrites the header; never stored
 * by a cache or indexed.
 */
async function sendTokenPage(root: string, file: string, method: string, status = 200): Promise<Response> {
  const headers = new Headers({
    'content-type': TYPES['.html'] as string,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex, nofollow',
    'content-security-policy': pagePolicy(root, file),
  });
  if (method === 'HEAD') return new Response(null, { status, headers });
  const html = await readFile(file, 'utf8');
  return new Response(
    html.replace(/<head(\s[^>]*)?>/i, (m) => `${m}<meta name="referrer" content="no-referrer">`),
    { status, headers },
  );
}

/** The list page (the catalogue's shell), whose first rows are drawn for the address and the viewer. */
const LIST_PAGE = shellOf(routes.catalogue);

async function sendListPage(
  c: Context,
  root: string,
  file: string,
  draw: ListPageDraw,
  transform?: { html: HtmlTransform; dir: string },
): Promise<Response> {
  let html = await builtPage(file);
  if (transform) html = await transform.html(html, transform.dir);
  const page = await draw(c, html);
  const headers = new Headers({
    'content-type': TYPES['.html'] as string,
    'content-security-policy': pagePolicy(root, file),
    'cache-control': page.cacheControl,
    vary: page.vary,
  });
  return new Response(c.req.method === 'HEAD' ? null : page.body, { status: 200, headers });
}

/** The status a client page's address answers with: 200 live, 404 unknown, 410 revoked or expired. */
export type ClientPageStatus = (token: string) => Promise<number>;

/** The client page's own status; 200 (the shell, whose island asks again) when it cannot be read. */
async function clientStatus(path: string, status?: ClientPageStatus): Promise<number> {
  if (!status || !path.startsWith(CLIENT_PAGE)) return 200;
  return status(path.slice(CLIENT_PAGE.length).replace(/\/$/, '')).catch(() => 200);
}

export function staticSite(
  root: SiteRoot,
  opts: { html?: HtmlTransform; clientPageStatus?: ClientPageStatus; listPage?: ListPageDraw } = {},
): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const dir = root.get();
    const pages = opts.html ? { html: opts.html, dir } : undefined;
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      path = '/';
    }
    const direct = await fileAt(dir, path);
    const listPage = (file: string) => opts.listPage && relative(dir, file).split(sep).join('/') === LIST_PAGE;
    if (direct && listPage(direct)) return sendListPage(c, dir, direct, opts.listPage!, pages);
    if (direct) return send(dir, direct, 200, c.req.method, pages);
    const before = root.previous();
    if (before && path.startsWith('/_astro/')) {
      const old = await fileAt(before, path);
      if (old) return send(before, old, 200, c.req.method);
    }
    const raw = new URL(c.req.url).pathname;
    const shell = SHELL_ROUTES.find((r) => r.pattern.test(raw));
    if (shell) {
      const file = await fileAt(dir, shell.shell);
      if (file && listPage(file)) return sendListPage(c, dir, file, opts.listPage!, pages);
      if (file)
        return TOKEN_PAGE.test(path)
          ? await sendTokenPage(dir, file, c.req.method, await clientStatus(path, opts.clientPageStatus))
          : send(dir, file, 200, c.req.method, pages);
    }
    // the not-found page, still 404; a build without one: the home page
    const notFound = (await fileAt(dir, '404.html')) ?? (await fileAt(dir, 'index.html'));
    if (notFound) return send(dir, notFound, 404, c.req.method, pages);
    return c.text('The site has not been built yet.', 503);
  };
}
