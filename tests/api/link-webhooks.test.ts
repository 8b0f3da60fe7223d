/**
 * API Link webhooks: endpoints under the API Link and the account page, the SSRF
 * guard (at registration and at connect time), Standard Webhooks signatures checked with the
 * reference verifier, retries with back-off, the deliveries log, disabling after repeated
 * failure with an e-mail, and two workers never sending one attempt twice.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { addressRefusal } from '../../api/services/webhooks/address-guard.ts';
import { claimAttempt } from '../../api/services/webhooks/deliver.ts';
import { DISABLE_AFTER_FAILURES, MAX_ATTEMPTS } from '../../api/services/webhooks/model.ts';
import { signedHeaders } from '../../api/services/webhooks/signing.ts';
import { startWebhookWorker } from '../../api/services/webhooks/worker.ts';
import { users, webhookDeliveries, webhooks } from '../../db/tables.ts';
import { createTestApp, errorOf, insertUser, signIn, type TestApp } from './auth-helpers.ts';
import { depsOf, enqueue, linkTestApp, startReceiver, type Received } from './webhook-helpers.ts';

const LOOPBACK_OK = { WEBHOOKS_ALLOW_LOOPBACK: 'true' };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function receiver(answer?: (n: number) => number) {
  const r = await startReceiver(answer);
  closers.push(r.close);
  return r;
}

async function setup(env: Record<string, string> = LOOPBACK_OK) {
  const t = await createTestApp({ env });
  const user = await insertUser(t.db, { apiAllow: true });
  return { t, user, call: linkTestApp(t) };
}

type Created = { webhook: { id: number; url: string; events: string[]; enabled: boolean }; secret: string };

async function register(s: Awaited<ReturnType<typeof setup>>, url: string, events?: string[]) {
  const res = await s.call(s.user, '/webhooks', 'POST', { url, ...(events ? { events } : {}) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Created;
}

/** The reference verifier: throws unless the request is signed with `secret`. */
function verified(secret: string, r: Received): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as never;
}

async function drain(t: TestApp, stepMs: number, rounds = 40) {
  const worker = startWebhookWorker(depsOf(t), { poll: false });
  for (let i = 0; i < rounds; i++) {
    await worker.runOnce();
    const left = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
    if (left.length === 0) break;
    t.clock.advance(stepMs);
  }
}

describe('signing', () => {
  it("matches the Standard Webhooks specification's published example", () => {
    const h = signedHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(h).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });
});

describe('SSRF guard', () => {
  it('judges addresses: private, link-local, CGNAT, multicast, mapped; loopback only with the setting', () => {
    const strict = { allowLoopback: false };
    for (const ip of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
    ]) {
      expect(addressRefusal(ip, strict), ip).not.toBeNull();
    }
    expect(addressRefusal('93.184.216.34', strict)).toBeNull();
    expect(addressRefusal('2606:4700::1111', strict)).toBeNull();
    expect(addressRefusal('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(addressRefusal('10.0.0.1', { allowLoopback: true })).not.toBeNull();
  });

  it('refuses non-https, loopback (also by name: localhost), private and link-local URLs at registration', async () => {
    const s = await setup({});
    const refused = [
      'http://93.184.216.34/hook',
      'https://127.0.0.1/hook',
      'https://localhost:8443/hook',
      'https://[::1]/hook',
      'https://10.0.0.5/hook',
      'https://192.168.1.20/hook',
      'https://172.20.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hook',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://user:pass@93.184.216.34/hook',
      'not a url',
    ];
    for (const url of refused) {
      const res = await s.call(s.user, '/webhooks', 'POST', { url });
      expect(res.status, url).toBe(400);
      const { msg } = await errorOf(res);
      expect(Array.isArray(msg) && msg[0]?.param, url).toBe('url');
    }
    expect(await s.t.db.select().from(webhooks)).toHaveLength(0);
  });

  it('with WEBHOOKS_ALLOW_LOOPBACK takes http://127.0.0.1 but still refuses private addresses', async () => {
    const s = await setup();
    const r = await receiver();
    await register(s, r.url);
    expect((await s.call(s.user, '/webhooks', 'POST', { url: 'http://10.0.0.5/hook' })).status).toBe(400);
  });

  it('checks again at delivery: a registered host that now resolves to loopback gets nothing', async () => {
    const s = await setup();
    const r = await receiver();
    await register(s, `http://localhost:${r.port}/hooks`);
    await enqueue(s.t, ['added']);
    const strict = { ...depsOf(s.t), config: { ...s.t.config, WEBHOOKS_ALLOW_LOOPBACK: false } };
    await startWebhookWorker(strict, { poll: false }).runOnce();
    expect(r.received).toHaveLength(0);
    const [row] = await s.t.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null });
    expect(row!.lastError).toMatch(/http|loopback/);
  });
});

describe('endpoints', () => {
  it('creates (secret shown), lists without the secret, shows the secret, changes, deletes; 5 at most', async () => {
    const s = await setup();
    const r = await receiver();
    const created = await register(s, r.url, ['price_changed', 'removed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created.webhook).toMatchObject({ url: r.url, events: ['price_changed', 'removed'], enabled: true });

    const list = await (await s.call(s.user, '/webhooks')).json();
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const id = created.webhook.id;
    expect(await (await s.call(s.user, `/webhooks/${id}/secret`)).json()).toEqual({ id, secret: created.secret });

    const patched = await s.call(s.user, `/webhooks/${id}`, 'PATCH', { events: [], enabled: false });
    expect((await patched.json()).webhook).toMatchObject({ all_events: true, enabled: false });
    expect((await s.call(s.user, `/webhooks/${id}`, 'PATCH', { events: ['sold'] })).status).toBe(400);
    expect((await s.call(s.user, `/webhooks/${id}`, 'PATCH', { url: 'https://10.0.0.1/' })).status).toBe(400);

    for (let i = 0; i < 4; i++) await register(s, `${r.url}/${i}`);
    const sixth = await s.call(s.user, '/webhooks', 'POST', { url: r.url });
    expect(sixth.status).toBe(409);
    expect(await errorOf(sixth)).toEqual({ msg: 'webhook_limit_reached', options: { max: 5 } });

    const other = await insertUser(s.t.db, { apiAllow: true });
    expect((await s.call(other, `/webhooks/${id}`)).status).toBe(404);
    expect((await s.call(other, `/webhooks/${id}`, 'DELETE')).status).toBe(404);
    expect((await s.call(s.user, `/webhooks/${id}`, 'DELETE')).status).toBe(204);
    expect((await s.call(s.user, `/webhooks/${id}`)).status).toBe(404);
    // an id that is no number is an id of no endpoint: 404, as the document says
    for (const bad of ['abc', '0', '1e3', '99999999999']) {
      const res = await s.call(s.user, `/webhooks/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(await errorOf(res)).toEqual({ msg: 'webhook_not_found' });
    }
    // one endpoint and its secret can be read back
    const kept = await register(s, `${r.url}/kept`);
    const one = await s.call(s.user, `/webhooks/${kept.webhook.id}`);
    expect(await one.json()).toMatchObject({ webhook: { id: kept.webhook.id, url: `${r.url}/kept` } });
    const secret = await s.call(s.user, `/webhooks/${kept.webhook.id}/secret`);
    expect(await secret.json()).toEqual({ id: kept.webhook.id, secret: kept.secret });
  });

  it('the account page calls need a session with API Link access', async () => {
    const s = await setup();
    const r = await receiver();
    expect((await s.t.request('/profile/webhooks')).status).toBe(401);
    const plain = await insertUser(s.t.db);
    const noAccess = await signIn(s.t, plain.email);
    const denied = await noAccess.json('/profile/webhooks', 'POST', { url: r.url });
    expect(denied.status).toBe(403);
    expect(await errorOf(denied)).toEqual({ msg: 'api_access_required' });

    const browser = await signIn(s.t, s.user.email);
    const res = await browser.json('/profile/webhooks', 'POST', { url: r.url, events: ['removed'] });
    expect(res.status).toBe(201);
    const { webhook, secret } = (await res.json()) as Created;
    const listed = await (await browser.request('/profile/webhooks')).json();
    expect(listed.webhooks.map((w: { id: number }) => w.id)).toEqual([webhook.id]);
    const test = await browser.json(`/profile/webhooks/${webhook.id}/test`, 'POST', {});
    expect((await test.json()).delivery).toMatchObject({
      type: 'test',
      status: 'delivered',
      attempts: 1,
      last_status: 200,
    });
    expect(verified(secret, r.received[0]!).type).toBe('test');
  });

  it('registering and test events are limited per account (429 with Retry-After)', async () => {
    const s = await setup();
    const r = await receiver();
    const { webhook } = await register(s, r.url);
    for (let i = 1; i < 30; i++)
      expect((await s.call(s.user, `/webhooks/${webhook.id}/test`, 'POST')).status).toBe(200);
    const refused = await s.call(s.user, `/webhooks/${webhook.id}/test`, 'POST');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await s.call(s.user, '/webhooks', 'POST', { url: r.url })).status).toBe(429);
    const other = await insertUser(s.t.db, { apiAllow: true });
    expect((await s.call(other, '/webhooks', 'POST', { url: r.url })).status).toBe(201);
  });
});

describe('delivery', () => {
  it('signs every attempt, retries after a 500 with back-off and logs the attempts', async () => {
    const s = await setup();
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    const { webhook, secret } = await register(s, r.url, ['price_changed']);
    await register(s, `${r.url}/removed-only`, ['removed']);
    expect(await enqueue(s.t, ['price_changed'])).toBe(1);

    const worker = startWebhookWorker(depsOf(s.t), { poll: false });
    expect(await worker.runOnce()).toBe(1);
    expect(r.received).toHaveLength(1);
    const event = verified(secret, r.received[0]!);
    expect(event).toMatchObject({ type: 'price_changed', data: { kind: 'price_changed', fields: ['price'] } });
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, r.received[0]!)).toThrow();

    const log = async () => (await (await s.call(s.user, `/webhooks/${webhook.id}/deliveries`)).json()).deliveries;
    const [pending] = await log();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, last_error: 'HTTP 500' });
    const wait = Date.parse(pending.next_attempt_at) - s.t.clock.now();
    expect(wait).toBeGreaterThanOrEqual(4000);
    expect(wait).toBeLessThanOrEqual(6000);

    expect(await worker.runOnce()).toBe(0); // not due yet
    s.t.clock.advance(6001);
    expect(await worker.runOnce()).toBe(1);
    expect(r.received).toHaveLength(2);
    verified(secret, r.received[1]!);
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id']);
    const [done] = await log();
    expect(done).toMatchObject({ status: 'delivered', attempts: 2, last_status: 200, last_error: null });
  });

  it('disables an endpoint after repeated failed deliveries and e-mails the customer', async () => {
    const s = await setup({ ...LOOPBACK_OK, WEBHOOKS_RETRY_SCALE: '0.001' });
    const r = await receiver(() => 500);
    const { webhook } = await register(s, r.url);
    await enqueue(s.t, Array(DISABLE_AFTER_FAILURES).fill('removed'));
    await drain(s.t, 60_000);

    expect(r.received).toHaveLength(DISABLE_AFTER_FAILURES * MAX_ATTEMPTS);
    const rows = await s.t.db.select().from(webhookDeliveries);
    expect(rows.every((d) => d.status === 'failed' && d.attempts === MAX_ATTEMPTS)).toBe(true);
    const [hook] = await s.t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(hook).toMatchObject({ enabled: false, failures: DISABLE_AFTER_FAILURES });
    const mail = s.t.mailer.last(s.user.email);
    expect(mail?.subject).toMatch(/webhook endpoint was disabled/);
    expect(mail?.text).toContain(r.url);
    expect(await enqueue(s.t, ['added'])).toBe(0); // a disabled endpoint gets nothing new

    const again = await s.call(s.user, `/webhooks/${webhook.id}`, 'PATCH', { enabled: true });
    expect((await again.json()).webhook).toMatchObject({ enabled: true, failures_in_a_row: 0, disabled_at: null });
  });

  it('disables an endpoint whose deliveries have all failed for 24 hours', async () => {
    const s = await setup({ ...LOOPBACK_OK, WEBHOOKS_RETRY_SCALE: '0.001' });
    const r = await receiver(() => 503);
    const { webhook } = await register(s, r.url);
    const hook = async () => (await s.t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id)))[0]!;
    await enqueue(s.t, ['added']);
    await drain(s.t, 60_000);
    expect(await hook()).toMatchObject({ enabled: true, failures: 1 });

    s.t.clock.advance(25 * 3600_000);
    await enqueue(s.t, ['removed']);
    await drain(s.t, 60_000);
    expect(await hook()).toMatchObject({ enabled: false, failures: 2 });
    expect(s.t.mailer.last(s.user.email)?.subject).toMatch(/webhook endpoint was disabled/);
  });

  it('an account that lost API Link gets nothing sent, and it counts against nothing', async () => {
    const s = await setup();
    const r = await receiver();
    const { webhook } = await register(s, r.url);
    await enqueue(s.t, ['added']);
    await s.t.db.update(users).set({ apiAllow: false }).where(eq(users.id, s.user.id));
    await drain(s.t, 60_000);
    expect(r.received).toHaveLength(0);
    const [row] = await s.t.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: 'failed', lastError: 'API Link access withdrawn' });
    expect((await s.t.db.select().from(webhooks).where(eq(webhooks.id, webhook.id)))[0]).toMatchObject({ failures: 0 });
    expect(await enqueue(s.t, ['added'])).toBe(0);
  });

  it('two workers never send one attempt twice', async () => {
    const s = await setup();
    const r = await receiver();
    await register(s, r.url);
    await enqueue(s.t, Array(30).fill('updated'));
    const a = startWebhookWorker(depsOf(s.t), { poll: false });
    const b = startWebhookWorker(depsOf(s.t), { poll: false });
    for (let i = 0; i < 5; i++) await Promise.all([a.runOnce(), b.runOnce()]);

    const ids = r.received.map((x) => x.headers['webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const rows = await s.t.db.select().from(webhookDeliveries);
    expect(rows.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
  });

  it('a claim is taken once: the second claim of the same attempt fails', async () => {
    const s = await setup();
    const r = await receiver();
    await register(s, r.url);
    await enqueue(s.t, ['added']);
    const [row] = await s.t.db.select().from(webhookDeliveries);
    const now = s.t.clock.now();
    const claims = await Promise.all([claimAttempt(s.t.db, row!, now), claimAttempt(s.t.db, row!, now)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
