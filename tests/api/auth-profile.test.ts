import { describe, expect, it } from 'vitest';
import { contactMessages, sessions } from '../../db/tables.ts';
import {
  OTHER_PASSWORD,
  PASSWORD,
  createTestApp,
  errorOf,
  insertUser,
  meOf,
  signIn,
  userByEmail,
} from './auth-helpers.ts';

describe('signed-in only', () => {
  it.each([
    ['GET', '/profile'],
    ['PATCH', '/profile'],
    ['POST', '/profile/change-password'],
    ['PATCH', '/profile/updateDialogSettings'],
    ['POST', '/register-api-access'],
  ])('%s %s answers a visitor 401 not_signed_in', async (method, path) => {
    const t = await createTestApp({ seed: false });
    const res = method === 'GET' ? await t.request(path) : await t.json(path, method, {});
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ msg: 'not_signed_in' });
  });
});

describe('PATCH /profile', () => {
  it('changes the given profile fields and answers the new auth state', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    const res = await agent.json('/profile', 'PATCH', { city: 'Bath', tradeReferences: ['A', '', 'B'] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ city: 'Bath', tradeReferences: ['A', 'B'], firstName: 'Ada' });
  });

  it('checks fields by the registration rules and ignores role, status, e-mail and API access', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    const bad = await agent.json('/profile', 'PATCH', { firstName: '  ' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).msg).toEqual([{ param: 'firstName', msg: 'First name is required' }]);
    await agent.json('/profile', 'PATCH', {
      role: 'admin',
      status: 'approved',
      email: 'x@y.z',
      apiAllow: true,
      api_allow: true,
    });
    expect(await userByEmail(t.db, 'buyer@example.com')).toMatchObject({ role: 'user', apiAllow: false });
  });
});

describe('PATCH /profile/updateDialogSettings', () => {
  it('stores one dialog setting at a time', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    await agent.json('/profile/updateDialogSettings', 'PATCH', { settingName: 'resetFilters', settingValue: 'yes' });
    const res = await agent.json('/profile/updateDialogSettings', 'PATCH', {
      settingName: 'resetSearch',
      settingValue: 'no',
    });
    expect(res.status).toBe(200);
    expect((await meOf(agent)).user?.dialogSettings).toEqual({ resetFilters: 'yes', resetSearch: 'no' });
  });

  it('refuses an unknown setting', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    const res = await agent.json('/profile/updateDialogSettings', 'PATCH', {
      settingName: 'role',
      settingValue: 'yes',
    });
    expect(res.status).toBe(400);
  });
});

describe('POST /profile/change-password', () => {
  it('needs the current password', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    const res = await agent.json('/profile/change-password', 'POST', {
      currentPassword: 'Wrong#Pass123',
      password: OTHER_PASSWORD,
      password_confirm: OTHER_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([{ param: 'currentPassword', msg: 'Current password is incorrect' }]);
  });

  it('sets the new password, gives this browser a new session id and ends every other session', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const here = await signIn(t, 'buyer@example.com');
    const elsewhere = await signIn(t, 'buyer@example.com');
    const oldId = here.cookies.get('sid') ?? '';
    const res = await here.json('/profile/change-password', 'POST', {
      currentPassword: PASSWORD,
      password: OTHER_PASSWORD,
      password_confirm: OTHER_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^sid=[^;]+;.*HttpOnly/i.test(c))).toBe(true);
    const newId = here.cookies.get('sid') ?? '';
    expect(newId).not.toBe('');
    expect(newId).not.toBe(oldId);
    expect((await meOf(here)).isAuthorised).toBe(true);
    // the id from before the change opens nothing
    const stale = await t.request('/me', { headers: { cookie: `sid=${oldId}` } });
    expect(((await stale.json()) as { isAuthorised: boolean }).isAuthorised).toBe(false);
    expect((await meOf(elsewhere)).isAuthorised).toBe(false);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    expect((await t.json('/login', 'POST', { email: 'buyer@example.com', password: OTHER_PASSWORD })).status).toBe(200);
  });

  it('keeps a remembered login remembered across the new id', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com', PASSWORD, true);
    const res = await agent.json('/profile/change-password', 'POST', {
      currentPassword: PASSWORD,
      password: OTHER_PASSWORD,
      password_confirm: OTHER_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/Max-Age=31536000/);
    expect((await t.db.select().from(sessions)).map((s) => s.rememberMe)).toEqual([true]);
  });

  it('holds the new password to the rule and the confirmation to a match', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    const res = await agent.json('/profile/change-password', 'POST', {
      currentPassword: PASSWORD,
      password: 'short',
      password_confirm: 'other',
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([
      { param: 'password', msg: 'Password must be at least 8 characters' },
      { param: 'password_confirm', msg: 'Passwords must match' },
    ]);
  });
});

describe('POST /register-api-access', () => {
  it('records the request with its date, files it for staff and e-mails STAFF_EMAIL', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com', companyName: 'Hartley & Vane' });
    const agent = await signIn(t, 'buyer@example.com');
    const res = await agent.json('/register-api-access', 'POST', {
      requestApiAccessMessage: 'For our <b>web</b> shop',
    });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      requestApiAccess: true,
      api_allow: false,
      requestApiAccessDate: new Date(t.clock.now()).toISOString(),
    });

    const mail = t.mailer.last(t.config.STAFF_EMAIL);
    expect(mail?.text).toContain('For our <b>web</b> shop');
    expect(mail?.html).toContain('For our &lt;b&gt;web&lt;/b&gt; shop');
    expect(mail?.html).toContain('Hartley &amp; Vane');
    const filed = await t.db.select().from(contactMessages);
    expect(filed).toMatchObject([{ kind: 'api', email: 'buyer@example.com', message: 'For our <b>web</b> shop' }]);
  });

  it('a second request while the first is open is refused', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const agent = await signIn(t, 'buyer@example.com');
    expect((await agent.json('/register-api-access', 'POST', { requestApiAccessMessage: '' })).status).toBe(200);
    const again = await agent.json('/register-api-access', 'POST', { requestApiAccessMessage: 'again' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ msg: 'api_access_already_requested' });
    expect(t.mailer.messages).toHaveLength(1);
  });
});
