/**
 * The audit log of every admin change (who, what, when): walks every state-changing
 * admin call of the app's route table (everything under /api/v1/admin plus the admin-only
 * configs and site-block writes), makes one real change with each, and checks that each
 * left its own audit row naming the admin, the thing changed and the time, and that
 * GET /admin/audit shows them. A new admin write without a case here fails the first check.
 */
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  apiKeys,
  auditLog,
  bagRequests,
  contactMessages,
  diamonds,
  holds,
  requestLines,
  type RequestLine,
} from '../../db/tables.ts';
import { createTestApp, insertAdmin, insertUser, signIn, type TestApp } from './auth-helpers.ts';
import { linkKeyFor } from './link-helpers.ts';

const API = '/api/v1';
/** Admin-only writes that live outside /admin (the spec's own paths). */
/** Admin calls that are POSTs but change nothing: a source's preview reads its file. */
const READS_BY_POST = ['POST /admin/stock-sources/:id/preview'];
const ADMIN_WRITES_ELSEWHERE = [
  'POST /configs',
  'PATCH /configs/:id',
  'POST /configs/site-blocks',
  'PATCH /configs/site-blocks/:id',
];

function adminWrites(t: TestApp): string[] {
  const out = new Set<string>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || r.method === 'GET' || !r.path.startsWith(API)) continue;
    const key = `${r.method} ${r.path.slice(API.length)}`;
    if (READS_BY_POST.includes(key)) continue;
    if (key.startsWith(`${r.method} /admin/`) || ADMIN_WRITES_ELSEWHERE.includes(key)) out.add(key);
  }
  return [...out].sort();
}

const line: RequestLine = {
  diamondId: 1,
  stockCode: 'FT-S-000001',
  type: 'single',
  description: '1.01ct Round G VS1',
  selectedUnit: 'weight',
  quantity: 1.01,
  acceptsAlternatives: false,
  ppcCents: null,
  itemPriceCents: 745_000,
};

describe('the audit log', () => {
  it('every admin write leaves an audit row with who, what and when', async () => {
    // a source's address on loopback where nothing listens: its run fails at once, and nothing leaves the machine
    const t = await createTestApp({ seed: false, env: { STOCK_FEEDS_ALLOW_LOOPBACK: 'true' } });
    const admin = await insertAdmin(t.db, { firstName: 'Grace', lastName: 'Staff' });
    const staff = await signIn(t, admin.email);
    const verified = { status: 'pending' as const, emailVerifiedAt: new Date() };
    const toApprove = await insertUser(t.db, verified);
    const toReject = await insertUser(t.db, verified);
    const toDisable = await insertUser(t.db);
    const api = await insertUser(t.db, { requestApiAccess: true });
    const keyOwner = await insertUser(t.db, { apiAllow: true });
    const request = (
      await t.db
        .insert(bagRequests)
        .values({ userId: api.id, ccy: 'USD', exRate: 1, totalCents: 745_000, items: [line] })
        .returning()
    )[0]!;
    const requestLine = (
      await t.db
        .insert(requestLines)
        .values({ requestId: request.id, position: 0, stockCode: 'FT-S-000001', type: 'single', quantity: 1.01 })
        .returning()
    )[0]!;
    const message = (
      await t.db
        .insert(contactMessages)
        .values({
          kind: 'contact',
          name: 'Ada',
          email: 'ada@example.com',
          phone: '1',
          companyName: 'Ada Ltd',
          message: 'Hello',
        })
        .returning()
    )[0]!;
    const form = new FormData();
    form.set('file', new File([readFileSync(new URL('../fixtures/stock/good.csv', import.meta.url))], 'good.csv'));
    form.set('mode', 'apply');
    let runId = 0;
    let stockKeyId = 0;
    let sourceId = 0;
    const waitingRun = async (row = 'AUD-0001,Round,1.01,G,VS1,1000') => {
      const replace = new FormData();
      replace.set('file', new File([`StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price\n${row}\n`], 'all.csv'));
      replace.set('mode', 'apply');
      replace.set('full', 'true');
      const res = await staff.request('/admin/stock-import', { method: 'POST', body: replace });
      const body = (await res.json()) as { status: string; runId: number };
      expect(body.status).toBe('needs_confirmation');
      return body.runId;
    };

    const cover = new FormData();
    cover.set(
      'src',
      new File(
        [
          await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b08d57' } })
            .png()
            .toBuffer(),
        ],
        'cover.png',
      ),
    );

    let postId = 0;
    let configId = 0;
    let holdId = 0;
    // one real change per admin write: [route, call, the action(s) its audit row must carry]
    const cases: Record<string, [() => Promise<Response>, string]> = {
      'POST /admin/customers/:id/approve': [
        () => staff.request(`/admin/customers/${toApprove.id}/approve`, { method: 'POST' }),
        'customer.approve',
      ],
      'POST /admin/customers/:id/reject': [
        () => staff.request(`/admin/customers/${toReject.id}/reject`, { method: 'POST' }),
        'customer.reject',
      ],
      'POST /admin/customers/:id/disable': [
        () => staff.request(`/admin/customers/${toDisable.id}/disable`, { method: 'POST' }),
        'customer.disable',
      ],
      'POST /admin/customers/:id/api-access': [
        () => staff.json(`/admin/customers/${api.id}/api-access`, 'POST', { allow: true }),
        'customer.api_access.grant',
      ],
      'DELETE /admin/customers/:id/api-keys/:keyId': [
        async () => {
          await linkKeyFor(t, keyOwner.email, 'trade');
          const keyId = (await t.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, keyOwner.id)))[0]!
            .id;
          return staff.request(`/admin/customers/${keyOwner.id}/api-keys/${keyId}`, { method: 'DELETE' });
        },
        'api_key.revoke',
      ],
      'POST /admin/posts': [
        async () => {
          const res = await staff.json('/admin/posts', 'POST', { title: 'Audit me' });
          postId = ((await res.clone().json()) as { _id: number })._id;
          return res;
        },
        'post.create',
      ],
      'POST /admin/posts/cover': [
        () => staff.request('/admin/posts/cover', { method: 'POST', body: cover }),
        'post.cover_upload',
      ],
      'PATCH /admin/posts/:id': [
        () => staff.json(`/admin/posts/${postId}`, 'PATCH', { snippet: 'Now with a snippet' }),
        'post.',
      ],
      'DELETE /admin/posts/:id': [() => staff.request(`/admin/posts/${postId}`, { method: 'DELETE' }), 'post.delete'],
      'PATCH /admin/requests/:id': [
        () => staff.json(`/admin/requests/${request.id}`, 'PATCH', { status: 'in_review' }),
        'request.status',
      ],
      'POST /admin/requests/:id/lines/:lineId': [
        () => staff.json(`/admin/requests/${request.id}/lines/${requestLine.id}`, 'POST', { answer: 'unavailable' }),
        'request.line',
      ],
      'POST /admin/requests/:id/messages': [
        () => staff.json(`/admin/requests/${request.id}/messages`, 'POST', { body: 'We are checking the stone.' }),
        'request.message',
      ],
      'PATCH /admin/messages/:id': [
        () => staff.json(`/admin/messages/${message.id}`, 'PATCH', { status: 'read' }),
        'message.status',
      ],
      'PUT /admin/settings/rates': [
        () => staff.json('/admin/settings/rates', 'PUT', { rates: [{ currency: 'GBP', exRate: 0.81 }] }),
        'rates.update',
      ],
      'PUT /admin/settings/registration-messages': [
        () =>
          staff.json('/admin/settings/registration-messages', 'PUT', {
            unverified: 'a',
            pending: 'b',
            rejected: 'c',
            disabled: 'd',
          }),
        'settings.registration_messages',
      ],
      'PUT /admin/settings/site': [
        () => staff.json('/admin/settings/site', 'PUT', { site_name: 'Facet Audit' }),
        'settings.site',
      ],
      'POST /admin/stock-import': [
        () => staff.request('/admin/stock-import', { method: 'POST', body: form }),
        'stock.import',
      ],
      // a replace-all listing none of good.csv's 3 stones waits for confirmation: confirmed, then again discarded
      'POST /admin/stock-import/runs/:id/confirm': [
        async () => {
          runId = await waitingRun();
          return staff.request(`/admin/stock-import/runs/${runId}/confirm`, { method: 'POST' });
        },
        'stock.import',
      ],
      'POST /admin/stock-import/runs/:id/discard': [
        async () => {
          runId = await waitingRun('IMP-0001,Round,1.01,G,VS1,7450');
          return staff.request(`/admin/stock-import/runs/${runId}/discard`, { method: 'POST' });
        },
        'stock.discard',
      ],
      // after the stock import: a picture of one of its stones
      'POST /admin/stock-media': [
        async () => {
          const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#b08d57' } })
            .png()
            .toBuffer();
          const media = new FormData();
          media.set('file', new File([zipSync({ 'IMP-0001.png': new Uint8Array(png) })], 'media.zip'));
          return staff.request('/admin/stock-media', { method: 'POST', body: media });
        },
        'stock.media',
      ],
      'POST /admin/stock-sources': [
        async () => {
          const res = await staff.json('/admin/stock-sources', 'POST', {
            name: 'ERP export',
            url: 'http://127.0.0.1:9/stock.csv',
            schedule: { kind: 'interval', interval_minutes: 60 },
          });
          sourceId = ((await res.clone().json()) as { id: number }).id;
          return res;
        },
        'stock_source.create',
      ],
      'PUT /admin/stock-sources/:id': [
        () =>
          staff.json(`/admin/stock-sources/${sourceId}`, 'PUT', {
            name: 'ERP export',
            url: 'http://127.0.0.1:9/stock.csv',
            schedule: { kind: 'times', times: ['06:00'] },
          }),
        'stock_source.update',
      ],
      'POST /admin/stock-sources/:id/pause': [
        () => staff.json(`/admin/stock-sources/${sourceId}/pause`, 'POST', { paused: true }),
        'stock_source.pause',
      ],
      'PUT /admin/stock-sources/:id/mapping': [
        () => staff.json(`/admin/stock-sources/${sourceId}/mapping`, 'PUT', { mapping: { Lot: 'Stock #' } }),
        'stock_source.mapping',
      ],
      'POST /admin/stock-sources/:id/run': [
        () => staff.request(`/admin/stock-sources/${sourceId}/run`, { method: 'POST' }),
        'stock_source.run',
      ],
      'DELETE /admin/stock-sources/:id': [
        () => staff.request(`/admin/stock-sources/${sourceId}`, { method: 'DELETE' }),
        'stock_source.delete',
      ],
      'POST /admin/stock-import/api-keys': [
        async () => {
          const res = await staff.json('/admin/stock-import/api-keys', 'POST', { name: 'ERP push' });
          stockKeyId = ((await res.clone().json()) as { id: number }).id;
          return res;
        },
        'api_key.create',
      ],
      'POST /admin/stock-import/api-keys/:keyId/roll': [
        async () => {
          const res = await staff.json(`/admin/stock-import/api-keys/${stockKeyId}/roll`, 'POST', { overlapHours: 0 });
          stockKeyId = ((await res.clone().json()) as { id: number }).id;
          return res;
        },
        'api_key.roll',
      ],
      'DELETE /admin/stock-import/api-keys/:keyId': [
        () => staff.request(`/admin/stock-import/api-keys/${stockKeyId}`, { method: 'DELETE' }),
        'api_key.revoke',
      ],
      'PUT /admin/stock-import/settings': [
        () => staff.json('/admin/stock-import/settings', 'PUT', { badRowsPct: 3, removalPct: 25 }),
        'stock.settings',
      ],
      'POST /admin/messages/:id/replies': [
        () => staff.json(`/admin/messages/${message.id}/replies`, 'POST', { message: 'Thank you, we will call you.' }),
        'message.reply',
      ],
      'PUT /admin/customers/:id/hold-limits': [
        () =>
          staff.json(`/admin/customers/${keyOwner.id}/hold-limits`, 'PUT', { maxHolds: 3, holdExtendAllowed: false }),
        'customer.hold_limits',
      ],
      'PUT /admin/settings/request-terms': [
        () =>
          staff.json('/admin/settings/request-terms', 'PUT', {
            memo: 'Goods on approval for 14 days.',
            invoice: 'Payment within 30 days.',
            wholesaler: 'Facet Trade Ltd\nHatton Garden, London',
          }),
        'settings.request_terms',
      ],
      'PUT /admin/settings/holds': [
        () => staff.json('/admin/settings/holds', 'PUT', { default_hours: 24 }),
        'settings.holds',
      ],
      // after the stock import: a hold on one of its stones
      'PATCH /admin/holds/:id': [
        async () => {
          const [stone] = await t.db.select({ id: diamonds.id }).from(diamonds).limit(1);
          const now = t.clock.now();
          holdId = (
            await t.db
              .insert(holds)
              .values({ diamondId: stone!.id, userId: keyOwner.id, expiresAt: new Date(now + 48 * 3600_000) })
              .returning()
          )[0]!.id;
          return staff.json(`/admin/holds/${holdId}`, 'PATCH', {
            expires_at: new Date(now + 24 * 3600_000).toISOString(),
          });
        },
        'hold.expiry',
      ],
      'DELETE /admin/holds/:id': [() => staff.request(`/admin/holds/${holdId}`, { method: 'DELETE' }), 'hold.release'],
      'POST /configs': [
        async () => {
          const res = await staff.json('/configs', 'POST', {
            type: 'diamond_available',
            fields: {
              diamond_available_now: 'Now',
              diamond_available_later: 'Later',
              diamond_available_on_demand: 'Ask',
            },
          });
          configId = ((await res.clone().json()) as { doc: { _id: number } }).doc._id;
          return res;
        },
        'config.create',
      ],
      'PATCH /configs/:id': [
        () =>
          staff.json(`/configs/${configId}`, 'PATCH', {
            type: 'diamond_available',
            fields: {
              diamond_available_now: 'Today',
              diamond_available_later: 'Later',
              diamond_available_on_demand: 'Ask',
            },
          }),
        'config.update',
      ],
      'POST /configs/site-blocks': [
        () => staff.json('/configs/site-blocks', 'POST', { _id: 'audit_block', type: 'text', value: 'One' }),
        'create',
      ],
      'PATCH /configs/site-blocks/:id': [
        () => staff.json('/configs/site-blocks/audit_block', 'PATCH', { type: 'text', value: 'Two' }),
        'update',
      ],
    };

    // the table and the cases name the same writes: none is left out
    expect(adminWrites(t)).toEqual(Object.keys(cases).sort());

    for (const [route, [call, action]] of Object.entries(cases)) {
      const before = (await t.db.select().from(auditLog)).length;
      t.clock.advance(60_000);
      const res = await call();
      expect(res.status, route).toBeLessThan(300);
      const rows = (await t.db.select().from(auditLog).orderBy(auditLog.id)).slice(before);
      expect(rows.length, `${route} left no audit row`).toBeGreaterThanOrEqual(1);
      for (const row of rows) {
        expect(row.userId, route).toBe(admin.id);
        expect(row.action.startsWith(action), `${route}: ${row.action}`).toBe(true);
        expect(row.entity, route).toBeTruthy();
        expect(row.createdAt.getTime(), route).toBe(t.clock.now());
      }
    }

    // the audit screen's call shows them, newest first, with the admin's name
    const all = (await (await staff.request('/admin/audit?limit=200')).json()) as {
      totalDocs: number;
      docs: { action: string; user: { name: string; email: string } | null; createdAt: string }[];
    };
    expect(all.totalDocs).toBe((await t.db.select().from(auditLog)).length);
    expect(all.docs[0]?.action).toBe('update');
    expect(all.docs.at(-1)?.action).toBe('customer.approve');
    expect(all.docs.every((d) => d.user?.email === admin.email && d.user.name === 'Grace Staff')).toBe(true);
    const times = all.docs.map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('a refused change (bad input, unknown id) leaves no audit row', async () => {
    const t = await createTestApp({ seed: false });
    const admin = await insertAdmin(t.db);
    const staff = await signIn(t, admin.email);
    const bad = [
      await staff.json('/admin/posts', 'POST', { title: '' }),
      await staff.json('/admin/posts/999', 'PATCH', { title: 'x' }),
      await staff.json('/admin/requests/999', 'PATCH', { status: 'completed' }),
      await staff.json('/admin/messages/1', 'PATCH', { status: 'gone' }),
      await staff.json('/admin/settings/rates', 'PUT', { rates: [{ currency: 'GBP', exRate: -1 }] }),
      await staff.request('/admin/customers/999/approve', { method: 'POST' }),
    ];
    for (const res of bad) expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});
