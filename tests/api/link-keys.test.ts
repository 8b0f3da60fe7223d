import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { presentedKey } from '../../api/link/auth.ts';
import { linkLimit } from '../../api/link/limits.ts';
import type { LinkEnv } from '../../api/link/types.ts';
import { onError } from '../../api/middleware/errors.ts';
import { generateKey, hashKey, isWellFormedKey } from '../../api/services/link/api-keys.ts';
import { apiKeys, auditLog } from '../../db/tables.ts';
import { errorOf, insertUser, signIn } from './auth-helpers.ts';
import { createKeyVia, linkCall, linkKeyFor, linkSetup } from './link-helpers.ts';

const HOUR = 3_600_000;
const basic = (key: string) => `Basic ${Buffer.from(`feed:${key}`).toString('base64')}`;

describe('key format', () => {
  it('is ftk_ + scope mark (t, r, test) + 22 random + 6 checksum characters, and the checksum catches a typo', () => {
    const trade = generateKey('trade');
    const retail = generateKey('retail');
    const test = generateKey('test');
    expect(trade).toMatch(/^ftk_t_[0-9A-Za-z]{28}$/);
    expect(retail).toMatch(/^ftk_r_[0-9A-Za-z]{28}$/);
    expect(test).toMatch(/^ftk_test_[0-9A-Za-z]{28}$/);
    expect(isWellFormedKey(trade)).toBe(true);
    expect(isWellFormedKey(test)).toBe(true);
    expect(isWellFormedKey(`ftk_tes_${test.slice(9)}`)).toBe(false);
    const i = 10;
    const typo = trade.slice(0, i) + (trade[i] === 'a' ? 'b' : 'a') + trade.slice(i + 1);
    expect(isWellFormedKey(typo)).toBe(false);
    expect(isWellFormedKey(`${trade}x`)).toBe(false);
    expect(new Set(Array.from({ length: 200 }, () => generateKey('trade'))).size).toBe(200);
  });
});

describe('presentedKey (the Authorization header)', () => {
  it('reads Bearer and the password of Basic, and nothing else', () => {
    expect(presentedKey('Bearer abc')).toBe('abc');
    expect(presentedKey('bearer   abc')).toBe('abc');
    expect(presentedKey(`Basic ${Buffer.from('any:ftk_key').toString('base64')}`)).toBe('ftk_key');
    expect(presentedKey(`Basic ${Buffer.from(':ftk_key').toString('base64')}`)).toBe('ftk_key');
    expect(presentedKey(`Basic ${Buffer.from('ftk_key').toString('base64')}`)).toBeNull();
    expect(presentedKey(`Basic ${Buffer.from('user:').toString('base64')}`)).toBeNull();
    expect(presentedKey('Bearer')).toBeNull();
    expect(presentedKey('Token abc')).toBeNull();
    expect(presentedKey(undefined)).toBeNull();
  });
});

describe('POST /profile/api-keys and GET /profile/api-keys', () => {
  it('creates a key shown once, stores only its keyed hash, audits it and e-mails the owner', async () => {
    const { t, owner, agent } = await linkSetup();
    const made = await createKeyVia(agent, '  Shop website ', 'trade');
    expect(made).toMatchObject({ name: 'Shop website', scope: 'trade', last4: made.key.slice(-4) });
    expect(isWellFormedKey(made.key)).toBe(true);

    const row = (await t.db.select().from(apiKeys).where(eq(apiKeys.id, made.id)))[0]!;
    expect(row.keyHash).toBe(hashKey(t.config, made.key));
    expect(JSON.stringify(row)).not.toContain(made.key);

    const list = await agent.request('/profile/api-keys');
    expect(list.status).toBe(200);
    const body = (await list.json()) as { docs: Record<string, unknown>[]; maxActive: number };
    expect(body.maxActive).toBe(5);
    expect(body.docs).toEqual([
      expect.objectContaining({ id: made.id, name: 'Shop website', scope: 'trade', last4: made.last4 }),
    ]);
    expect(body.docs[0]).not.toHaveProperty('key');
    expect(body.docs[0]).toMatchObject({ lastUsedAt: null, lastUsedIp: null, expiresAt: null });
    expect(JSON.stringify(body)).not.toContain(made.key);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'api_key.create'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: owner.id, entity: 'api_key', entityId: String(made.id) });
    const mail = t.mailer.last(owner.email)!;
    expect(mail.subject).toContain('API Link key created');
    expect(mail.text).toContain(made.last4);
    expect(mail.text).not.toContain(made.key);
  });

  it('escapes the key name in the e-mail', async () => {
    const { t, owner, agent } = await linkSetup();
    await createKeyVia(agent, '<img src=x onerror=alert(1)>', 'retail');
    const mail = t.mailer.last(owner.email)!;
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x');
  });

  it('answers 400 for a missing name or an unknown scope', async () => {
    const { agent } = await linkSetup();
    const res = await agent.json('/profile/api-keys', 'POST', { name: ' ', scope: 'admin' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      msg: [
        { param: 'name', msg: 'name is required' },
        { param: 'scope', msg: 'scope must be trade, retail or test' },
      ],
    });
  });

  it('refuses a name made only of invisible characters, or holding a bidi override', async () => {
    const { agent } = await linkSetup();
    const blank = await agent.json('/profile/api-keys', 'POST', { name: '\u200B\uFEFF', scope: 'trade' });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).msg).toEqual([{ param: 'name', msg: 'name is required' }]);
    const bidi = await agent.json('/profile/api-keys', 'POST', { name: 'shop\u202Egpj', scope: 'trade' });
    expect(bidi.status).toBe(400);
  });

  it('allows at most 5 active keys; a revoked key frees a place', async () => {
    const { agent } = await linkSetup();
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push(await createKeyVia(agent, `k${i}`));
    const sixth = await agent.json('/profile/api-keys', 'POST', { name: 'k5', scope: 'trade' });
    expect(sixth.status).toBe(409);
    expect(await errorOf(sixth)).toEqual({ msg: 'too_many_keys', options: { max: 5 } });
    // rolling one of the five does not count against the cap
    expect((await agent.json(`/profile/api-keys/${keys[0]!.id}/roll`, 'POST', {})).status).toBe(201);
    expect((await agent.request(`/profile/api-keys/${keys[1]!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await agent.json('/profile/api-keys', 'POST', { name: 'k5', scope: 'retail' })).status).toBe(201);
  });

  it('is refused to visitors (401) and to customers without api_allow (403)', async () => {
    const { t } = await linkSetup();
    expect((await t.agent().request('/profile/api-keys')).status).toBe(401);
    await insertUser(t.db, { email: 'noapi@example.com', apiAllow: false });
    const noApi = await signIn(t, 'noapi@example.com');
    for (const res of [
      await noApi.request('/profile/api-keys'),
      await noApi.json('/profile/api-keys', 'POST', { name: 'x', scope: 'trade' }),
      await noApi.json('/profile/api-link', 'PATCH', { retailMarkupPct: 10 }),
    ]) {
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({ msg: 'api_access_not_enabled' });
    }
  });
});

describe('authentication of /api/link/v1', () => {
  it('accepts Bearer and Basic (key as password) and answers GET /me', async () => {
    const { t, owner, agent } = await linkSetup();
    const made = await createKeyVia(agent, 'Stock sync', 'trade');
    const res = await linkCall(t, '/me', made.key);
    expect(res.status).toBe(200);
    const me = (await res.json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      account: { id: owner.id, email: owner.email, company_name: owner.companyName },
      key: { id: made.id, name: 'Stock sync', scope: 'trade', last4: made.last4, expires_at: null },
      limits: [
        { policy: 'default', limit: 120, window_seconds: 60 },
        { policy: 'feed', limit: 12, window_seconds: 3600 },
      ],
      usage: { calls: 0, errors: 0 },
    });
    expect(me.account).not.toHaveProperty('retail_markup_pct');
    const viaBasic = await t.app.request('/api/link/v1/me', { headers: { authorization: basic(made.key) } });
    expect(viaBasic.status).toBe(200);
  });

  it('answers 401 with none, a malformed, an unknown, a revoked key; the session cookie is no key', async () => {
    const { t, owner, agent } = await linkSetup();
    const made = await createKeyVia(agent);
    const expectFail = async (res: Response, msg: string) => {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await errorOf(res)).msg).toBe(msg);
    };
    await expectFail(await linkCall(t, '/me'), 'api_key_required');
    await expectFail(await linkCall(t, '/me', 'not-a-key'), 'api_key_malformed');
    // right shape, wrong checksum: refused as malformed (no lookup); right checksum, never issued: unknown
    const typo = made.key.slice(0, 8) + (made.key[8] === 'x' ? 'y' : 'x') + made.key.slice(9);
    await expectFail(await linkCall(t, '/me', typo), 'api_key_malformed');
    await expectFail(await linkCall(t, '/me', generateKey('trade')), 'api_key_unknown');
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(cookie).not.toBe('');
    await expectFail(await linkCall(t, '/me', undefined, { headers: { cookie } }), 'api_key_required');
    await expectFail(
      await t.app.request('/api/link/v1/me', { headers: { authorization: `Token ${made.key}` } }),
      'api_key_required',
    );

    expect((await agent.request(`/profile/api-keys/${made.id}`, { method: 'DELETE' })).status).toBe(200);
    await expectFail(await linkCall(t, '/me', made.key), 'api_key_revoked');
    expect(t.mailer.last(owner.email)!.subject).toContain('revoked');
  });

  it('refuses a body over 64 KiB with 413 before anything reads it', async () => {
    const { t, agent } = await linkSetup();
    const made = await createKeyVia(agent);
    const res = await linkCall(t, '/stones/availability', made.key, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  it('refuses a key in the query string, telling to use the header', async () => {
    const { t, agent } = await linkSetup();
    const made = await createKeyVia(agent);
    for (const q of [`key=${made.key}`, `api_key=${made.key}`]) {
      const res = await linkCall(t, `/me?${q}`, made.key);
      expect(res.status).toBe(401);
      const err = await errorOf(res);
      expect(err.msg).toBe('api_key_in_query');
      expect(String(err.options?.message)).toContain('Authorization header');
    }
  });

  it('keeps a rolled key working through its overlap, then answers 401 api_key_expired', async () => {
    const { t, owner, agent } = await linkSetup();
    const old = await createKeyVia(agent);
    const res = await agent.json(`/profile/api-keys/${old.id}/roll`, 'POST', { overlapHours: 2 });
    expect(res.status).toBe(201);
    const rolled = (await res.json()) as { id: number; key: string; replaces: { id: number; expiresAt: string } };
    expect(rolled.key).not.toBe(old.key);
    expect(rolled.replaces).toEqual({ id: old.id, expiresAt: new Date(t.clock.now() + 2 * HOUR).toISOString() });
    expect(t.mailer.last(owner.email)!.subject).toContain('rolled');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'api_key.roll'));
    expect(audits).toHaveLength(1);

    const again = await agent.json(`/profile/api-keys/${old.id}/roll`, 'POST', {});
    expect(again.status).toBe(409);
    expect((await errorOf(again)).msg).toBe('key_already_rolled');

    t.clock.advance(2 * HOUR - 1000);
    expect((await linkCall(t, '/me', old.key)).status).toBe(200);
    expect((await linkCall(t, '/me', rolled.key)).status).toBe(200);
    t.clock.advance(1000);
    const expired = await linkCall(t, '/me', old.key);
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).msg).toBe('api_key_expired');
    expect((await linkCall(t, '/me', rolled.key)).status).toBe(200);
    // the old key has left the list
    const list = (await (await agent.request('/profile/api-keys')).json()) as { docs: { id: number }[] };
    expect(list.docs.map((k) => k.id)).toEqual([rolled.id]);
  });

  it('rolls with a default overlap of 24 hours and refuses more than 7 days', async () => {
    const { t, agent } = await linkSetup();
    const old = await createKeyVia(agent);
    const tooLong = await agent.json(`/profile/api-keys/${old.id}/roll`, 'POST', { overlapHours: 169 });
    expect(tooLong.status).toBe(400);
    const res = await agent.json(`/profile/api-keys/${old.id}/roll`, 'POST', {});
    const rolled = (await res.json()) as { replaces: { expiresAt: string } };
    expect(rolled.replaces.expiresAt).toBe(new Date(t.clock.now() + 24 * HOUR).toISOString());
  });

  it('answers 403 once api_allow is withdrawn or the account disabled, and works again when restored', async () => {
    const { t, owner, agent, staff } = await linkSetup();
    const made = await createKeyVia(agent);
    expect((await staff.json(`/admin/customers/${owner.id}/api-access`, 'POST', { allow: false })).status).toBe(200);
    const withdrawn = await linkCall(t, '/me', made.key);
    expect(withdrawn.status).toBe(403);
    expect((await errorOf(withdrawn)).msg).toBe('api_access_withdrawn');
    expect((await staff.json(`/admin/customers/${owner.id}/api-access`, 'POST', { allow: true })).status).toBe(200);
    expect((await linkCall(t, '/me', made.key)).status).toBe(200);

    expect((await staff.json(`/admin/customers/${owner.id}/disable`, 'POST', {})).status).toBe(200);
    const disabled = await linkCall(t, '/me', made.key);
    expect(disabled.status).toBe(403);
    expect((await errorOf(disabled)).msg).toBe('api_access_withdrawn');
  });

  it('notes the last use (time and address) at most once a minute', async () => {
    const { t, agent } = await linkSetup();
    const made = await createKeyVia(agent);
    const used = async () => (await t.db.select().from(apiKeys).where(eq(apiKeys.id, made.id)))[0]!;
    const start = t.clock.now();
    await linkCall(t, '/me', made.key, { headers: { 'x-test-client': '203.0.113.7' } });
    expect((await used()).lastUsedAt?.getTime()).toBe(start);
    expect((await used()).lastUsedIp).toBe('203.0.113.7');
    t.clock.advance(30_000);
    await linkCall(t, '/me', made.key, { headers: { 'x-test-client': '203.0.113.8' } });
    expect((await used()).lastUsedAt?.getTime()).toBe(start);
    t.clock.advance(31_000);
    await linkCall(t, '/me', made.key, { headers: { 'x-test-client': '203.0.113.8' } });
    expect((await used()).lastUsedAt?.getTime()).toBe(start + 61_000);
    const list = (await (await agent.request('/profile/api-keys')).json()) as { docs: Record<string, unknown>[] };
    expect(list.docs[0]).toMatchObject({
      lastUsedIp: '203.0.113.8',
      lastUsedAt: new Date(start + 61_000).toISOString(),
    });
  });
});

describe('DELETE /profile/api-keys/:id and the staff side', () => {
  it("answers 404 for someone else's key, an unknown id, or a key already revoked", async () => {
    const { t, agent } = await linkSetup();
    await insertUser(t.db, { email: 'other@example.com', apiAllow: true });
    const other = await signIn(t, 'other@example.com');
    const made = await createKeyVia(agent);
    for (const res of [
      await other.request(`/profile/api-keys/${made.id}`, { method: 'DELETE' }),
      await agent.request('/profile/api-keys/999999', { method: 'DELETE' }),
      await agent.request('/profile/api-keys/abc', { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ msg: 'key_not_found' });
    }
    expect((await linkCall(t, '/me', made.key)).status).toBe(200);
    expect((await agent.request(`/profile/api-keys/${made.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await agent.request(`/profile/api-keys/${made.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it("lets staff list a customer's keys and revoke one; audited and e-mailed; customers cannot", async () => {
    const { t, owner, admin, agent, staff } = await linkSetup();
    const made = await createKeyVia(agent, 'POS');
    await linkCall(t, '/me', made.key);
    const list = await staff.request(`/admin/customers/${owner.id}/api-keys`);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { docs: { id: number }[]; usage: { calls: number }[] };
    expect(body.docs.map((k) => k.id)).toEqual([made.id]);
    expect(body.usage).toHaveLength(30);
    expect(body.usage.at(-1)!.calls).toBe(1);

    expect((await agent.request(`/admin/customers/${owner.id}/api-keys`)).status).toBe(403);
    const res = await staff.request(`/admin/customers/${owner.id}/api-keys/${made.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await linkCall(t, '/me', made.key)).status).toBe(401);
    const audit = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'api_key.revoke')))[0]!;
    expect(audit).toMatchObject({ userId: admin.id, entityId: String(made.id) });
    const mail = t.mailer.last(owner.email)!;
    expect(mail.subject).toContain('revoked');
    expect(mail.text).toContain('team');
    expect((await staff.request(`/admin/customers/99999/api-keys`)).status).toBe(404);
  });
});

describe('retail scope settings and CORS', () => {
  it('PATCH /profile/api-link sets the retail markup; /me of a retail key shows it', async () => {
    const { t, agent } = await linkSetup();
    const bad = await agent.json('/profile/api-link', 'PATCH', { retailMarkupPct: -1 });
    expect(bad.status).toBe(400);
    const res = await agent.json('/profile/api-link', 'PATCH', { retailMarkupPct: 35.5 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ retailMarkupPct: 35.5 });
    const retail = await createKeyVia(agent, 'Widget', 'retail');
    const me = (await (await linkCall(t, '/me', retail.key)).json()) as { account: Record<string, unknown> };
    expect(me.account.retail_markup_pct).toBe(35.5);
    const list = (await (await agent.request('/profile/api-keys')).json()) as { retailMarkupPct: number };
    expect(list.retailMarkupPct).toBe(35.5);
  });

  it('allows any origin for a retail key, none for a trade key; preflights are answered', async () => {
    const { t, agent } = await linkSetup();
    const retail = await createKeyVia(agent, 'Widget', 'retail');
    const trade = await createKeyVia(agent, 'Server', 'trade');
    const origin = { origin: 'https://jeweller.example' };
    const r = await linkCall(t, '/me', retail.key, { headers: origin });
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-expose-headers')).toContain('RateLimit');
    const tr = await linkCall(t, '/me', trade.key, { headers: origin });
    expect(tr.status).toBe(200);
    expect(tr.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await t.app.request('/api/link/v1/me', {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('Authorization');
  });
});

describe('linkKeyFor (helper for the other API Link tests)', () => {
  it('inserts a working key', async () => {
    const { t, owner } = await linkSetup();
    const key = await linkKeyFor(t, owner.email, 'retail');
    expect((await linkCall(t, '/me', key)).status).toBe(200);
  });
});

describe('usage per key and UTC day', () => {
  it('counts calls, errors and bytes, shown by /me and /profile/api-usage, a row per UTC day', async () => {
    const { t, owner, agent } = await linkSetup();
    const made = await createKeyVia(agent);
    const first = await linkCall(t, '/me', made.key);
    const firstBytes = (await first.arrayBuffer()).byteLength;
    expect(Number(first.headers.get('content-length'))).toBe(firstBytes);
    const missing = await linkCall(t, '/stones?limit=0', made.key);
    expect(missing.status).toBe(400);
    const me = (await (await linkCall(t, '/me', made.key)).json()) as { usage: Record<string, unknown> };
    expect(me.usage).toMatchObject({ day: new Date(t.clock.now()).toISOString().slice(0, 10), calls: 2, errors: 1 });
    expect(me.usage.bytes).toBeGreaterThan(firstBytes);

    const res = await agent.request('/profile/api-usage');
    const { days } = (await res.json()) as { days: { day: string; calls: number; errors: number }[] };
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toMatchObject({ calls: 3, errors: 1 });
    expect(days.slice(0, -1).every((d) => d.calls === 0)).toBe(true);

    t.clock.advance(86_400_000);
    await linkCall(t, '/me', made.key);
    const again = await signIn(t, owner.email); // the session has gone idle meanwhile
    const next = (await (await again.request('/profile/api-usage')).json()) as { days: { calls: number }[] };
    expect(next.days.slice(-2).map((d) => d.calls)).toEqual([3, 1]);
  });
});

describe('limits', () => {
  it('announces RateLimit-Policy and RateLimit per key and answers 429 with Retry-After when used up', async () => {
    const { t, agent } = await linkSetup({ LINK_RATE_PER_MINUTE: '3' });
    const a = await createKeyVia(agent, 'a');
    const b = await createKeyVia(agent, 'b');
    t.clock.set(Math.floor(t.clock.now() / 60_000) * 60_000 + 15_000); // 45 s left in the window
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await linkCall(t, '/me', a.key);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60');
      seen.push(res.headers.get('ratelimit') ?? '');
    }
    expect(seen).toEqual(['"default";r=2;t=45', '"default";r=1;t=45', '"default";r=0;t=45']);
    const refused = await linkCall(t, '/me', a.key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('ratelimit')).toBe('"default";r=0;t=45');
    expect(await errorOf(refused)).toEqual({ msg: 'rate_limited', options: { policy: 'default', retryAfter: 45 } });
    // another key has its own allowance; the refused call counts as an error in the usage
    expect((await linkCall(t, '/me', b.key)).status).toBe(200);
    const me = (await (await linkCall(t, '/me', b.key)).json()) as { usage: { calls: number } };
    expect(me.usage.calls).toBe(1);
    const { days } = (await (await agent.request('/profile/api-usage')).json()) as {
      days: { calls: number; errors: number }[];
    };
    expect(days.at(-1)).toMatchObject({ calls: 6, errors: 1 });
    t.clock.advance(45_000);
    expect((await linkCall(t, '/me', a.key)).status).toBe(200);
  });

  it('the feed policy helper adds a tighter hourly limit beside the default one', async () => {
    const { t, agent } = await linkSetup({ LINK_FEED_PER_HOUR: '2' });
    const made = await createKeyVia(agent);
    const deps = { db: t.db, config: t.config, clock: t.clock, mailer: t.mailer };
    const app = new Hono<LinkEnv>()
      .onError(onError)
      .use(async (c, next) => {
        c.set('linkKey', { id: made.id, userId: 1, scope: 'trade', name: 'x' });
        await next();
      })
      .use(linkLimit(deps, 'default'))
      .get('/feed', linkLimit(deps, 'feed'), (c) => c.text('csv'));
    const one = await app.request('/feed');
    expect(one.headers.get('ratelimit-policy')).toBe('"default";q=120;w=60, "feed";q=2;w=3600');
    expect(one.headers.get('ratelimit')).toMatch(/^"default";r=119;t=\d+, "feed";r=1;t=\d+$/);
    expect((await app.request('/feed')).status).toBe(200);
    const third = await app.request('/feed');
    expect(third.status).toBe(429);
    expect((await errorOf(third)).options).toMatchObject({ policy: 'feed' });
  });

  // many requests, each hashing a key: 11 s on a loaded 2-core machine
  it(
    'limits guesses (well-formed keys that fail) per address, backs off, and never refuses a valid key',
    { timeout: 60_000 },
    async () => {
      const { t, agent } = await linkSetup();
      t.clock.set(Date.UTC(2026, 4, 4, 1, 0, 0)); // early in a UTC day: the long window does not end mid-test
      const made = await createKeyVia(agent);
      const guessKey = generateKey('trade'); // well formed, never issued
      const from = (address: string, key: string | undefined, path = '/me') =>
        linkCall(t, path, key, { headers: { 'x-test-client': address } });
      // no key, a malformed key, a key in the query string: plain 401s, never counted
      for (let i = 0; i < 40; i++) {
        expect((await from('198.51.100.9', undefined)).status).toBe(401);
        expect((await from('198.51.100.9', 'ftk_t_guess')).status).toBe(401);
        expect((await from('198.51.100.9', undefined, `/me?key=${made.key}`)).status).toBe(401);
      }
      for (let i = 0; i < 30; i++) {
        const res = await from('198.51.100.9', guessKey);
        expect(res.status).toBe(401);
        expect(res.headers.get('ratelimit-policy')).toBe('"guess";q=30;w=900');
      }
      const blocked = await from('198.51.100.9', guessKey);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.headers.get('ratelimit-policy')).toBe('"guess";q=30;w=900');
      // the valid key from the same address still works, under its own limit
      const good = await from('198.51.100.9', made.key);
      expect(good.status).toBe(200);
      expect(good.headers.get('ratelimit-policy')).toMatch(/"default"/);
      t.clock.advance(15 * 60_000 + 1000);
      expect((await from('198.51.100.9', guessKey)).status).toBe(401);
      // an address that keeps guessing meets the long window: refused for hours, not minutes
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 30; i++) await from('198.51.100.9', guessKey);
        t.clock.advance(15 * 60_000 + 1000);
      }
      const long = await from('198.51.100.9', guessKey);
      expect(long.status).toBe(429);
      expect(Number(long.headers.get('retry-after'))).toBeGreaterThan(3600);
      expect((await from('198.51.100.9', made.key)).status).toBe(200);
    },
  );
});
