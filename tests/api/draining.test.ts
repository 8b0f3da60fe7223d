/**
 * A node draining after SIGTERM refuses the requests that arrive from then on with 503 before
 * doing any work, so a proxy can safely send them, writes included, to another node; the probes
 * still answer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp } from '../../api/server.ts';
import { createLifecycle } from '../../api/services/platform/shutdown.ts';
import { siteRoot } from '../../api/static-site.ts';
import { diamonds } from '../../db/tables.ts';
import { errorOf, insertUser, signIn } from './auth-helpers.ts';
import { createTestApp } from './helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a draining node', () => {
  it('answers a write that arrives while draining 503 draining without applying it', async () => {
    const t = await createTestApp();
    const site = mkdtempSync(join(tmpdir(), 'facet-draining-'));
    dirs.push(site);
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
    const lifecycle = createLifecycle();
    const app = createServerApp(
      { db: t.db, mailer: t.mailer, clock: t.clock, config: t.config },
      siteRoot(site),
      lifecycle,
    );
    await insertUser(t.db, { email: 'buyer@example.com' });
    const buyer = await signIn(t, 'buyer@example.com');
    const cookie = [...buyer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const [a, b] = await t.db.select({ id: diamonds.id }).from(diamonds).orderBy(asc(diamonds.id)).limit(2);
    const favourite = (id: number) =>
      app.request(`/api/v1/profile/favourites/${id}`, { method: 'PUT', headers: { cookie } });

    expect((await favourite(a!.id)).status).toBe(200);
    lifecycle.draining = true;
    const refused = await favourite(b!.id);
    expect(refused.status).toBe(503);
    expect((await errorOf(refused)).msg).toBe('draining');
    expect(refused.headers.get('connection')).toBe('close');
    expect((await app.request('/')).status).toBe(503);
    expect((await app.request('/livez')).status).toBe(200);

    const kept = (await (await buyer.request('/profile/favourites')).json()) as { ids: number[] };
    expect(kept.ids).toEqual([a!.id]);
  });
});
