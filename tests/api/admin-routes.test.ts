import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, bagRequests, contactMessages, posts, uploads, type RequestLine } from '../../db/tables.ts';
import { createTestApp, errorOf, insertAdmin, insertUser, signIn, type TestApp } from './auth-helpers.ts';

const ADMIN_PREFIX = '/api/v1/admin';

/** Admin-only calls that keep the spec's own paths outside /admin (site blocks, availability settings). */
const ADMIN_ONLY_ELSEWHERE = [
  'GET /api/v1/configs/site-blocks',
  'POST /api/v1/configs/site-blocks',
  'PATCH /api/v1/configs/site-blocks/:id',
  'POST /api/v1/configs',
  'PATCH /api/v1/configs/:id',
];

/** Every concrete admin route (method + path) of the app, with ids filled in. */
function adminRouteTable(t: TestApp): Array<[string, string]> {
  const seen = new Set<string>();
  const out: Array<[string, string]> = [];
  for (const r of t.app.routes) {
    if (r.method === 'ALL') continue;
    if (!r.path.startsWith(ADMIN_PREFIX) && !ADMIN_ONLY_ELSEWHERE.includes(`${r.method} ${r.path}`)) continue;
    const path = r.path.replace(/:[A-Za-z]+/g, '1');
    const key = `${r.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([r.method, path]);
  }
  return out;
}

async function staffApp() {
  const t = await createTestApp({ seed: false });
  const admin = await insertAdmin(t.db);
  const staff = await signIn(t, admin.email);
  return { t, admin, staff };
}

describe('the admin route table', () => {
  it('refuses every admin call to a visitor (401) and to a customer (403), and changes nothing', async () => {
    const t = await createTestApp({ seed: false });
    const buyer = await insertUser(t.db);
    const customer = await signIn(t, buyer.email);
    const table = adminRouteTable(t);
    // the whole table: the approvals and every back-office resource
    const paths = table.map(([, p]) => p).join(' ');
    for (const part of [
      '/customers',
      '/dashboard',
      '/posts',
      '/requests',
      '/messages',
      '/settings',
      '/stock-import',
      '/audit',
    ]) {
      expect(paths).toContain(`${ADMIN_PREFIX}${part}`);
    }
    for (const call of ADMIN_ONLY_ELSEWHERE) {
      const [method, path] = call.split(' ') as [string, string];
      expect(table, `${call} is in the app`).toContainEqual([method, path.replace(/:[A-Za-z]+/g, '1')]);
    }
    expect(table.length).toBeGreaterThanOrEqual(25);
    for (const [method, path] of table) {
      const init = (agent: ReturnType<TestApp['agent']>) =>
        method === 'GET' ? agent.request(path) : agent.json(path, method, {});
      const visitor = await init(t.agent());
      expect(visitor.status, `${method} ${path} as a visitor`).toBe(401);
      expect(await errorOf(visitor)).toEqual({ msg: 'not_signed_in' });
      const user = await init(customer);
      expect(user.status, `${method} ${path} as a customer`).toBe(403);
      expect(await errorOf(user)).toEqual({ msg: 'forbidden' });
    }
    expect(await t.db.select().from(auditLog)).toHaveLength(0);
  });

  it('answers an admin on every GET of the table', async () => {
    const { t, staff } = await staffApp();
    for (const [method, path] of adminRouteTable(t)) {
      if (method !== 'GET' || path.includes('/1')) continue;
      const res = await staff.request(path);
      expect(res.status, `GET ${path}`).toBe(200);
    }
  });
});

describe('news posts', () => {
  it('an admin creates a draft, publishes it, and it appears in the public list; deleting removes it', async () => {
    const { t, admin, staff } = await staffApp();
    const res = await staff.json('/admin/posts', 'POST', {
      title: 'Spring Parcels Have Landed',
      snippet: 'New melee parcels.',
      content: '<p>Hello <strong>trade</strong></p><script>alert(1)</script><img src="javascript:x" onerror="y">',
      date: '2026-03-01',
      src: '/media/news/spring.jpg',
      related: ['Parcels', 'melee', 'parcels'],
    });
    expect(res.status).toBe(201);
    const post = (await res.json()) as { _id: number; url: string; status: string; content: string; related: string[] };
    expect(post).toMatchObject({
      url: '/news/spring-parcels-have-landed',
      status: 'draft',
      related: ['parcels', 'melee'],
    });
    expect(post.content).toBe('<p>Hello <strong>trade</strong></p><img />');

    const publicList = async () => ((await (await t.request('/posts/all')).json()) as { docs: { _id: number }[] }).docs;
    expect((await publicList()).map((p) => p._id)).not.toContain(post._id);
    expect((await t.request(`/posts/${post._id}`)).status).toBe(404);

    const pub = await staff.json(`/admin/posts/${post._id}`, 'PATCH', { status: 'published' });
    expect(pub.status).toBe(200);
    expect(await publicList()).toContainEqual(
      expect.objectContaining({ _id: post._id, title: 'Spring Parcels Have Landed' }),
    );
    expect((await t.request(`/posts/${post._id}`)).status).toBe(200);

    const list = (await (await staff.request('/admin/posts?status=published')).json()) as {
      docs: { _id: number; status: string }[];
    };
    expect(list.docs).toContainEqual(expect.objectContaining({ _id: post._id, status: 'published' }));

    const del = await staff.request(`/admin/posts/${post._id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await t.db.select().from(posts).where(eq(posts.id, post._id)))[0]).toBeUndefined();
    expect(await publicList()).toHaveLength(0);
    expect((await staff.request(`/admin/posts/${post._id}`)).status).toBe(404);

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.userId, admin.id))).map((a) => a.action);
    expect(actions).toEqual(['post.create', 'post.publish', 'post.delete']);
  });

  it('uploads a cover image (png or jpeg, checked by content) that the post then uses', async () => {
    const t = await createTestApp({ seed: false });
    const admin = await insertAdmin(t.db);
    const staff = await signIn(t, admin.email);
    const upload = (file: File) => {
      const form = new FormData();
      form.set('src', file);
      return staff.request('/admin/posts/cover', { method: 'POST', body: form });
    };
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#111111' } })
      .png()
      .toBuffer();
    const res = await upload(new File([png], 'cover.png'));
    expect(res.status).toBe(201);
    const { src } = (await res.json()) as { src: string };
    expect(src).toMatch(/^\/uploads\/[a-f0-9]{24}\.png$/);
    const stored = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.name, src.slice('/uploads/'.length)));
    expect(stored.map((u) => u.contentType)).toEqual(['image/png']);
    const post = await staff.json('/admin/posts', 'POST', { title: 'With a cover', src });
    expect(((await post.json()) as { src: string }).src).toBe(src);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.userId, admin.id))).map((a) => a.action)).toEqual([
      'post.cover_upload',
      'post.create',
    ]);

    const fake = await upload(new File(['<svg onload="x()"/>'], 'cover.png', { type: 'image/png' }));
    expect(fake.status).toBe(400);
    expect(await errorOf(fake)).toEqual({
      msg: [{ param: 'src', msg: "The file you wanted to upload isn't an image" }],
    });
    const json = await staff.json('/admin/posts/cover', 'POST', { src: 'x' });
    expect(json.status).toBe(415);
  });

  it('keeps urls unique and validates the fields', async () => {
    const { staff } = await staffApp();
    expect((await staff.json('/admin/posts', 'POST', { title: 'One', url: 'same-slug' })).status).toBe(201);
    const clash = await staff.json('/admin/posts', 'POST', { title: 'Two', url: '/news/same-slug' });
    expect(clash.status).toBe(409);
    expect(await errorOf(clash)).toEqual({ msg: [{ param: 'url', msg: 'Another post already uses this url' }] });
    const bad = await staff.json('/admin/posts', 'POST', { title: '', url: 'Not A Slug', status: 'live' });
    expect(bad.status).toBe(400);
    const params = ((await errorOf(bad)).msg as { param: string }[]).map((e) => e.param);
    expect(params).toEqual(expect.arrayContaining(['title', 'url', 'status']));
  });
});

async function insertRequest(t: TestApp, userId: number) {
  const items: RequestLine[] = [
    {
      diamondId: 1,
      stockCode: 'FT-S-000001',
      type: 'single',
      description: '1.01ct Round G VS1',
      selectedUnit: 'weight',
      quantity: 1.01,
      acceptsAlternatives: true,
      ppcCents: null,
      itemPriceCents: 745_000,
    },
  ];
  return (
    await t.db
      .insert(bagRequests)
      .values({ userId, ccy: 'GBP', exRate: 1, totalCents: 745_000, items, orderNotes: 'Before Friday please' })
      .returning()
  )[0]!;
}

describe('requests inbox', () => {
  it('lists a request with its customer and snapshot, and moves it through its lifecycle with staff notes', async () => {
    const { t, admin, staff } = await staffApp();
    const buyer = await insertUser(t.db, { companyName: 'Marlow Fine Jewellery' });
    const req = await insertRequest(t, buyer.id);

    const list = (await (await staff.request('/admin/requests?status=submitted')).json()) as {
      docs: Record<string, unknown>[];
      totalDocs: number;
    };
    expect(list.totalDocs).toBe(1);
    expect(list.docs[0]).toMatchObject({
      _id: req.id,
      status: 'submitted',
      orderNotes: 'Before Friday please',
      totalCents: 745_000,
      customer: { _id: buyer.id, companyName: 'Marlow Fine Jewellery', email: buyer.email },
      items: [expect.objectContaining({ stockCode: 'FT-S-000001', acceptsAlternatives: true })],
    });

    for (const status of ['in_review', 'cancelled'] as const) {
      const res = await staff.json(`/admin/requests/${req.id}`, 'PATCH', { status });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe(status);
    }
    const notes = await staff.json(`/admin/requests/${req.id}`, 'PATCH', { staffNotes: 'Called, holding stone' });
    expect(((await notes.json()) as { staffNotes: string }).staffNotes).toBe('Called, holding stone');
    expect((await t.db.select().from(bagRequests).where(eq(bagRequests.id, req.id)))[0]).toMatchObject({
      status: 'cancelled',
      staffNotes: 'Called, holding stone',
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.userId, admin.id));
    expect(audit.map((a) => a.action)).toEqual(['request.status', 'request.status', 'request.notes']);
    expect(audit[0]?.detail).toMatchObject({ from: 'submitted', to: 'in_review' });

    const bad = await staff.json(`/admin/requests/${req.id}`, 'PATCH', { status: 'paid' });
    expect(bad.status).toBe(400);
    const illegal = await staff.json(`/admin/requests/${req.id}`, 'PATCH', { status: 'in_review' });
    expect(illegal.status).toBe(409);
    expect((await errorOf(illegal)).msg).toBe('illegal_transition');
    expect((await staff.json('/admin/requests/999', 'PATCH', { status: 'in_review' })).status).toBe(404);

    // the customer's requests, and the customer search
    const mine = (await (await staff.request(`/admin/customers/${buyer.id}/requests`)).json()) as { totalDocs: number };
    expect(mine.totalDocs).toBe(1);
    const found = (await (await staff.request('/admin/customers/search?q=marlow')).json()) as {
      docs: { _id: number; requests: number }[];
    };
    expect(found.docs).toEqual([expect.objectContaining({ _id: buyer.id, requests: 1 })]);
  });
});

describe('messages inbox', () => {
  it('lists new messages and marks them read, then handled', async () => {
    const { t, staff } = await staffApp();
    const m = (
      await t.db
        .insert(contactMessages)
        .values({
          kind: 'api',
          name: 'Ada',
          email: 'ada@example.com',
          phone: '1',
          companyName: 'Ada Ltd',
          message: 'API please',
        })
        .returning()
    )[0]!;
    const list = (await (await staff.request('/admin/messages?status=new&kind=api')).json()) as {
      docs: { _id: number }[];
    };
    expect(list.docs.map((d) => d._id)).toEqual([m.id]);
    for (const status of ['read', 'handled'] as const) {
      const res = await staff.json(`/admin/messages/${m.id}`, 'PATCH', { status });
      expect(res.status).toBe(200);
    }
    expect((await t.db.select().from(contactMessages).where(eq(contactMessages.id, m.id)))[0]?.status).toBe('handled');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'message.status'))).toHaveLength(2);
    expect((await staff.json(`/admin/messages/${m.id}`, 'PATCH', { status: 'gone' })).status).toBe(400);
  });
});

describe('settings', () => {
  it('a new GBP rate reaches GET /site fxrates (the browser converts prices with it); API prices stay in base currency', async () => {
    const t = await createTestApp();
    const staff = await signIn(t, 'admin@facet.trade', 'Admin#2026');
    const trader = await signIn(t, 'trader@facet.trade', 'Trader#2026');
    const rates = async () =>
      (await (await t.request('/site')).json()) as {
        fxrates: { currency: string; ExRate: number; default: boolean }[];
        ccy: string;
      };
    const prices = async () =>
      (
        (await (await trader.request('/diamonds?limit=5&sort=StkCodeCalcNS&order=1')).json()) as {
          docs: { price?: number }[];
        }
      ).docs.map((d) => d.price);
    const before = await prices();
    expect((await rates()).fxrates).toContainEqual({ currency: 'USD', ExRate: 1.27, default: false });

    const res = await staff.json('/admin/settings/rates', 'PUT', {
      rates: [
        { currency: 'GBP', exRate: 0.8 },
        { currency: 'USD', exRate: 1.3 },
      ],
      defaultCurrency: 'USD',
    });
    expect(res.status).toBe(200);
    const after = await rates();
    expect(after.fxrates).toContainEqual({ currency: 'GBP', ExRate: 0.8, default: false });
    expect(after.fxrates).toContainEqual({ currency: 'USD', ExRate: 1.3, default: true });
    expect(after.ccy).toBe('USD');
    expect(await prices()).toEqual(before);
    const actions = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(['rates.update', 'rates.default']);

    expect((await staff.json('/admin/settings/rates', 'PUT', { rates: [{ currency: 'GBP', exRate: 0 }] })).status).toBe(
      400,
    );
    expect((await staff.json('/admin/settings/rates', 'PUT', { rates: [{ currency: 'CHF', exRate: 1 }] })).status).toBe(
      400,
    );
  });

  it('saves registration messages, the site name and social links', async () => {
    const { t, staff } = await staffApp();
    const messages = { unverified: 'Verify', pending: 'Waiting', rejected: 'No', disabled: 'Off' };
    expect((await staff.json('/admin/settings/registration-messages', 'PUT', messages)).status).toBe(200);
    const reg = (await (await t.request('/configs/registration-messages')).json()) as {
      fields: Record<string, string>;
    };
    expect(reg.fields).toMatchObject(messages);

    const site = { site_name: 'Facet Trade London', social_link_instagram: 'https://instagram.com/facet' };
    expect((await staff.json('/admin/settings/site', 'PUT', site)).status).toBe(200);
    const state = (await (await t.request('/site')).json()) as {
      siteName: string;
      social_links: Record<string, string>;
    };
    expect(state.siteName).toBe('Facet Trade London');
    expect(state.social_links.social_link_instagram).toBe('https://instagram.com/facet');
    const bad = await staff.json('/admin/settings/site', 'PUT', {
      site_name: '',
      social_link_twitter: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'config'))),
    ).toHaveLength(2);
  });

  it('turns the Coloured tab on and off, and a save without it keeps the choice', async () => {
    const { t, staff } = await staffApp();
    const coloured = async () => ((await (await t.request('/site')).json()) as { coloured_tab: boolean }).coloured_tab;
    expect(await coloured()).toBe(false);
    const on = await staff.json('/admin/settings/site', 'PUT', { site_name: 'Facet Trade', coloured_tab: 'on' });
    expect(((await on.json()) as { site: { coloured_tab: string } }).site.coloured_tab).toBe('on');
    expect(await coloured()).toBe(true);
    expect((await staff.json('/admin/settings/site', 'PUT', { site_name: 'Facet Trade' })).status).toBe(200);
    expect(await coloured()).toBe(true);
    const bad = await staff.json('/admin/settings/site', 'PUT', { site_name: 'Facet Trade', coloured_tab: true });
    expect(bad.status).toBe(400);
    await staff.json('/admin/settings/site', 'PUT', { site_name: 'Facet Trade', coloured_tab: 'off' });
    expect(await coloured()).toBe(false);
  });
});

describe('the tax number and rate the trade documents print', () => {
  it('are read and saved in the site settings; a rate that is not a percentage is a 400 naming it', async () => {
    const { staff } = await staffApp();
    const put = (body: Record<string, string>) =>
      staff.json('/admin/settings/site', 'PUT', { site_name: 'Facet Trade', ...body });
    const saved = await put({ tax_number: 'GB 123 4567 89', tax_rate: '17.5' });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { site: Record<string, string> }).site).toMatchObject({
      tax_number: 'GB 123 4567 89',
      tax_rate: '17.5',
    });
    // absent keeps them; empty rate means no tax line
    const kept = (await (await put({})).json()) as { site: Record<string, string> };
    expect(kept.site).toMatchObject({ tax_number: 'GB 123 4567 89', tax_rate: '17.5' });
    expect(((await (await put({ tax_rate: '' })).json()) as { site: Record<string, string> }).site.tax_rate).toBe('');
    for (const bad of ['120', 'abc', '-5', '1e2']) {
      const res = await put({ tax_rate: bad });
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('tax_rate');
    }
  });
});

describe('dashboard and audit log', () => {
  it('counts what waits for staff and shows the latest changes', async () => {
    const { t, staff } = await staffApp();
    await insertUser(t.db, { status: 'pending' });
    const buyer = await insertUser(t.db);
    await insertRequest(t, buyer.id);
    await staff.json('/admin/posts', 'POST', { title: 'Draft one' });
    const res = await staff.request('/admin/dashboard');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      counts: Record<string, number>;
      stock: unknown[];
      recent: { action: string }[];
    };
    expect(body.counts).toMatchObject({ pendingApprovals: 1, newRequests: 1, newMessages: 0, draftPosts: 1 });
    expect(body.stock).toHaveLength(3);
    expect(body.recent.map((r) => r.action)).toEqual(['post.create']);
    const audit = (await (await staff.request('/admin/audit?action=post.')).json()) as {
      docs: { user: { email: string } }[];
      totalDocs: number;
    };
    expect(audit.totalDocs).toBe(1);
    expect(audit.docs[0]?.user.email).toMatch(/@facet\.example$/);
  });
});
