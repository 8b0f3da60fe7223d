/**
 * The RapNet and IDEX feeds as those importers read them: priced in USD whatever the shop's
 * currency, numbers written as numbers (no formula guard on them), one origin a file (required),
 * and a template refused where it does not apply (json, ndjson).
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { errorOf } from './auth-helpers.ts';
import { body, createLinkTestApp, linkKeyFor } from './link-fixtures.ts';

const csvOf = async (res: Response) => {
  expect(res.status).toBe(200);
  const text = res.headers.get('content-encoding')
    ? gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')
    : await res.text();
  return text.split('\r\n').filter(Boolean);
};

type Stone = { stock_code: string; origin: string; carat: number; price: { amount: string; currency: string } | null };

describe('API Link platform feeds', () => {
  it('prices rapnet and idex in USD with numbers as numbers, one origin a file', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const usd = await body<{ data: Stone[] }>(await t.call('/stones?limit=500&category=stone&currency=USD', key));
    const byCode = new Map(usd.data.map((s) => [s.stock_code, s]));
    const natural = await csvOf(await t.call('/feed?format=csv&template=rapnet&origin=natural', key));
    const header = natural[0]!.split(',');
    const at = (name: string) => header.indexOf(name);
    expect(natural.length).toBeGreaterThan(1);
    for (const line of natural.slice(1)) {
      const cells = line.split(',');
      const stone = byCode.get(cells[at('Stock #')]!);
      expect(stone?.origin, cells[0]).toBe('natural');
      expect(cells[at('Lab Grown')]).toBe('N');
      const discount = cells[at('Rapnet Discount %')]!;
      expect(discount, 'a number, not a guarded text').not.toMatch(/^'/);
      if (discount) expect(Number.isFinite(Number(discount))).toBe(true);
      if (stone?.price) {
        const perCarat = Number(stone.price.amount) / stone.carat;
        expect(Number(cells[at('Price/Carat')])).toBeCloseTo(perCarat, 1);
      }
    }
    const lab = await csvOf(await t.call('/feed?format=csv&template=idex&origin=lab_grown', key));
    const idexHeader = lab[0]!.split(',');
    expect(idexHeader).toEqual(expect.arrayContaining(['Cut Grade', 'Video URL', 'Measurements Height']));
    expect(idexHeader).not.toContain('Lab Grown');
    for (const line of lab.slice(1)) {
      const stone = byCode.get(line.split(',')[idexHeader.indexOf('Supplier Stock Ref')]!);
      expect(stone?.origin).toBe('lab_grown');
    }
    const total = (await csvOf(await t.call('/feed?format=csv&template=idex&origin=natural', key))).length - 1;
    expect(total + lab.length - 1).toBe(usd.data.length);
  });

  it('needs origin for rapnet and idex, refuses another currency for them and a template on json', async () => {
    const t = await createLinkTestApp({ seed: false });
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    for (const template of ['rapnet', 'idex']) {
      const res = await t.call(`/feed?format=csv&template=${template}`, key);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).msg).toEqual([
        { param: 'origin', msg: expect.stringMatching(/natural or lab_grown/) },
      ]);
      const gbp = await t.call(`/feed?format=csv&template=${template}&origin=natural&currency=GBP`, key);
      expect((await errorOf(gbp)).msg).toEqual([{ param: 'currency', msg: expect.stringMatching(/USD/) }]);
    }
    for (const format of ['json', 'ndjson']) {
      const res = await t.call(`/feed?format=${format}&template=rapnet&origin=natural`, key);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).msg).toEqual([{ param: 'template', msg: 'A template applies to format=csv only' }]);
    }
  });
});
