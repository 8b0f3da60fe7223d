/**
 * Save to visible: a site block saved after the served build shows in the
 * built pages at once, through the one-port server (services/site/block-overlay.ts); once a build
 * made after the save is served, its own pages are sent untouched.
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerApp } from '../../api/server.ts';
import { siteRoot } from '../../api/static-site.ts';
import { createTestApp, insertAdmin, signIn } from './auth-helpers.ts';

const PAGE = (title: string) =>
  `<html><body><h1 data-block="home_welcome_title" data-block-type="text">${title}</h1><p>static</p></body></html>`;

function builtSite(parent: string, name: string, title: string): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), PAGE(title));
  writeFileSync(join(dir, '.build-stamp'), 'stamp');
  // a build's stamp is dated when the build began (a regenerated build: its folder's time)
  const began = /-(\d{13})$/.exec(name);
  if (began) utimesSync(join(dir, '.build-stamp'), new Date(Number(began[1])), new Date(Number(began[1])));
  return dir;
}

describe('a saved block is visible before the rebuild', () => {
  it('lays the new text over the served build, then serves a newer build as built', async () => {
    const t = await createTestApp();
    const parent = mkdtempSync(join(tmpdir(), 'facet-overlay-'));
    const root = siteRoot(builtSite(parent, 'site', 'Built title'));
    const app = createServerApp({ db: t.db, mailer: t.mailer, clock: t.clock, config: t.config }, root);
    const home = async () => (await (await app.request('/')).text()).match(/<h1[^>]*>(.*?)<\/h1>/)?.[1];
    expect(await home()).toBe('Built title');

    await insertAdmin(t.db, { email: 'editor@facet.trade' });
    const admin = await signIn(t, 'editor@facet.trade');
    t.clock.set(Date.now() + 1000); // the save comes after the build's stamp
    const res = await admin.json('/configs/site-blocks/home_welcome_title', 'PATCH', {
      type: 'text',
      value: 'Saved <now>',
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 250)); // past the overlay's short cache
    expect(await home()).toBe('Saved &#60;now&#62;');
    expect(await (await app.request('/')).text()).toContain('<p>static</p>');

    // a build started after the save holds the change itself: its page is sent as built
    root.set(builtSite(parent, `site-${Date.now() + 5000}`, 'Rebuilt title'));
    expect(await home()).toBe('Rebuilt title');
  });
});
