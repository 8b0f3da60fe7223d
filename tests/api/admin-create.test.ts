/**
 * `ADMIN_EMAIL=… ADMIN_PASSWORD=… npm run admin:create` on the engine of the run (SQLite in the
 * api project, PostgreSQL in api-pg): the first staff account of an empty production database,
 * which can then sign in and use the admin API; run again, it sets a new password and signs the
 * old sessions out; a weak password or a customer's e-mail changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { signIn } from './auth-helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function adminCreate(t: TestApp, email: string, password: string) {
  const location = t.config.databaseLocation;
  const database = /^postgres/.test(location) ? { DATABASE_URL: location } : { DATABASE_PATH: location };
  const { DATABASE_URL: _u, DATABASE_PATH: _p, ...inherited } = process.env;
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/admin-create.ts')], {
    cwd: ROOT,
    env: { ...inherited, ...database, ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('npm run admin:create', { timeout: 120_000 }, () => {
  it('creates a staff account that signs in and uses the admin API, then resets its password', async () => {
    const t = await createTestApp({ seed: false });
    const made = adminCreate(t, 'Owner@Example.com', 'First#Pass2026');
    expect(made.out).toMatch(/Created staff account owner@example\.com/);
    expect(made.status).toBe(0);
    const staff = await signIn(t, 'owner@example.com', 'First#Pass2026');
    expect((await staff.request('/admin/customers')).status).toBe(200);

    const reset = adminCreate(t, 'owner@example.com', 'Second#Pass2026');
    expect(reset.out).toMatch(/Set a new password for staff account owner@example\.com/);
    expect(reset.status).toBe(0);
    expect((await staff.request('/admin/customers')).status).toBe(401);
    const login = await t.json('/login', 'POST', { email: 'owner@example.com', password: 'First#Pass2026' });
    expect(login.status).toBe(401);
    await signIn(t, 'owner@example.com', 'Second#Pass2026');
  });

  it('refuses a password that breaks the password rule, and a customer e-mail, changing nothing', async () => {
    const t = await createTestApp();
    const weak = adminCreate(t, 'new-staff@example.com', 'short');
    expect(weak.status).toBe(1);
    expect(weak.out).toMatch(/Password must be at least 8 characters/);
    expect((await t.json('/login', 'POST', { email: 'new-staff@example.com', password: 'short' })).status).not.toBe(
      200,
    );

    const customer = adminCreate(t, 'trader@facet.trade', 'Taken#Pass2026');
    expect(customer.status).toBe(1);
    expect(customer.out).toMatch(/belongs to a customer account/);
    await signIn(t, 'trader@facet.trade', 'Trader#2026');
  });
});
