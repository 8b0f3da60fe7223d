import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, tokens } from '../../db/tables.ts';
import {
  OTHER_PASSWORD,
  PASSWORD,
  createTestApp,
  errorOf,
  insertUser,
  linkToken,
  meOf,
  signIn,
  userByEmail,
} from './auth-helpers.ts';

const HOUR = 3_600_000;

describe('POST /forgot', () => {
  it('e-mails an approved account a /reset/{token} link', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com', firstName: 'Eleanor' });
    const res = await t.json('/forgot', 'POST', { email: 'Buyer@example.com' });
    expect(res.status).toBe(200);
    const mail = t.mailer.last('buyer@example.com');
    expect(mail?.text).toContain(`${t.config.siteUrl}/reset/`);
    expect(mail?.text).toContain('Eleanor');
    expect(mail?.subject).toContain(t.config.PUBLIC_SITE_NAME);
    expect(linkToken(mail, 'reset')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers an unknown e-mail exactly as a known one, and sends nothing', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const known = await t.json('/forgot', 'POST', { email: 'buyer@example.com' });
    const unknown = await t.json('/forgot', 'POST', { email: 'ghost@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(t.mailer.messages.map((m) => m.to)).toEqual(['buyer@example.com']);
  });

  it.each(['unverified', 'rejected', 'disabled'] as const)(
    'sends no link to a %s account, with the same answer',
    async (status) => {
      const t = await createTestApp({ seed: false });
      await insertUser(t.db, { email: 'held@example.com', status });
      const res = await t.json('/forgot', 'POST', { email: 'held@example.com' });
      expect(res.status).toBe(200);
      expect(t.mailer.messages).toHaveLength(0);
    },
  );

  it('answers a malformed e-mail with the form message', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json('/forgot', 'POST', { email: '' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([{ param: 'email', msg: 'Email is required' }]);
  });
});

describe('POST /reset', () => {
  async function forgot(t: Awaited<ReturnType<typeof createTestApp>>, email: string) {
    await t.json('/forgot', 'POST', { email });
    return linkToken(t.mailer.last(email), 'reset');
  }

  it('sets the new password, says "Your password has been reset" and ends every session of the account', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const laptop = await signIn(t, 'buyer@example.com');
    const phone = await signIn(t, 'buyer@example.com', PASSWORD, 'y');
    const token = await forgot(t, 'buyer@example.com');

    const res = await t.json('/reset', 'POST', { id: token, password: OTHER_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: 'buyer@example.com', message: 'Your password has been reset' });

    expect(await t.db.select().from(sessions)).toHaveLength(0);
    expect((await meOf(laptop)).isAuthorised).toBe(false);
    expect((await meOf(phone)).isAuthorised).toBe(false);
    expect((await t.json('/login', 'POST', { email: 'buyer@example.com', password: PASSWORD })).status).toBe(401);
    expect((await t.json('/login', 'POST', { email: 'buyer@example.com', password: OTHER_PASSWORD })).status).toBe(200);
  });

  it('a reset link works once', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const token = await forgot(t, 'buyer@example.com');
    expect((await t.json('/reset', 'POST', { id: token, password: OTHER_PASSWORD })).status).toBe(200);
    const again = await t.json('/reset', 'POST', { id: token, password: 'Third%Pass777' });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).msg).toBe('token_already_used');
    expect((await t.json('/login', 'POST', { email: 'buyer@example.com', password: OTHER_PASSWORD })).status).toBe(200);
  });

  it('a reset link expires after 1 hour', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const token = await forgot(t, 'buyer@example.com');
    t.clock.advance(HOUR);
    const res = await t.json('/reset', 'POST', { id: token, password: OTHER_PASSWORD });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toBe('token_expired');
    expect((await t.json('/login', 'POST', { email: 'buyer@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('an unknown token is refused', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json('/reset', 'POST', { id: 'A'.repeat(43), password: OTHER_PASSWORD });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toBe('invalid_token');
  });

  it('a verification token cannot reset a password', async () => {
    const t = await createTestApp({ seed: false });
    const u = await insertUser(t.db, { email: 'new@example.com', status: 'unverified' });
    await t.json('/resendVerification', 'POST', { email: u.email });
    const verifyToken = linkToken(t.mailer.last(u.email), 'verify');
    const res = await t.json('/reset', 'POST', { id: verifyToken, password: OTHER_PASSWORD });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toBe('invalid_token');
  });

  it('only the latest link works after asking twice', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const first = await forgot(t, 'buyer@example.com');
    const second = await forgot(t, 'buyer@example.com');
    expect((await t.json('/reset', 'POST', { id: first, password: OTHER_PASSWORD })).status).toBe(400);
    expect((await t.json('/reset', 'POST', { id: second, password: OTHER_PASSWORD })).status).toBe(200);
  });

  it('holds the new password to the password rule, and keeps the token for a retry', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const token = await forgot(t, 'buyer@example.com');
    const weak = await t.json('/reset', 'POST', { id: token, password: 'alllowercase1!' });
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).msg).toEqual([
      { param: 'password', msg: 'Password must contain at least 1 uppercase letter' },
    ]);
    const mismatch = await t.json('/reset', 'POST', { id: token, password: OTHER_PASSWORD, password_confirm: 'nope' });
    expect((await errorOf(mismatch)).msg).toEqual([{ param: 'password_confirm', msg: 'Passwords must match' }]);
    expect(
      (await t.json('/reset', 'POST', { id: token, password: OTHER_PASSWORD, password_confirm: OTHER_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('stores only the SHA-256 of the reset token, expiring in 1 hour', async () => {
    const t = await createTestApp({ seed: false });
    const u = await insertUser(t.db, { email: 'buyer@example.com' });
    const token = await forgot(t, 'buyer@example.com');
    const row = (await t.db.select().from(tokens).where(eq(tokens.userId, u.id)))[0];
    expect(row?.kind).toBe('reset');
    expect(row?.tokenHash).not.toBe(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.expiresAt.getTime()).toBe(t.clock.now() + HOUR);
    expect((await userByEmail(t.db, 'buyer@example.com'))?.passwordHash).not.toContain(PASSWORD);
  });
});
