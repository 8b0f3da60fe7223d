/**
 * API Link stone calls: GET /stones (fields, filters, sort, currency, keyset paging across an
 * import), GET /stones/{code} (200, 404 never known, 410 gone with when), POST
 * /stones/availability, and the retail scope (markup prices, never a trade price or RAP).
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LinkStoneSchema } from '../../api/link/schemas.ts';
import { diamonds, stockChanges } from '../../db/tables.ts';
import { errorOf } from './auth-helpers.ts';
import { body, createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';

type Stone = v.InferOutput<typeof LinkStoneSchema>;
type Page = { data: Stone[]; next_cursor: string | null };

async function walk(t: LinkTestApp, key: string, query: string, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let page = 0;
  do {
    const res = await t.call(`/stones?${query}${cursor ? `&cursor=${cursor}` : ''}`, key);
    expect(res.status).toBe(200);
    const p: Page = await body(res);
    seen.push(...p.data.map((s) => s.stock_code));
    cursor = p.next_cursor;
    await between?.(++page);
  } while (cursor);
  return seen;
}

const inStockCodes = async (t: LinkTestApp) =>
  (await t.db.select({ c: diamonds.stockCode }).from(diamonds).where(eq(diamonds.inStock, true))).map((r) => r.c);

describe('API Link stones', () => {
  it('lists stones in snake_case with trade prices, absolute media URLs and ISO times; every stone matches the schema', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const res = await t.call('/stones?limit=500', key);
    expect(res.status).toBe(200);
    const page: Page = await body(res);
    expect(page.data.length).toBe(Math.min(500, (await inStockCodes(t)).length));
    for (const s of page.data) expect(v.safeParse(LinkStoneSchema, s).success, s.stock_code).toBe(true);
    const withImage = page.data.find((s) => s.media.images.length > 0)!;
    expect(withImage.media.images[0]).toMatch(/^https?:\/\//);
    const spin = page.data.find((s) => s.media.spin_360)!;
    expect(spin.media.spin_360!.first_frame_url).toMatch(/^https?:\/\/.*frame-000\.\w+$/);
    const parcel = page.data.find((s) => s.category === 'parcel');
    if (parcel) {
      expect(parcel).toHaveProperty('colour_from');
      expect(parcel.price?.unit).toBe('carat');
    }
    const single = page.data.find((s) => s.category === 'stone' && s.price)!;
    expect(single.price!.unit).toBe('stone');
    expect(single.price!.amount).toMatch(/^\d+\.\d{2}$/);
    expect(single).toHaveProperty('rap_pct');
    expect(single.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('needs a key, and answers bad input with a 400 in the house error shape', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    expect((await t.call('/stones')).status).toBe(401);
    for (const q of [
      'limit=501',
      'limit=0',
      'sort=weight',
      'category=ring',
      'carat_min=abc',
      'has_image=yes',
      'currency=XYZ',
      'colour=Q',
      'cursor=garbage',
    ]) {
      const res = await t.call(`/stones?${q}`, key);
      expect(res.status, q).toBe(400);
      const err = await errorOf(res);
      expect(Array.isArray(err.msg), q).toBe(true);
    }
  });

  it('filters by category, origin, shape, carat, colour, lab, media and certificate, and sorts', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const get = async (q: string) => (await body<Page>(await t.call(`/stones?limit=500&${q}`, key))).data;
    const parcels = await get('category=parcel');
    expect(parcels.length).toBeGreaterThan(0);
    expect(parcels.every((s) => s.category === 'parcel')).toBe(true);
    const lab = await get('origin=lab_grown');
    expect(lab.length).toBeGreaterThan(0);
    expect(lab.every((s) => s.origin === 'lab_grown')).toBe(true);
    const rounds = await get('shape=round&carat_min=0.5&carat_max=1.5');
    expect(rounds.length).toBeGreaterThan(0);
    expect(rounds.every((s) => s.shape.toLowerCase() === 'round' && s.carat >= 0.5 && s.carat <= 1.5)).toBe(true);
    const dOrE = await get('category=stone&colour=D,E');
    expect(dOrE.length).toBeGreaterThan(0);
    expect(dOrE.every((s) => s.category === 'stone' && ['D', 'E'].includes(s.colour ?? ''))).toBe(true);
    const excellent = await get('category=stone&cut=EX');
    expect(excellent.length).toBeGreaterThan(0);
    expect(excellent.every((s) => s.category === 'stone' && s.cut === 'Excellent')).toBe(true);
    const gia = await get('lab=gia');
    expect(gia.every((s) => s.lab === 'GIA')).toBe(true);
    const images = await get('has_image=true');
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((s) => s.media.images.length > 0)).toBe(true);
    expect((await get('has_image=false')).every((s) => s.media.images.length === 0)).toBe(true);
    expect((await get('has_360=true')).every((s) => s.media.spin_360 != null)).toBe(true);
    expect((await get('has_certificate=true')).every((s) => s.certificate_number || s.certificate_url)).toBe(true);
    const byCarat = await get('sort=-carat');
    expect(byCarat.map((s) => s.carat)).toEqual([...byCarat.map((s) => s.carat)].sort((a, b) => b - a));
    const byPrice = (await get('category=stone&sort=price&currency=USD')).filter((s) => s.price);
    const amounts = byPrice.map((s) => Number(s.price!.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const cheap = await get('category=stone&currency=USD&price_max=2000');
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((s) => s.price != null && Number(s.price.amount) <= 2000)).toBe(true);
    const eur = await get('currency=EUR');
    expect(eur.every((s) => s.price == null || s.price.currency === 'EUR')).toBe(true);
  });

  it('pages with an opaque keyset cursor: an import between pages neither skips nor repeats a stone', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    for (const sort of ['created', 'carat', '-price']) {
      const before = await inStockCodes(t);
      let added = '';
      let changed: string[] = [];
      const seen = await walk(t, key, `limit=40&sort=${sort}`, async (page) => {
        if (page !== 2) return;
        // mid-walk: change availability and comments of every stone (updated_at moves), add a stone
        const rows = await t.db.select().from(diamonds).where(eq(diamonds.inStock, true));
        changed = rows.map((r) => r.stockCode);
        added = `NEW-${sort}`;
        const lines = rows.map((r) => `${r.stockCode},${r.availability === 1 ? 2 : 1},changed ${sort}`);
        await t.importCsv(['StkCodeCalcNS,StkWebAvailable,Comments', ...lines].join('\n'));
        await t.importCsv(`StkCodeCalcNS,StkShape,STWeight,price,StkCatType\n${added},Round,0.5,1000,Single Item\n`);
      });
      expect(changed.length).toBe(before.length);
      expect(new Set(seen).size, `${sort}: no stone twice`).toBe(seen.length);
      for (const code of before) expect(seen, `${sort}: ${code}`).toContain(code);
    }
  }, 60_000); // three walks with two imports each: slow on a busy PostgreSQL

  it('GET /stones/{code}: the stone, 404 for a code never known, 410 with when once it left the stock', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const [a, b] = await inStockCodes(t);
    const one = await t.call(`/stones/${encodeURIComponent(a!)}?currency=GBP`, key);
    expect(one.status).toBe(200);
    const stone: Stone = await body(one);
    expect(stone.stock_code).toBe(a);
    expect(stone.price === null || stone.price.currency === 'GBP').toBe(true);
    const unknown = await t.call('/stones/NEVER-KNOWN', key);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).msg).toBe('stone_not_found');

    // a full import without `a`: sold
    t.clock.advance(60_000);
    const rest = (await inStockCodes(t)).filter((c) => c !== a);
    await t.importCsv(['StkCodeCalcNS,Comments', ...rest.map((c) => `${c},`)].join('\n'), true);
    const gone = await t.call(`/stones/${encodeURIComponent(a!)}`, key);
    expect(gone.status).toBe(410);
    const err = await errorOf(gone);
    expect(err.msg).toBe('stone_gone');
    expect(err.options?.gone_at).toBe(new Date(t.clock.now()).toISOString());
    const removed = await t.db.select().from(stockChanges).where(eq(stockChanges.stockCode, a!));
    expect(removed.map((r) => r.kind)).toEqual(['removed']);
    expect((await t.call(`/stones/${encodeURIComponent(b!)}`, key)).status).toBe(200);
  });

  it('POST /stones/availability answers up to 100 codes: in stock, gone or unknown', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const [a, b] = await inStockCodes(t);
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.stockCode, b!));
    const res = await t.post('/stones/availability', key, { stock_codes: [a, b, 'NOPE'], currency: 'USD' });
    expect(res.status).toBe(200);
    const { data } = await body<{
      data: { stock_code: string; status: string; price: unknown; gone_at: string | null }[];
    }>(res);
    expect(data.map((d) => [d.stock_code, d.status])).toEqual([
      [a, 'in_stock'],
      [b, 'gone'],
      ['NOPE', 'unknown'],
    ]);
    expect(data[1]!.gone_at).toMatch(/Z$/);
    const many = Array.from({ length: 101 }, (_, i) => `C${i}`);
    const tooMany = await t.post('/stones/availability', key, { stock_codes: many });
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).msg).toEqual([{ param: 'stock_codes', msg: 'At most 100 stock codes' }]);
    expect((await t.post('/stones/availability', key, { stock_codes: 'A1' })).status).toBe(400);
  });

  it('a retail key gets trade x (1 + markup) and never the trade price or RAP', async () => {
    const t = await createLinkTestApp();
    const trade = await linkKeyFor(t, 'trade@example.com', 'trade');
    const retail = await linkKeyFor(t, 'shop@example.com', 'retail', 20);
    const q = '/stones?limit=500&currency=USD';
    const tradePage: Page = await body(await t.call(q, trade));
    const retailRes = await t.call(q, retail);
    const retailText = await retailRes.text();
    const retailPage: Page = JSON.parse(retailText);
    expect(retailText).not.toMatch(/"(rap|rap_pct|ppc|cost|trade_price)"/i);
    const tradeBy = new Map(tradePage.data.map((s) => [s.stock_code, s]));
    let compared = 0;
    for (const s of retailPage.data) {
      const tp = tradeBy.get(s.stock_code)!.price;
      if (!tp) continue;
      const expected = Number(tp.amount) * 1.2;
      const amount = Number(s.price!.amount);
      expect(Math.abs(amount - expected), s.stock_code).toBeLessThanOrEqual(s.category === 'stone' ? 0.5 : 0.005);
      expect(s.price!.amount).not.toBe(tp.amount);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
    const a = retailPage.data.find((s) => s.price)!;
    const one = await (await t.call(`/stones/${encodeURIComponent(a.stock_code)}?currency=USD`, retail)).text();
    expect(one).not.toMatch(/"rap_pct"/);
    expect(JSON.parse(one).price.amount).toBe(a.price!.amount);
    const avail = await body<{ data: { price: { amount: string } }[] }>(
      await t.post('/stones/availability', retail, { stock_codes: [a.stock_code], currency: 'USD' }),
    );
    expect(avail.data[0]!.price.amount).toBe(a.price!.amount);
  });

  it('a retail price is exact: $110 at 15 % is $126.50, shown as $127 (half up, whole units)', async () => {
    const t = await createLinkTestApp();
    const retail = await linkKeyFor(t, 'shop@example.com', 'retail', 15);
    const row = (await t.db.select().from(diamonds).where(eq(diamonds.catType, 'Single Item')).limit(1))[0]!;
    await t.db
      .update(diamonds)
      .set({ priceCents: 11_000, webSpecialCents: 0, inStock: true })
      .where(eq(diamonds.id, row.id));
    const res = await t.call(`/stones/${encodeURIComponent(row.stockCode)}?currency=USD`, retail);
    // 110 x 1.15 is 126.49999999999999 in floating point, which rounded down to 126
    expect((await body<{ price: { amount: string } }>(res)).price.amount).toBe('127.00');
  });
});
