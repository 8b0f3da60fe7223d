/** The one-port server: built pages, shell pages for client routes, the 404 home fallback, the API beside them. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerApp } from '../../api/server.ts';
import { siteRoot } from '../../api/static-site.ts';
import { createTestApp } from './helpers.ts';

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
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'export {}');
  return dir;
}

async function setup() {
  const t = await createTestApp({ seed: false });
  const root = siteRoot(fakeSite('v1'));
  const app = createServerApp({ db: t.db, mailer: t.mailer, clock: t.clock, config: t.config }, root);
  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  return { app, root, get };
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

  it('answers /diamonds, /diamonds/{page} and a shape with a slash with the list (issue 13 item 9)', async () => {
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

  it('falls back to the home page with status 404 for unknown paths', async () => {
    const { get } = await setup();
    expect(await get('/no/such/page')).toMatchObject({ status: 404, text: '<p>v1:home</p>' });
    expect(await get('/../../etc/passwd')).toMatchObject({ status: 404 });
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
