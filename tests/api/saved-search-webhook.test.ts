/**
 * `saved_search.matched` for the trader's own API Link webhook endpoints: sent with the alert
 * e-mail, signed (checked with the reference Standard Webhooks verifier on a loopback
 * receiver), carrying the search and its events with prices in the search's currency; listed
 * with the documented events and in the OpenAPI `webhooks` section.
 */
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookWorker } from '../../api/services/webhooks/worker.ts';
import { alertTestApp, csv, newStoneRow, pricedSingle, priceRow } from './alert-fixtures.ts';
import { body, linkKeyFor } from './link-fixtures.ts';
import { startReceiver } from './webhook-helpers.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

type Matched = {
  type: string;
  data: {
    saved_search_id: number;
    name: string;
    alert: string;
    events: {
      stock_code: string;
      kind: string;
      price: { amount: string; currency: string; unit: string };
      drop_pct: number | null;
    }[];
  };
};

describe('the saved_search.matched webhook', () => {
  it("goes to the trader's endpoint with the search's events, signed", async () => {
    const { t, trader, worker, save } = await alertTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    const key = await linkKeyFor(t, trader.email, 'trade');
    const other = await linkKeyFor(t, 'other@jeweller.example', 'trade');
    const hooks = await startReceiver();
    const theirs = await startReceiver();
    closers.push(hooks.close, theirs.close);
    const made = await t.post('/webhooks', key, { url: hooks.url, events: ['saved_search.matched'] });
    expect(made.status).toBe(201);
    const { secret } = await body<{ secret: string }>(made);
    expect((await t.post('/webhooks', other, { url: theirs.url })).status).toBe(201);

    const dropped = await pricedSingle(t, 5);
    const search = await save({ name: 'Hooked', currency: 'USD', priceDropPct: 10 });
    await t.importCsv(csv(newStoneRow('HOOK-1'), priceRow(dropped, 0.75)));
    await worker().runOnce();
    await startWebhookWorker(t.deps, { poll: false }).runOnce();

    const matched = hooks.received.map(
      (r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Matched,
    );
    expect(matched).toHaveLength(1);
    expect(matched[0]!.type).toBe('saved_search.matched');
    expect(matched[0]!.data).toMatchObject({ saved_search_id: search.id, name: 'Hooked', alert: 'instant' });
    expect(matched[0]!.data.events).toEqual([
      {
        stock_code: 'HOOK-1',
        kind: 'added',
        price: { amount: '5400.00', currency: 'USD', unit: 'stone' },
        drop_pct: null,
      },
      {
        stock_code: dropped.stockCode,
        kind: 'price_changed',
        price: { amount: `${Math.round((dropped.priceCents! * 0.75) / 100)}.00`, currency: 'USD', unit: 'stone' },
        drop_pct: 25,
      },
    ]);
    // another account's endpoint (taking every event) hears of the stock changes, never of this search
    expect(theirs.received.map((r) => (JSON.parse(r.body) as { type: string }).type)).not.toContain(
      'saved_search.matched',
    );
  });

  it('is a documented event: an endpoint may subscribe to it, and the OpenAPI document lists it', async () => {
    const { t, trader } = await alertTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    const doc = await body<{ webhooks: Record<string, unknown> }>(await t.call('/openapi.json'));
    expect(Object.keys(doc.webhooks)).toContain('saved_search.matched');
    const key = await linkKeyFor(t, trader.email, 'trade');
    const hooks = await startReceiver();
    closers.push(hooks.close);
    expect((await t.post('/webhooks', key, { url: hooks.url, events: ['saved_search.matched'] })).status).toBe(201);
    const sample = await t.post('/test/events', key, { type: 'saved_search.matched' });
    expect(sample.status).toBe(202);
  });
});
