import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configs, tokens, users } from '../../db/tables.ts';
import { passwordHashingFromEnv } from '../../api/config.ts';
import { argon2Options } from '../../api/services/accounts/passwords.ts';
import { PASSWORD, createTestApp, errorOf, insertUser, linkToken, registration, userByEmail } from './auth-helpers.ts';

const HOUR = 3_600_000;

describe('POST /check-email', () => {
  it('answers { exists: false, verified: false } for an unknown e-mail', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json('/check-email', 'POST', { email: 'nobody@example.com' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ exists: false, verified: false });
  });

  it('answers exists and verified for an approved account, whatever the case of the address', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'buyer@example.com' });
    const res = await t.json('/check-email', 'POST', { email: ' Buyer@Example.COM ' });
    expect(await res.json()).toEqual({ exists: true, verified: true });
  });

  it('reports an unverified account as exists but not verified (the dialog offers Resend Email)', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'new@example.com', status: 'unverified' });
    const res = await t.json('/check-email', 'POST', { email: 'new@example.com' });
    expect(await res.json()).toEqual({ exists: true, verified: false });
  });

  it.each(['pending', 'rejected', 'disabled'] as const)(
    'reports a %s account with errors.options.status, whose registration message the dialog shows',
    async (status) => {
      const t = await createTestApp({ seed: false });
      await insertUser(t.db, { email: 'held@example.com', status, emailVerifiedAt: new Date() });
      const res = await t.json('/check-email', 'POST', { email: 'held@example.com' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        exists: true,
        verified: true,
        errors: { msg: `account_${status}`, options: { status } },
      });
    },
  );

  it('rejects a malformed e-mail with the form message', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json('/check-email', 'POST', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([{ param: 'email', msg: 'Please enter a valid email' }]);
  });
});

describe('POST /register and the verification link', () => {
  it('creates an unverified account with a hashed password and e-mails a /verify/{token} link', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration({ email: 'Grace@Marlow.example' });
    const res = await t.json('/register', 'POST', body);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { email: string; message: string };
    expect(answer.email).toBe('grace@marlow.example');
    expect(answer.message).toMatch(/verification e-mail/);

    const user = await userByEmail(t.db, 'grace@marlow.example');
    expect(user?.status).toBe('unverified');
    const { memoryCost: m, timeCost: t2 } = argon2Options(passwordHashingFromEnv());
    expect(user?.passwordHash?.startsWith(`$argon2id$v=19$m=${m},t=${t2},p=1$`)).toBe(true);
    expect(user?.tradeReferences).toEqual(['Moss & Daughter Casting']);
    expect(user?.acceptTermsAndConditions).toBe(true);

    const mail = t.mailer.last('grace@marlow.example');
    expect(mail?.subject).toContain(t.config.PUBLIC_SITE_NAME);
    expect(mail?.text).toContain(`${t.config.siteUrl}/verify/`);
    expect(mail?.html).toContain(`${t.config.siteUrl}/verify/`);
    expect(linkToken(mail, 'verify')).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
  });

  it('the e-mailed link verifies the address end to end; the account then awaits approval', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration();
    await t.json('/register', 'POST', body);
    const token = linkToken(t.mailer.last(body.email), 'verify');

    const res = await t.json('/verify', 'POST', { id: token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: body.email, verified: true });
    const user = await userByEmail(t.db, body.email);
    expect(user?.status).toBe('pending');
    expect(user?.emailVerifiedAt?.getTime()).toBe(t.clock.now());

    // staff hear about the registration awaiting approval
    expect(t.mailer.last(t.config.STAFF_EMAIL)?.text).toContain(body.companyName);
    // the e-mail check and login now report the pending status
    const check = await t.json('/check-email', 'POST', { email: body.email });
    expect(await check.json()).toMatchObject({
      exists: true,
      verified: true,
      errors: { options: { status: 'pending' } },
    });
    const login = await t.json('/login', 'POST', { email: body.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(await errorOf(login)).toEqual({ msg: 'account_pending', options: { status: 'pending' } });
  });

  it('a verification link works once: the second use is refused', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration();
    await t.json('/register', 'POST', body);
    const token = linkToken(t.mailer.last(body.email), 'verify');
    expect((await t.json('/verify', 'POST', { id: token })).status).toBe(200);
    const again = await t.json('/verify', 'POST', { id: token });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).msg).toBe('token_already_used');
  });

  it('an unknown token is refused', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json('/verify', 'POST', { id: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toBe('invalid_token');
  });

  it('a verification link expires after 24 hours', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration();
    await t.json('/register', 'POST', body);
    const token = linkToken(t.mailer.last(body.email), 'verify');
    t.clock.advance(24 * HOUR);
    const res = await t.json('/verify', 'POST', { id: token });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toBe('token_expired');
    expect((await userByEmail(t.db, body.email))?.status).toBe('unverified');
  });

  it('a link just inside 24 hours still works', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration();
    await t.json('/register', 'POST', body);
    t.clock.advance(24 * HOUR - 1000);
    const res = await t.json('/verify', 'POST', { id: linkToken(t.mailer.last(body.email), 'verify') });
    expect(res.status).toBe(200);
  });

  it('refuses a second account for the same e-mail, in any letter case', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'taken@example.com' });
    const res = await t.json('/register', 'POST', registration({ email: 'TAKEN@example.com' }));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).msg).toEqual([{ param: 'email', msg: 'An account with this email already exists' }]);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('answers invalid input with the same messages as the form', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json(
      '/register',
      'POST',
      registration({
        firstName: ' ',
        tradeReferences: ['', ''],
        acceptTermsAndConditions: false,
        password_confirm: 'x',
      }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([
      { param: 'firstName', msg: 'First name is required' },
      { param: 'tradeReferences', msg: 'Please enter at least 1 Trade Reference' },
      { param: 'acceptTermsAndConditions', msg: 'Must Accept Terms and Conditions' },
      { param: 'password_confirm', msg: 'Passwords must match' },
    ]);
    expect(await t.db.select().from(users)).toHaveLength(0);
    expect(t.mailer.messages).toHaveLength(0);
  });

  it('keeps an API access request made at registration, dated', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration({ requestApiAccess: true, requestApiAccessMessage: 'Feed for our shop' });
    expect((await t.json('/register', 'POST', body)).status).toBe(201);
    const user = await userByEmail(t.db, body.email);
    expect(user?.requestApiAccess).toBe(true);
    expect(user?.requestApiAccessMessage).toBe('Feed for our shop');
    expect(user?.requestApiAccessDate?.getTime()).toBe(t.clock.now());
    expect(user?.apiAllow).toBe(false);
  });

  it('ignores fields a customer may not set (role, status, api_allow)', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration({ role: 'admin', status: 'approved', apiAllow: true, api_allow: true });
    expect((await t.json('/register', 'POST', body)).status).toBe(201);
    const user = await userByEmail(t.db, body.email);
    expect(user).toMatchObject({ role: 'user', status: 'unverified', apiAllow: false });
  });
});

describe('POST /resendVerification', () => {
  it('sends a fresh link to an unverified account; the older link stops working', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration();
    await t.json('/register', 'POST', body);
    const first = linkToken(t.mailer.last(body.email), 'verify');
    const res = await t.json('/resendVerification', 'POST', { email: body.email });
    expect(res.status).toBe(200);
    const second = linkToken(t.mailer.last(body.email), 'verify');
    expect(second).not.toBe(first);
    expect((await t.json('/verify', 'POST', { id: first })).status).toBe(400);
    expect((await t.json('/verify', 'POST', { id: second })).status).toBe(200);
  });

  it('answers an unknown or already verified e-mail exactly alike, and sends nothing', async () => {
    const t = await createTestApp({ seed: false });
    await insertUser(t.db, { email: 'done@example.com' });
    const known = await t.json('/resendVerification', 'POST', { email: 'done@example.com' });
    const unknown = await t.json('/resendVerification', 'POST', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(t.mailer.messages).toHaveLength(0);
  });
});

describe('GET /configs/registration-messages', () => {
  it('has a message for every status that blocks login, with built-in defaults', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.request('/configs/registration-messages');
    expect(res.status).toBe(200);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    for (const status of ['unverified', 'pending', 'rejected', 'disabled']) expect(fields[status]).toBeTruthy();
  });

  it('uses the configs row where staff set one', async () => {
    const t = await createTestApp({ seed: false });
    await t.db
      .insert(configs)
      .values({ type: 'registration_messages', fields: { pending: 'We are checking your details.' } });
    const { fields } = (await (await t.request('/configs/registration-messages')).json()) as {
      fields: Record<string, string>;
    };
    expect(fields.pending).toBe('We are checking your details.');
    expect(fields.rejected).toBeTruthy();
  });
});

describe('stored tokens', () => {
  it('keeps only a SHA-256 of the verification token, with its 24-hour expiry', async () => {
    const t = await createTestApp({ seed: false });
    const body = registration();
    await t.json('/register', 'POST', body);
    const token = linkToken(t.mailer.last(body.email), 'verify');
    const user = await userByEmail(t.db, body.email);
    const rows = await t.db
      .select()
      .from(tokens)
      .where(eq(tokens.userId, user?.id ?? -1));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.expiresAt.getTime()).toBe(t.clock.now() + 24 * HOUR);
  });
});
