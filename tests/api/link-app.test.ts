/**
 * The API Link as the site serves it: the data calls, the webhooks and /me behind the real key
 * check of createLinkApp, the public OpenAPI document naming every route, and the docs page.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startWebhookWorker } from '../../api/services/webhooks/worker.ts';
import { diamonds, users } from '../../db/tables.ts';
import { createTestApp } from './helpers.ts';
import { createLinkTestApp } from './link-fixtures.ts';
import { linkKeyFor } from './link-helpers.ts';
import { depsOf, startReceiver } from './webhook-helpers.ts';

describe('the API Link in the site', () => {
  it('serves the data calls with a real key, the OpenAPI document without one, and the docs page', async () => {
    const t = await createTestApp();
    await t.db.update(users).set({ apiAllow: true }).where(eq(users.email, 'trader@facet.trade'));
    const key = await linkKeyFor(t, 'trader@facet.trade', 'trade');
    const auth = { headers: { authorization: `Bearer ${key}` } };

    const stones = await t.app.request('/api/link/v1/stones?limit=5', auth);
    expect(stones.status).toBe(200);
    const body = (await stones.json()) as { data?: unknown[]; stones?: unknown[] };
    expect((body.data ?? body.stones ?? []).length).toBe(5);
    expect((await t.app.request('/api/link/v1/stones?limit=5')).status).toBe(401);
    expect((await t.app.request('/api/link/v1/changes?since=0', auth)).status).toBe(200);
    expect((await t.app.request('/api/link/v1/feed?format=json', auth)).status).toBe(200);
    expect((await t.app.request('/api/link/v1/webhooks', auth)).status).toBe(200);
    expect((await t.app.request('/api/link/v1/me', auth)).status).toBe(200);

    const doc = await t.app.request('/api/link/v1/openapi.json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(((await doc.json()) as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/stones',
      '/stones/{stock_code}',
      '/stones/availability',
      '/changes',
      '/feed',
      '/me',
      '/webhooks',
    ])
      expect(
        paths.some((x) => x.endsWith(p)),
        `${p} in ${paths.join(', ')}`,
      ).toBe(true);

    const docs = await t.app.request('/api/link/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('<html');
  });
});

describe('a stock change reaches a webhook', () => {
  it('a price change imported by staff is delivered, signed, to the subscribed endpoint', async () => {
    const t = await createLinkTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
    await t.db.update(users).set({ apiAllow: true }).where(eq(users.email, 'trader@facet.trade'));
    const key = await linkKeyFor(t, 'trader@facet.trade', 'trade');
    const receiver = await startReceiver();
    try {
      const made = await t.app.request('/api/link/v1/webhooks', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['price_changed'] }),
      });
      expect(made.status).toBe(201);
      const { secret } = (await made.json()) as { secret: string };

      const stone = (await t.db.select().from(diamonds).where(eq(diamonds.catType, 'Single Item')).limit(1))[0]!;
      const price = ((stone.priceCents ?? 100_000) + 12_345) / 100;
      await t.importCsv(`StkCodeCalcNS,price\n${stone.stockCode},${price.toFixed(2)}`);

      await startWebhookWorker(depsOf(t), { poll: false }).runOnce();
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      const payload = new Webhook(secret).verify(got.body, {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      }) as { type: string; data: { stock_code: string } };
      expect(payload.type).toBe('price_changed');
      expect(payload.data.stock_code).toBe(stone.stockCode);
    } finally {
      await receiver.close();
    }
  });
});
