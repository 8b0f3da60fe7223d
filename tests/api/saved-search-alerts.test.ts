/**
 * Saved-search alerts from the stock change log: a stock import through the real import
 * service that adds a matching stone and drops another's price gives one instant e-mail per
 * search (prices in the search's currency, links to the stones and the search, one-click
 * unsubscribe headers) and nothing more on re-import or on another pass; a drop below the
 * search's threshold tells nothing; a stone back in stock (imported again, or its hold ended) is
 * told; a search whose alerts are turned on later hears of nothing older; two nodes' passes at once
 * tell each event once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadRates } from '../../api/services/trade/bag.ts';
import { emailOutbox, diamonds, savedSearches } from '../../db/tables.ts';
import { atRest, REDACTED } from '../../api/services/platform/mailer.ts';
import { displayPrice, formatPrice } from '../../src/domain/money.ts';
import { routes } from '../../src/domain/routes.ts';
import { alertTestApp, csv, newStoneRow, pricedSingle, priceRow } from './alert-fixtures.ts';
import { linkKeyFor } from './link-fixtures.ts';

describe('instant saved-search alerts', () => {
  it('an import that adds a matching stone and drops a price sends one e-mail per search, once', async () => {
    const { t, worker, save, alertsTo } = await alertTestApp();
    const dropped = await pricedSingle(t);
    await save({ name: 'All singles', priceDropPct: 10, currency: 'GBP' });
    await save({ name: 'Singles in euros', priceDropPct: 15, currency: 'EUR' });
    await save({ name: 'Parcels only', view: '/diamonds/all?tab=2', priceDropPct: 10 });
    await save({ name: 'Alerts off', alert: 'off', priceDropPct: 10 });
    const file = csv(newStoneRow('ALERT-NEW-1'), priceRow(dropped, 0.8));
    await t.importCsv(file);
    const pass = await worker().runOnce();
    expect(pass.emails).toBe(2);

    const [gbp] = alertsTo('All singles');
    expect(alertsTo('All singles')).toHaveLength(1);
    expect(alertsTo('Singles in euros')).toHaveLength(1);
    expect(alertsTo('Parcels only')).toHaveLength(0);
    expect(alertsTo('Alerts off')).toHaveLength(0);
    expect(gbp!.subject).toBe('New for "All singles": 2 stones');
    const [added] = await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'ALERT-NEW-1'));
    const now = (await t.db.select().from(diamonds).where(eq(diamonds.id, dropped.id)))[0]!;
    const rates = await loadRates(t.db);
    const price = (ccy: string, d = added!) =>
      formatPrice(
        displayPrice({ StkCatType: d.catType, STWeight: d.weight, price: d.priceCents! / 100 }, ccy, rates)!.amount,
        ccy,
      );
    expect(gbp!.text).toContain(`ALERT-NEW-1 · Round · 1.01ct · G · VS1 · ${price('GBP')} · New`);
    expect(gbp!.text).toContain(`${dropped.stockCode} · `);
    expect(gbp!.text).toContain(`${price('GBP', now)} · Price down 20 %`);
    expect(gbp!.text).toContain(`${t.config.siteUrl}${routes.diamond(added!.id)}`);
    expect(gbp!.text).toContain(`Open the search:\n${t.config.siteUrl}/diamonds/all`);
    expect(gbp!.text).toMatch(/You get this e-mail because you asked .* "All singles", as they happen\./);
    expect(alertsTo('Singles in euros')[0]!.text).toContain(price('EUR'));
    expect(gbp!.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<${t.config.siteUrl}/api/v1/alerts/unsubscribe\\?token=\\d+\\.[\\w-]+>$`),
    );
    expect(gbp!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // the outbox keeps the headers (the link's signature redacted), so a resend after a crash carries them
    const stored = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, gbp!.subject));
    expect(stored[0]!.headers).toEqual(atRest(gbp!).headers);
    expect(stored[0]!.headers?.['List-Unsubscribe']).toContain(REDACTED);

    // the same file again changes nothing, so nothing more is told; nor is anything on another pass
    await t.importCsv(file);
    expect((await worker().runOnce()).emails).toBe(0);
    expect((await worker('node-b').runOnce()).emails).toBe(0);
    expect(alertsTo('All singles')).toHaveLength(1);
    expect(alertsTo('Singles in euros')).toHaveLength(1);
  });

  it('a price drop below the threshold tells nothing; the next one that reaches it does', async () => {
    const { t, worker, save, alertsTo } = await alertTestApp();
    const stone = await pricedSingle(t, 1);
    await save({ name: 'Ten percent', priceDropPct: 10 });
    await save({ name: 'No price alerts' });
    await t.importCsv(csv(priceRow(stone, 0.95)));
    expect((await worker().runOnce()).emails).toBe(0);
    await t.importCsv(csv(priceRow(stone, 0.8)));
    await worker().runOnce();
    expect(alertsTo('Ten percent')).toHaveLength(1);
    // 0.8 / 0.95: a drop of 15.8 % since the last price told
    expect(alertsTo('Ten percent')[0]!.text).toContain('Price down 15.8 %');
    expect(alertsTo('No price alerts')).toHaveLength(0);
  });

  it('a stone that left the stock and comes back is told as back in stock', async () => {
    const { t, worker, save, alertsTo } = await alertTestApp();
    const stone = await pricedSingle(t, 2);
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, stone.id));
    await save({ name: 'Comebacks' });
    t.clock.advance(60_000);
    await t.importCsv(csv(priceRow(stone, 1)));
    await worker().runOnce();
    expect(alertsTo('Comebacks')).toHaveLength(1);
    expect(alertsTo('Comebacks')[0]!.text).toMatch(new RegExp(`${stone.stockCode} · .* · Back in stock`));
  });

  it('a stone whose hold ends is told as back in stock; placing the hold tells nothing', async () => {
    const { t, worker, save, alertsTo } = await alertTestApp();
    const stone = await pricedSingle(t, 6);
    await save({ name: 'Free again' });
    const key = await linkKeyFor(t, 'holder@jeweller.example', 'trade');
    const held = await t.post('/holds', key, { stock_code: stone.stockCode });
    expect(held.status).toBe(201);
    await worker().runOnce();
    expect(alertsTo('Free again')).toHaveLength(0);
    const { id } = (await held.json()) as { id: number };
    expect((await t.call(`/holds/${id}`, key, { method: 'DELETE' })).status).toBe(200);
    await worker().runOnce();
    expect(alertsTo('Free again')).toHaveLength(1);
    expect(alertsTo('Free again')[0]!.text).toMatch(new RegExp(`${stone.stockCode} · .* · Back in stock`));
  });

  it('a search whose alerts are turned on later is told only of changes after that', async () => {
    const { t, worker, save, alertsTo } = await alertTestApp();
    const search = await save({ name: 'Late starter', alert: 'off' });
    await t.importCsv(csv(newStoneRow('ALERT-OLD-1')));
    await worker().runOnce();
    await t.db.update(savedSearches).set({ alert: 'instant' }).where(eq(savedSearches.id, search.id));
    await worker().runOnce();
    expect(alertsTo('Late starter')).toHaveLength(0);
    await t.importCsv(csv(newStoneRow('ALERT-LATER-1')));
    await worker().runOnce();
    expect(alertsTo('Late starter')).toHaveLength(1);
    expect(alertsTo('Late starter')[0]!.text).not.toContain('ALERT-OLD-1');
  });

  it('two nodes passing at once tell each event once', async () => {
    const { t, worker, save, alertsTo } = await alertTestApp();
    for (let i = 0; i < 30; i++) await save({ name: `Search ${i}`, priceDropPct: 5 });
    await t.importCsv(csv(newStoneRow('ALERT-NEW-2'), priceRow(await pricedSingle(t, 3), 0.5)));
    const a = worker('node-a');
    const b = worker('node-b');
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    for (let i = 0; i < 30; i++) expect(alertsTo(`Search ${i}`)).toHaveLength(1);
  });
});
