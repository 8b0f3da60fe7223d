/**
 * `NODE_ENV=production` refuses the demo's public defaults, and any start refuses a setting in a
 * form it cannot take (NODE_ENV=Production): the server stops before it opens the database or
 * listens, with one line naming the setting (no stack trace), and exit code 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_SESSION_SECRET, loadConfig, productionRefusal } from '../../api/config.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'facet-prod-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SAFE = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'k8Vb1n4oTq0xW2rY7uZ3aC5dE6fG9hJ0kL1mN2pQ3rS',
  SITE_URL: 'https://trade.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
};

function start(env: Record<string, string | undefined>) {
  const database = join(dir, `db-${Math.random().toString(36).slice(2)}.sqlite`);
  // the suite's own settings stay out: this start is a production one
  const { DATABASE_URL: _url, PASSWORD_HASHING: _hashing, ...inherited } = process.env;
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/start.ts')], {
    cwd: dir,
    env: { ...inherited, DATABASE_ENGINE: '', PORT: '0', SITE_DIR: join(dir, 'dist'), DATABASE_PATH: database, ...env },
    encoding: 'utf8',
    timeout: 80_000,
  });
  return { status: r.status, stderr: r.stderr.trim(), opened: existsSync(database) };
}

describe('production start refuses unsafe settings', () => {
  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    ['SESSION_SECRET missing', { SESSION_SECRET: '' }, /SESSION_SECRET is not set/],
    ['SESSION_SECRET the development value', { SESSION_SECRET: DEV_SESSION_SECRET }, /SESSION_SECRET is the public/],
    ['SESSION_SECRET under 32 bytes', { SESSION_SECRET: 'x'.repeat(31) }, /SESSION_SECRET is shorter than 32 bytes/],
    ['SITE_URL missing', { SITE_URL: '' }, /SITE_URL is not set/],
    ['no SMTP_URL and no MAIL_TRANSPORT=log', { SMTP_URL: '' }, /SMTP_URL is not set.*MAIL_TRANSPORT=log/],
    ['NODE_ENV spelt otherwise', { NODE_ENV: 'Production' }, /^Refusing to start: .*NODE_ENV: .*"Production"/],
    ['PORT not a number', { PORT: 'eighty' }, /^Refusing to start: .*PORT: /],
  ];
  for (const [name, env, message] of cases) {
    it(`${name}: exit 1 with one line naming it, before the database is opened`, { timeout: 90_000 }, () => {
      const r = start({ ...SAFE, ...env });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(1);
      expect(r.opened).toBe(false);
    });
  }

  it('accepts a long secret, SITE_URL and SMTP_URL, or MAIL_TRANSPORT=log chosen on purpose', () => {
    expect(productionRefusal(loadConfig(SAFE))).toBeNull();
    expect(productionRefusal(loadConfig({ ...SAFE, SMTP_URL: '', MAIL_TRANSPORT: 'log' }))).toBeNull();
    expect(productionRefusal(loadConfig({ ...SAFE, SESSION_SECRET: '', NODE_ENV: 'development' }))).toBeNull();
  });

  it("refuses the test suites' weak password hashing, which development accepts", () => {
    const weak = { ...SAFE, PASSWORD_HASHING: 'weak-for-tests' };
    expect(productionRefusal(loadConfig(weak))).toMatch(
      /^PASSWORD_HASHING is weak-for-tests, which only test suites use/,
    );
    expect(productionRefusal(loadConfig({ ...weak, NODE_ENV: 'development' }))).toBeNull();
    expect(() => loadConfig({ ...SAFE, PASSWORD_HASHING: 'fast' })).toThrow(/PASSWORD_HASHING/);
  });
});

describe('the Node the start runs on', () => {
  // the system Node of these machines is older than the pinned one; `npm start` falls back to
  // it when node_modules/.bin/node is missing (e.g. an install with --ignore-scripts)
  const systemNode = '/usr/bin/node';
  const version = existsSync(systemNode)
    ? spawnSync(systemNode, ['--version'], { encoding: 'utf8' }).stdout.trim()
    : process.version;
  const other = version.split('.')[0] !== process.version.split('.')[0];

  it.skipIf(!other)('another Node stops at once with a message naming Node 24', { timeout: 60_000 }, () => {
    const r = spawnSync(systemNode, ['--import', './scripts/node-version.mjs', 'scripts/start.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_PATH: join(dir, 'never.sqlite') },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('needs Node 24');
    expect(r.stderr).toContain(version);
    expect(existsSync(join(dir, 'never.sqlite'))).toBe(false);
  });
});
