import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/tables.ts';
import { SESSION_LIFETIMES } from '../../api/services/accounts/sessions.ts';
import { PASSWORD, createTestApp, errorOf, insertUser, meOf, signIn } from './auth-helpers.ts';

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c)) ?? '';

describe('POST /login', () => {
  it('signs an approved customer in and answers the auth state', async () => {
    const t = await createTestApp({ seed: false });
    const u = await insertUser(t.db, { email: 'buyer@example.com', firstName: 'Eleanor', lastName: 'Hartley' });
    const res = await t.json('/login', 'POST', { email: 'Buyer@Example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { isAuthorised: boolean; user: Record<string, unknown> };
    expect(body.isAuthorised).toBe(true);
    expect(body.user).toMatchObject({
      _id: String(u.id),
      role: 'user',
      firstName: 'Eleanor',
      lastName: 'Hartley',
      email: 'buyer@example.com',
      bag: [],
      Balances: {},
      api_allow: false,
      requestApiAccess: false,
      requestApiAccessDate: null,
      dialogSettings: {},
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('sets an HttpOnly, SameSite=Lax browser-session cookie (no Max-Age or Expires) without rememberMe', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const res = await t.json('/login', 'POST', { email: 'buyer@example.com', password: PASSWORD });
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    // the server still ends it: browser-session logins have a 24-hour absolute limit
    const row = (await t.db.select().from(sessions))[0];
    expect(row?.absoluteExpiresAt.getTime()).toBe(t.clock.now() + SESSION_LIFETIMES.browser.absolute);
  });

  it.each(['y', true] as const)('rememberMe=%s sets a cookie lasting 365 days', async (rememberMe) => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const res = await t.json('/login', 'POST', { email: 'buyer@example.com', password: PASSWORD, rememberMe });
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/;\s*Max-Age=31536000(;|$)/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect((await t.db.select().from(sessions))[0]?.rememberMe).toBe(true);
  });

  it('uses a Secure __Host- cookie when the site is served over HTTPS', async () => {
    const t = await createTestApp({ seed: false, env: { SITE_URL: 'https://shop.example' } });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const res = await t.json('/login', 'POST', { email: 'buyer@example.com', password: PASSWORD });
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const wrong = await t.json('/login', 'POST', { email: 'buyer@example.com', password: 'Wrong#Pass123' });
    const unknown = await t.json('/login', 'POST', { email: 'nobody@example.com', password: 'Wrong#Pass123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    expect(a).toEqual({ errors: { msg: 'invalid_credentials' } });
    expect(await unknown.json()).toEqual(a);
    expect(sessionCookie(wrong)).toBe('');
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it.each(['unverified', 'pending', 'rejected', 'disabled'] as const)(
    'refuses a %s account with 403 and its status, and makes no session',
    async (status) => {
      const t = await createTestApp({ seed: false });
      await insertUser(t.db, { email: 'held@example.com', status });
      const res = await t.json('/login', 'POST', { email: 'held@example.com', password: PASSWORD });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({ msg: `account_${status}`, options: { status } });
      expect(sessionCookie(res)).toBe('');
      expect(await t.db.select().from(sessions)).toHaveLength(0);
    },
  );

  it('does not reveal the status of an unapproved account to a wrong password', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'held@example.com', status: 'pending' });
    const res = await t.json('/login', 'POST', { email: 'held@example.com', password: 'Wrong#Pass123' });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ msg: 'invalid_credentials' });
  });

  it('answers missing fields with the form messages', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json('/login', 'POST', {});
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([
      { param: 'email', msg: 'Email is required' },
      { param: 'password', msg: 'Password is required' },
    ]);
  });

  it('rotates the session: a new id at login, and the old cookie stops working', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    const first = agent.cookies.get('sid');
    await agent.json('/login', 'POST', { email: 'buyer@example.com', password: PASSWORD });
    const second = agent.cookies.get('sid');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    const stale = await t.request('/me', { headers: { cookie: `sid=${first}` } });
    expect(await stale.json()).toEqual({ isAuthorised: false, user: null });
  });
});

describe('GET /me and POST /logout', () => {
  it('a visitor is not authorised', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.request('/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ isAuthorised: false, user: null });
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    const token = agent.cookies.get('sid');
    expect((await meOf(agent)).isAuthorised).toBe(true);
    const res = await agent.request('/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toMatch(/Max-Age=0/);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
    const replay = await t.request('/me', { headers: { cookie: `sid=${token}` } });
    expect(await replay.json()).toEqual({ isAuthorised: false, user: null });
  });

  it('a browser-session login ends after 8 idle hours on the server', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    t.clock.advance(SESSION_LIFETIMES.browser.idle + 1);
    expect((await meOf(agent)).isAuthorised).toBe(false);
  });
});
