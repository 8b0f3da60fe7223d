import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/tables.ts';
import {
  PASSWORD,
  createTestApp,
  errorOf,
  insertAdmin,
  insertUser,
  linkToken,
  meOf,
  registration,
  signIn,
  userByEmail,
} from './auth-helpers.ts';

type Call = [method: string, path: (id: number) => string, body?: unknown];
const ADMIN_CALLS: Call[] = [
  ['GET', () => '/admin/customers?status=pending'],
  ['POST', (id) => `/admin/customers/${id}/approve`],
  ['POST', (id) => `/admin/customers/${id}/reject`],
  ['POST', (id) => `/admin/customers/${id}/api-access`, { allow: true }],
  ['POST', (id) => `/admin/customers/${id}/disable`],
];

async function setup() {
  const t = await createTestApp({ seed: false });
  const admin = await insertAdmin(t.db, { email: 'staff@facet.example' });
  const pending = await insertUser(t.db, {
    email: 'pending@example.com',
    status: 'pending',
    emailVerifiedAt: new Date(),
  });
  const staff = await signIn(t, admin.email);
  return { t, admin, pending, staff };
}

describe('admin calls are for admins only', () => {
  it.each(ADMIN_CALLS)('%s %s: a visitor gets 401, a customer 403, and nothing changes', async (method, path, body) => {
    const { t, pending } = await setup();
    await insertUser(t.db, { email: 'buyer@example.com' });
    const customer = await signIn(t, 'buyer@example.com');
    const send = (agent: { json: typeof customer.json; request: typeof customer.request }) =>
      method === 'GET' ? agent.request(path(pending.id)) : agent.json(path(pending.id), method, body ?? {});

    const visitor = await send(t.agent());
    expect(visitor.status).toBe(401);
    expect(await errorOf(visitor)).toEqual({ msg: 'not_signed_in' });
    const user = await send(customer);
    expect(user.status).toBe(403);
    expect(await errorOf(user)).toEqual({ msg: 'forbidden' });

    expect(await userByEmail(t.db, 'pending@example.com')).toMatchObject({ status: 'pending', apiAllow: false });
    expect(await t.db.select().from(auditLog)).toHaveLength(0);
  });
});

describe('GET /admin/customers', () => {
  it('lists customers awaiting approval by default, without staff or password hashes', async () => {
    const { t, staff } = await setup();
    await insertUser(t.db, { email: 'approved@example.com' });
    await insertUser(t.db, { email: 'new@example.com', status: 'unverified' });
    const res = await staff.request('/admin/customers');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { docs: Array<Record<string, unknown>>; totalDocs: number };
    expect(body.totalDocs).toBe(1);
    expect(body.docs.map((d) => d.email)).toEqual(['pending@example.com']);
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
    const all = (await (await staff.request('/admin/customers?status=all')).json()) as { totalDocs: number };
    expect(all.totalDocs).toBe(3);
  });

  it('filters the API access requests still waiting', async () => {
    const { t, staff } = await setup();
    await insertUser(t.db, { email: 'api@example.com', requestApiAccess: true, requestApiAccessDate: new Date() });
    await insertUser(t.db, { email: 'granted@example.com', requestApiAccess: true, apiAllow: true });
    const res = await staff.request('/admin/customers?status=all&apiAccess=requested');
    const body = (await res.json()) as { docs: Array<{ email: string }> };
    expect(body.docs.map((d) => d.email)).toEqual(['api@example.com']);
  });

  it('searches by e-mail, name or company, every word, in any letter case', async () => {
    const { t, staff } = await setup();
    await insertUser(t.db, {
      email: 'ops@marlow.example',
      firstName: 'Nia',
      lastName: 'Okafor',
      companyName: 'Marlow Fine Jewellery',
    });
    await insertUser(t.db, {
      email: 'buyer@hatton.example',
      firstName: 'Marlow',
      lastName: 'Reed',
      companyName: 'Hatton Gems',
    });
    const emails = async (q: string) =>
      (
        (await (await staff.request(`/admin/customers?status=all&q=${encodeURIComponent(q)}`)).json()) as {
          docs: { email: string }[];
        }
      ).docs
        .map((d) => d.email)
        .sort();
    expect(await emails('MARLOW')).toEqual(['buyer@hatton.example', 'ops@marlow.example']);
    expect(await emails('marlow jewellery')).toEqual(['ops@marlow.example']);
    expect(await emails('hatton.example')).toEqual(['buyer@hatton.example']);
    expect(await emails('okafor reed')).toEqual([]);
    expect(await emails('%')).toHaveLength(3);
    expect((await staff.request(`/admin/customers?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('refuses an unknown status filter', async () => {
    const { staff } = await setup();
    expect((await staff.request('/admin/customers?status=everyone')).status).toBe(400);
  });
});

describe('approving, rejecting, disabling', () => {
  it('approve: the customer is approved, told by e-mail, can log in, and the change is audited', async () => {
    const { t, admin, pending, staff } = await setup();
    const res = await staff.request(`/admin/customers/${pending.id}/approve`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: 'pending@example.com',
      status: 'approved',
      approvedAt: new Date(t.clock.now()).toISOString(),
    });

    const mail = t.mailer.last('pending@example.com');
    expect(mail?.subject).toMatch(/approved/i);
    expect(mail?.text).toContain(t.config.siteUrl);
    expect((await t.json('/login', 'POST', { email: 'pending@example.com', password: PASSWORD })).status).toBe(200);
    expect(await t.db.select().from(auditLog)).toMatchObject([
      {
        userId: admin.id,
        action: 'customer.approve',
        entity: 'user',
        entityId: String(pending.id),
        detail: { from: 'pending', to: 'approved' },
      },
    ]);
  });

  it('approve refuses an account whose e-mail is not verified', async () => {
    const { t, staff } = await setup();
    const fresh = await insertUser(t.db, { email: 'fresh@example.com', status: 'unverified' });
    const res = await staff.request(`/admin/customers/${fresh.id}/approve`, { method: 'POST' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ msg: 'email_not_verified' });
  });

  it('reject: login and the e-mail check then report the rejected status', async () => {
    const { t, pending, staff } = await setup();
    expect((await staff.request(`/admin/customers/${pending.id}/reject`, { method: 'POST' })).status).toBe(200);
    const login = await t.json('/login', 'POST', { email: 'pending@example.com', password: PASSWORD });
    expect(login.status).toBe(403);
    expect(await errorOf(login)).toEqual({ msg: 'account_rejected', options: { status: 'rejected' } });
    const check = await t.json('/check-email', 'POST', { email: 'pending@example.com' });
    expect(await check.json()).toMatchObject({ errors: { options: { status: 'rejected' } } });
    expect(await t.db.select().from(auditLog)).toMatchObject([
      { action: 'customer.reject', detail: { from: 'pending', to: 'rejected' } },
    ]);
  });

  it('disable: a signed-in customer loses their session at once', async () => {
    const { t, staff } = await setup();
    const buyer = await insertUser(t.db, { email: 'buyer@example.com' });
    const customer = await signIn(t, 'buyer@example.com', PASSWORD, 'y');
    expect((await meOf(customer)).isAuthorised).toBe(true);
    const res = await staff.request(`/admin/customers/${buyer.id}/disable`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await meOf(customer)).isAuthorised).toBe(false);
    const login = await t.json('/login', 'POST', { email: 'buyer@example.com', password: PASSWORD });
    expect(await errorOf(login)).toEqual({ msg: 'account_disabled', options: { status: 'disabled' } });
    expect(await t.db.select().from(auditLog)).toMatchObject([
      { action: 'customer.disable', entityId: String(buyer.id) },
    ]);
  });

  it('api-access grants and revokes api_allow, each audited', async () => {
    const { t, staff } = await setup();
    const buyer = await insertUser(t.db, { email: 'buyer@example.com', requestApiAccess: true });
    const customer = await signIn(t, 'buyer@example.com');
    const grant = await staff.json(`/admin/customers/${buyer.id}/api-access`, 'POST', { allow: true });
    expect(grant.status).toBe(200);
    expect((await meOf(customer)).user?.api_allow).toBe(true);
    await staff.json(`/admin/customers/${buyer.id}/api-access`, 'POST', { allow: false });
    expect((await meOf(customer)).user?.api_allow).toBe(false);
    expect((await t.db.select().from(auditLog)).map((r) => r.action)).toEqual([
      'customer.api_access.grant',
      'customer.api_access.revoke',
    ]);
  });

  it('api-access needs a boolean allow', async () => {
    const { pending, staff } = await setup();
    const res = await staff.json(`/admin/customers/${pending.id}/api-access`, 'POST', { allow: 'yes' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([{ param: 'allow', msg: 'allow must be true or false' }]);
  });

  it('unknown customers and staff accounts answer 404', async () => {
    const { admin, staff } = await setup();
    expect((await staff.request('/admin/customers/99999/approve', { method: 'POST' })).status).toBe(404);
    expect((await staff.request('/admin/customers/abc/approve', { method: 'POST' })).status).toBe(404);
    expect((await staff.request(`/admin/customers/${admin.id}/disable`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the whole life of a customer', () => {
  it('register, verify by the e-mailed link, wait for approval, get approved, log in', async () => {
    const { t, staff } = await setup();
    const body = registration({ email: 'life@example.com' });
    expect((await t.json('/register', 'POST', body)).status).toBe(201);
    expect(
      (await t.json('/verify', 'POST', { id: linkToken(t.mailer.last('life@example.com'), 'verify') })).status,
    ).toBe(200);
    expect((await t.json('/login', 'POST', { email: 'life@example.com', password: PASSWORD })).status).toBe(403);

    const list = (await (await staff.request('/admin/customers?status=pending')).json()) as {
      docs: Array<{ _id: string; email: string }>;
    };
    const row = list.docs.find((d) => d.email === 'life@example.com');
    expect(row).toBeTruthy();
    expect((await staff.request(`/admin/customers/${row?._id}/approve`, { method: 'POST' })).status).toBe(200);

    const customer = await signIn(t, 'life@example.com');
    expect(await meOf(customer)).toMatchObject({
      isAuthorised: true,
      user: { email: 'life@example.com', role: 'user' },
    });
  });
});
