/** The one-port server: built pages, shell pages for client routes, the 404 home fallback, the API beside them. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerApp } from '../../api/server.ts';
import { writeScriptHashes } from '../../api/services/site/inline-scripts.ts';
import { siteRoot } from '../../api/static-site.ts';
import { clientPages as clientPagesTable } from '../../db/tables.ts';
import { insertUser } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import sharp from 'sharp';

const DAY = 86_400_000;
/** The site's public folder, as the build copies it. */
const PUBLIC = join(import.meta.dirname, '../../public');

function fakeSite(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'facet-site-'));
  const page = (rel: string, text: string) => {
    mkdirSync(join(dir, rel), { recursive: true });
    writeFileSync(join(dir, rel, 'index.html'), `<p>${label}:${text}</p>`);
  };
  page('.', 'home');
  page('news', 'news');
  page('diamonds/all', 'list');
  page('diamonds/stone', 'stone');
  page('admin', 'admin');
  page('client', 'client');
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'export {}');
  return dir;
}

/** Three client pages of one trader, by token: live, revoked and expired. */
async function clientPages(t: TestApp) {
  const user = await insertUser(t.db);
  const now = t.clock.now();
  const page = (token: string, set: Partial<typeof clientPagesTable.$inferInsert>) => ({
    userId: user.id,
    token,
    title: 'For a client',
    companyName: 'Hartley & Vane',
    markupTenths: 0,
    currency: 'GBP' as const,
    diamondIds: [1],
    createdAt: new Date(now - 2 * DAY),
    updatedAt: new Date(now - 2 * DAY),
    ...set,
  });
  const [live, revoked, expired] = ['L', 'R', 'E'].map((c) => c.repeat(43)) as [string, string, string];
  await t.db
    .insert(clientPagesTable)
    .values([
      page(live, {}),
      page(revoked, { revokedAt: new Date(now - DAY) }),
      page(expired, { expiresAt: new Date(now - DAY) }),
    ]);
  return { live, revoked, expired };
}

async function setup() {
  const t = await createTestApp({ seed: false });
  const root = siteRoot(fakeSite('v1'));
  const app = createServerApp({ db: t.db, mailer: t.mailer, clock: t.clock, config: t.config }, root);
  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  return { t, app, root, get };
}

describe('the one-port server', () => {
  it('serves built pages as folders with index.html', async () => {
    const { get } = await setup();
    expect(await get('/news')).toMatchObject({ status: 200, text: '<p>v1:news</p>' });
    expect((await get('/news')).headers.get('content-type')).toContain('text/html');
  });

  it('answers client-side routes with their shell page', async () => {
    const { get } = await setup();
    for (const path of ['/diamonds/12/details', '/diamonds/12/report', '/diamonds/12/360', '/diamonds/12']) {
      expect(await get(path)).toMatchObject({ status: 200, text: '<p>v1:stone</p>' });
    }
    expect(await get('/diamonds/all/lab-grown')).toMatchObject({ status: 200, text: '<p>v1:list</p>' });
    expect(await get('/admin/posts/4')).toMatchObject({ status: 200, text: '<p>v1:admin</p>' });
    expect(await get('/reset/sometoken')).toMatchObject({ status: 200, text: '<p>v1:home</p>' });
  });

  it('answers a client page address with its shell, never cached, indexed or sent on as a referrer', async () => {
    const { t, get } = await setup();
    const { live } = await clientPages(t);
    const page = await get(`/client/${live}`);
    expect(page).toMatchObject({ status: 200, text: '<p>v1:client</p>' });
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect((await get('/client/a/b')).status).toBe(404);
  });

  it("answers a withdrawn client page's address 410 and an unknown one 404, with the shell that tells the person so", async () => {
    const { t, app, get } = await setup();
    const { revoked, expired } = await clientPages(t);
    for (const [path, status] of [
      [`/client/${revoked}`, 410],
      [`/client/${expired}/`, 410],
      ['/client/Ab-_9xYz0123456789012345678901234567890123', 404],
      ['/client/short', 404],
    ] as const) {
      const page = await get(path);
      expect(page, path).toMatchObject({ status, text: '<p>v1:client</p>' });
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('x-robots-tag')).toContain('noindex');
      expect((await app.request(path, { method: 'HEAD' })).status, `HEAD ${path}`).toBe(status);
    }
  });

  it('answers /diamonds, /diamonds/{page} and a shape with a slash with the list', async () => {
    const { get } = await setup();
    for (const path of [
      '/diamonds',
      '/diamonds/',
      '/diamonds/round',
      '/diamonds/specials',
      '/diamonds/all/old%20cut%2Feuropean%20cut',
      '/diamonds/old%20cut%2Feuropean%20cut/',
    ]) {
      expect(await get(path), path).toMatchObject({ status: 200, text: '<p>v1:list</p>' });
    }
    expect(await get('/diamonds/12')).toMatchObject({ status: 200, text: '<p>v1:stone</p>' });
    expect(await get('/diamonds/round/extra')).toMatchObject({ status: 404 });
  });

  it('falls back to the home page with status 404 for unknown paths when the build has no 404 page', async () => {
    const { get } = await setup();
    expect(await get('/no/such/page')).toMatchObject({ status: 404, text: '<p>v1:home</p>' });
    expect(await get('/../../etc/passwd')).toMatchObject({ status: 404 });
  });

  it('answers unknown paths with the not-found page, status 404', async () => {
    const { get, root } = await setup();
    writeFileSync(join(root.get(), '404.html'), '<p>v1:not found</p>');
    for (const path of ['/no/such/page', '/news/no-such-post', '/news/post/nothing-here']) {
      expect(await get(path)).toMatchObject({ status: 404, text: '<p>v1:not found</p>' });
    }
    expect(await get('/news')).toMatchObject({ status: 200, text: '<p>v1:news</p>' });
  });

  it('caches hashed assets for a year and revalidates HTML', async () => {
    const { get } = await setup();
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toContain('immutable');
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the API answering in its error shape beside the site', async () => {
    const { get } = await setup();
    expect(await get('/api/v1/health')).toMatchObject({ status: 200, text: '{"ok":true}' });
    const missing = await get('/api/v1/nope');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ errors: { msg: 'not_found' } });
  });

  it('switches to a new build at once when the root is swapped', async () => {
    const { get, root } = await setup();
    root.set(fakeSite('v2'));
    expect(await get('/news')).toMatchObject({ status: 200, text: '<p>v2:news</p>' });
  });

  it('sends a page written again in its folder as it is now, though pages are kept in memory', async () => {
    const { get, root } = await setup();
    expect((await get('/news')).text).toBe('<p>v1:news</p>');
    const file = join(root.get(), 'news', 'index.html');
    writeFileSync(file, '<p>v1:NEWS</p>'); // the same size: its time tells
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect((await get('/news')).text).toBe('<p>v1:NEWS</p>');
  });

  it("still serves the replaced build's hashed assets to pages loaded before a swap", async () => {
    const { get, root } = await setup();
    const v2 = fakeSite('v2');
    writeFileSync(join(v2, '_astro', 'app.def456.js'), 'export const v = 2');
    rmSync(join(v2, '_astro', 'app.abc123.js'));
    root.set(v2);
    expect((await get('/_astro/app.abc123.js')).status).toBe(200);
    expect((await get('/_astro/app.def456.js')).text).toBe('export const v = 2');
    root.set(fakeSite('v3'));
    expect((await get('/_astro/app.def456.js')).status).toBe(200);
    expect((await get('/_astro/nope.js')).status).toBe(404);
  });
});

describe('security headers of the site', () => {
  const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const scriptSrc = (csp: string | null) =>
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src')) ?? '';

  it("allows each page's own inline scripts by hash, never 'unsafe-inline'", async () => {
    const { get, root } = await setup();
    const dir = root.get();
    const homeScript = "document.documentElement.dataset.home = '1';";
    const newsScript = 'customElements.define("x-news", class extends HTMLElement {});';
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><script>${homeScript}</script><script type="module" src="/_astro/app.abc123.js"></script>`,
    );
    writeFileSync(join(dir, 'news', 'index.html'), `<!doctype html><script type="module">${newsScript}</script>`);
    writeScriptHashes(dir);

    const home = scriptSrc((await get('/')).headers.get('content-security-policy'));
    expect(home).not.toContain('unsafe-inline');
    expect(home).toContain("'self'");
    expect(home).toContain(sha(homeScript));
    expect(home).not.toContain(sha(newsScript));
    const news = scriptSrc((await get('/news')).headers.get('content-security-policy'));
    expect(news).toContain(sha(newsScript));
    expect(news).not.toContain(sha(homeScript));
    // the 404 fallback and the token pages carry the policy of the page they send
    expect(scriptSrc((await get('/no/such/page')).headers.get('content-security-policy'))).toContain(sha(homeScript));
    expect(scriptSrc((await get('/reset/abc')).headers.get('content-security-policy'))).toContain(sha(homeScript));
    // the API's answers allow no inline script at all
    expect(scriptSrc((await get('/api/v1/health')).headers.get('content-security-policy'))).toBe("script-src 'self'");
  });

  it('hashes a build that has no hash file yet on first use', async () => {
    const { get, root } = await setup();
    const script = 'window.x = 1;';
    writeFileSync(join(root.get(), 'news', 'index.html'), `<script>${script}</script>`);
    expect(scriptSrc((await get('/news')).headers.get('content-security-policy'))).toContain(sha(script));
  });

  it('keeps the stricter policy of /uploads/*', async () => {
    const uploads = mkdtempSync(join(tmpdir(), 'facet-uploads-'));
    const name = `${'ab'.repeat(12)}.png`;
    writeFileSync(join(uploads, name), 'not really a png');
    const t = await createTestApp({ seed: false, env: { UPLOADS_DIR: uploads } });
    const app = createServerApp(
      { db: t.db, mailer: t.mailer, clock: t.clock, config: t.config },
      siteRoot(fakeSite('u')),
    );
    const res = await app.request(`/uploads/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    rmSync(uploads, { recursive: true, force: true });
  });

  it("does not serve the build's own dot files", async () => {
    const { get, root } = await setup();
    writeFileSync(join(root.get(), '.build-stamp'), 'secret-stamp-value');
    writeScriptHashes(root.get());
    for (const path of ['/.build-stamp', '/.csp-hashes.json', '/news/../.build-stamp']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('secret-stamp-value');
      expect(res.text, path).not.toContain('sha256-');
    }
  });
});

describe("the site's icon", () => {
  it('answers /favicon.ico with the icon as an ICO of 16, 32 and 48 px, typed and cached', async () => {
    const t = await createTestApp({ seed: false });
    const app = createServerApp({ db: t.db, mailer: t.mailer, clock: t.clock, config: t.config }, siteRoot(PUBLIC));
    const res = await app.request('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const ico = Buffer.from(await res.arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = [];
    for (let i = 0; i < ico.readUInt16LE(4); i++) {
      const entry = 6 + 16 * i;
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(ico.readUInt8(entry));
      sizes.push(meta.width);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });
});
