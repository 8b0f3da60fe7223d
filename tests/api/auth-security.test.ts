import { eq, sql } from 'drizzle-orm';
import { emailOutbox } from '../../db/tables.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS } from '../../api/middleware/rate-limit.ts';
import { settled } from '../../api/services/platform/after-response.ts';
import {
  OTHER_PASSWORD,
  PASSWORD,
  createTestApp,
  errorOf,
  insertUser,
  linkToken,
  registration,
  signIn,
  type TestApp,
} from './auth-helpers.ts';

describe('Origin check on state-changing calls', () => {
  it.each([
    ['/login', { email: 'buyer@example.com', password: PASSWORD }],
    ['/register', registration()],
    ['/forgot', { email: 'buyer@example.com' }],
    ['/logout', {}],
  ])('POST %s from a foreign Origin is refused with 403', async (path, body) => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const res = await t.json(path, 'POST', body, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ msg: 'forbidden_origin' });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(t.mailer.messages).toHaveLength(0);
  });

  it('a signed-in customer cannot be made to change their profile from another site', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com', city: 'London' });
    const agent = await signIn(t, 'buyer@example.com');
    const res = await agent.json(
      '/profile',
      'PATCH',
      { city: 'Elsewhere' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    const ok = await agent.json('/profile', 'PATCH', { city: 'Bath' }, { headers: { origin: t.config.siteUrl } });
    expect(ok.status).toBe(200);
  });
});

describe('JSON bodies only', () => {
  it('a form-encoded or text/plain body is refused with 415', async () => {
    const t = await createTestApp({ seed: false });
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await t.request('/login', {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'email=a%40b.co&password=x',
      });
      expect(res.status, type).toBe(415);
      expect(await errorOf(res)).toEqual({ msg: 'unsupported_media_type' });
    }
  });

  it('malformed JSON is refused with 400 invalid_json', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ msg: 'invalid_json' });
  });

  it('a body that is not an object is a 400 in the error shape', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json('/register', 'POST', 'just a string');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([{ param: '_', msg: 'The request body must be a JSON object' }]);
  });
});

describe('rate limits', () => {
  const burst = async (n: number, send: (i: number) => Response | Promise<Response>) => {
    const out: Response[] = [];
    for (let i = 0; i < n; i++) out.push(await send(i));
    return out;
  };

  const login = (t: TestApp, password: string, client: string, agent?: ReturnType<TestApp['agent']>) =>
    (agent ?? t).json(
      '/login',
      'POST',
      { email: 'buyer@example.com', password },
      { headers: { 'x-test-client': client } },
    );

  it(
    `login: after ${RATE_LIMITS.login.perPair.limit} wrong passwords a client waits (429, Retry-After), even with the right one`,
    { timeout: 60_000 },
    async () => {
      const t = await createTestApp({ seed: false });
      await insertUser(t.db, { email: 'buyer@example.com' });
      const limit = RATE_LIMITS.login.perPair.limit;
      const tries = await burst(limit, (i) => login(t, `Wrong#${i}xx`, '203.0.113.9'));
      expect(tries.map((r) => r.status)).toEqual(Array(limit).fill(401));
      const over = await login(t, PASSWORD, '203.0.113.9');
      expect(over.status).toBe(429);
      expect(await errorOf(over)).toMatchObject({ msg: 'too_many_requests' });
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      t.clock.advance(retryAfter * 1000);
      expect((await login(t, PASSWORD, '203.0.113.9')).status).toBe(200);
    },
  );

  it(
    'login: a stranger guessing cannot lock the owner out of a known browser or address',
    { timeout: 60_000 },
    async () => {
      const t = await createTestApp({ seed: false });
      await insertUser(t.db, { email: 'buyer@example.com' });
      const owner = t.agent();
      expect((await login(t, PASSWORD, '192.0.2.10', owner)).status).toBe(200);
      expect(owner.cookies.get('did')).toBeTruthy();
      await owner.json('/logout', 'POST', {});

      // strangers from many addresses fill the account's window, then the pair's
      const limit = RATE_LIMITS.login.perAccount.limit;
      const wrong = await burst(limit, (i) => login(t, `Wrong#${i}xx`, `198.51.100.${i}`));
      expect(wrong.every((r) => r.status === 401)).toBe(true);
      expect((await login(t, 'Wrong#again1', '198.51.100.200')).status).toBe(429);

      // the owner's browser (device cookie) still signs in, from a new address too
      expect((await login(t, PASSWORD, '203.0.113.77', owner)).status).toBe(200);
      await owner.json('/logout', 'POST', {});
      // and a fresh browser at an address the owner signed in from
      expect((await login(t, PASSWORD, '192.0.2.10')).status).toBe(200);
      // a wrong password from the owner's browser is still a failure, not a way in
      expect((await login(t, 'Wrong#owner1', '203.0.113.77', owner)).status).toBe(401);
    },
  );

  it('login: the owner on a new device and address gets in after a password reset', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    await burst(RATE_LIMITS.login.perAccount.limit, (i) => login(t, `Wrong#${i}xx`, `198.51.100.${i}`));
    const phone = t.agent();
    expect((await login(t, PASSWORD, '203.0.113.5', phone)).status).toBe(429);
    await phone.json(
      '/forgot',
      'POST',
      { email: 'buyer@example.com' },
      { headers: { 'x-test-client': '203.0.113.5' } },
    );
    const token = linkToken(t.mailer.last('buyer@example.com'), 'reset');
    const reset = await phone.json(
      '/reset',
      'POST',
      { id: token, password: OTHER_PASSWORD },
      { headers: { 'x-test-client': '203.0.113.5' } },
    );
    expect(reset.status).toBe(200);
    // the strangers keep guessing after the reset; the phone is known now
    await burst(RATE_LIMITS.login.perAccount.limit, (i) => login(t, `Wrong#${i}yy`, `198.51.100.${100 + i}`));
    expect((await login(t, OTHER_PASSWORD, '203.0.113.5', phone)).status).toBe(200);
  });

  it('login: signing in successfully is not counted against anyone', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const n = RATE_LIMITS.login.perPair.limit + RATE_LIMITS.login.perAccount.limit;
    const ok = await burst(n, () => login(t, PASSWORD, '203.0.113.9'));
    expect(ok.map((r) => r.status)).toEqual(Array(n).fill(200));
  });

  it('login: a forged device cookie is no way past the guard', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    await burst(RATE_LIMITS.login.perAccount.limit, (i) => login(t, `Wrong#${i}xx`, `198.51.100.${i}`));
    const forged = await t.json(
      '/login',
      'POST',
      { email: 'buyer@example.com', password: PASSWORD },
      { headers: { 'x-test-client': '203.0.113.8', cookie: 'did=abc.def' } },
    );
    expect(forged.status).toBe(429);
  });

  it(
    'login: one address trying many e-mails is limited too, other addresses are not',
    { timeout: 60_000 },
    async () => {
      const t = await createTestApp({ seed: false });
      const limit = RATE_LIMITS.login.perAddress.limit;
      const tries = await burst(limit, (i) =>
        t.json(
          '/login',
          'POST',
          { email: `guess${i}@example.com`, password: 'Wrong#Pass1' },
          { headers: { 'x-test-client': '198.51.100.1' } },
        ),
      );
      expect(tries.every((r) => r.status === 401)).toBe(true);
      const over = await t.json(
        '/login',
        'POST',
        { email: 'another@example.com', password: 'Wrong#Pass1' },
        { headers: { 'x-test-client': '198.51.100.1' } },
      );
      expect(over.status).toBe(429);
      const elsewhere = await t.json(
        '/login',
        'POST',
        { email: 'another@example.com', password: 'Wrong#Pass1' },
        { headers: { 'x-test-client': '198.51.100.2' } },
      );
      expect(elsewhere.status).toBe(401);
    },
  );

  it(`register: ${RATE_LIMITS.register.perAddress.limit} registrations per hour per address`, async () => {
    const t = await createTestApp({ seed: false });
    const limit = RATE_LIMITS.register.perAddress.limit;
    const ok = await burst(limit, () => t.json('/register', 'POST', registration()));
    expect(ok.map((r) => r.status)).toEqual(Array(limit).fill(201));
    const over = await t.json('/register', 'POST', registration());
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
  });

  it(`forgot: ${RATE_LIMITS.forgot.perAccount.limit} per hour per e-mail`, async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const limit = RATE_LIMITS.forgot.perAccount.limit;
    await burst(limit, () => t.json('/forgot', 'POST', { email: 'buyer@example.com' }));
    const over = await t.json(
      '/forgot',
      'POST',
      { email: 'buyer@example.com' },
      { headers: { 'x-test-client': '203.0.113.50' } },
    );
    expect(over.status).toBe(429);
    expect(t.mailer.messages).toHaveLength(limit);
  });

  it(`resendVerification: ${RATE_LIMITS.resendVerification.perAccount.limit} per hour per e-mail`, async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'new@example.com', status: 'unverified' });
    await burst(RATE_LIMITS.resendVerification.perAccount.limit, () =>
      t.json('/resendVerification', 'POST', { email: 'new@example.com' }),
    );
    const over = await t.json('/resendVerification', 'POST', { email: 'new@example.com' });
    expect(over.status).toBe(429);
    expect(await errorOf(over)).toMatchObject({ msg: 'too_many_requests' });
  });

  it(`check-email: ${RATE_LIMITS.checkEmail.perAddress.limit} per 15 minutes per address`, async () => {
    const t = await createTestApp({ seed: false });
    const limit = RATE_LIMITS.checkEmail.perAddress.limit;
    const ok = await burst(limit, (i) => t.json('/check-email', 'POST', { email: `probe${i}@example.com` }));
    expect(ok.every((r) => r.status === 200)).toBe(true);
    expect((await t.json('/check-email', 'POST', { email: 'probe@example.com' })).status).toBe(429);
  });
});

describe('nothing secret is stored or logged in plain text', () => {
  afterEach(() => vi.restoreAllMocks());

  it('no table holds a password or a raw session id or token, the outbox included', async () => {
    const t = await createTestApp({ seed: false });
    const lines: string[] = [];
    for (const fn of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, fn).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    }
    const body = registration({ email: 'secret@example.com' });
    await t.json('/register', 'POST', body);
    const verifyToken = linkToken(t.mailer.last(body.email), 'verify');
    await t.json('/verify', 'POST', { id: verifyToken });
    await t.db.exec(sql`update users set status = 'approved' where email = 'secret@example.com'`);
    const agent = await signIn(t, body.email, PASSWORD, 'y');
    const sessionId = agent.cookies.get('sid') ?? '';
    await t.json('/forgot', 'POST', { email: body.email });
    const resetToken = linkToken(t.mailer.last(body.email), 'reset');
    await t.json('/reset', 'POST', { id: resetToken, password: OTHER_PASSWORD });
    const again = await signIn(t, body.email, OTHER_PASSWORD);
    const secondSession = again.cookies.get('sid') ?? '';

    const secrets = { PASSWORD, OTHER_PASSWORD, verifyToken, resetToken, sessionId, secondSession };
    for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThanOrEqual(8);

    const tables = await t.db.rows<{ name: string }>(
      t.engine === 'postgres'
        ? sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`
        : sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
    );
    expect(tables.map((x) => x.name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'tokens', 'email_outbox', 'audit_log']),
    );
    for (const { name } of tables) {
      const dump = JSON.stringify(await t.db.rows(sql`select * from ${sql.identifier(name)}`));
      for (const [label, value] of Object.entries(secrets)) {
        expect(dump.includes(value), `${label} found in table ${name}`).toBe(false);
      }
    }
    // the outbox still keeps each e-mail, its link redacted
    const outbox = await t.db
      .select({ text: emailOutbox.text, html: emailOutbox.html })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, body.email));
    expect(
      outbox.filter((m) => m.text.includes('/verify/[redacted]') && m.html.includes('/verify/[redacted]')),
    ).toHaveLength(1);
    expect(outbox.filter((m) => m.text.includes('/reset/[redacted]'))).toHaveLength(1);
    const logged = lines.join('\n');
    for (const [label, value] of Object.entries(secrets)) expect(logged.includes(value), `${label} logged`).toBe(false);
  });
});

describe('equal work for known and unknown e-mails', () => {
  /**
   * The database calls the app makes while it answers one call (work after the answer
   * excluded), on either engine: every query starts from one of these methods of the handle.
   */
  async function statementsOf(t: TestApp, path: string, body: unknown): Promise<{ status: number; sql: string[] }> {
    const calls: string[] = [];
    const handle = t.db as unknown as Record<string, unknown>;
    const names = [
      'select',
      'selectDistinct',
      'insert',
      'update',
      'delete',
      'transaction',
      'transact',
      'execute',
      'rows',
      'exec',
    ];
    const wrapped = names.filter((n) => typeof handle[n] === 'function');
    for (const name of wrapped) {
      const original = handle[name] as (...a: unknown[]) => unknown;
      handle[name] = (...args: unknown[]) => {
        calls.push(name);
        return original.apply(t.db, args);
      };
    }
    try {
      const res = await t.app.request(`/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, sql: calls };
    } finally {
      for (const name of wrapped) delete handle[name];
    }
  }

  it.each([
    ['/forgot', 'approved'],
    ['/resendVerification', 'unverified'],
  ] as const)('%s does the same work before answering, whether the account exists or not', async (path, status) => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'known@example.com', status });
    const known = await statementsOf(t, path, { email: 'known@example.com' });
    await settled(t.db); // the first call's after-answer work is not the second call's
    const unknown = await statementsOf(t, path, { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.sql).toEqual(unknown.sql);
    // the mail still goes, to the known address only
    await settled(t.db);
    expect(t.mailer.messages.map((m) => m.to)).toEqual(['known@example.com']);
  });
});
