/**
 * The load balancer's probes: /livez while the process answers; /readyz 200 only with the
 * database answering, every migration applied and a built site, else 503 with the reason, and
 * 503 while draining (after SIGTERM), when every answer also closes its connection.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp } from '../../api/server.ts';
import { createLifecycle } from '../../api/services/platform/shutdown.ts';
import { siteRoot } from '../../api/static-site.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function server(t: TestApp, built = true) {
  const site = mkdtempSync(join(tmpdir(), 'facet-probes-'));
  dirs.push(site);
  if (built) writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
  const lifecycle = createLifecycle();
  const app = createServerApp(
    { db: t.db, mailer: t.mailer, clock: t.clock, config: t.config },
    siteRoot(site),
    lifecycle,
  );
  return { get: (path: string) => app.request(path), lifecycle };
}

describe('/livez and /readyz', () => {
  it('are 200 on a node with its database, migrations and site', async () => {
    const s = server(await createTestApp({ seed: false }));
    expect((await s.get('/livez')).status).toBe(200);
    const res = await s.get('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', site: 'ok' } });
  });

  it('say 503 "site: not built" before the first build', async () => {
    const s = server(await createTestApp({ seed: false }), false);
    const res = await s.get('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not_ready', reason: 'site: not built' });
  });

  it('say 503 while a migration of this code is not applied to the database', async () => {
    const t = await createTestApp({ seed: false });
    const table = t.engine === 'postgres' ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
    await t.db.exec(sql`delete from ${table} where created_at = (select max(created_at) from ${table})`);
    const res = await server(t).get('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ reason: 'migrations: 1 migration(s) not applied' });
  });

  it('say 503 draining after SIGTERM, and every answer closes its connection', async () => {
    const s = server(await createTestApp({ seed: false }));
    s.lifecycle.draining = true;
    const res = await s.get('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'draining' });
    expect(res.headers.get('connection')).toBe('close');
    expect((await s.get('/livez')).status).toBe(200);
    expect((await s.get('/')).headers.get('connection')).toBe('close');
  });
});
