/**
 * GET /feed: gzip, strong ETag and 304, X-Change-Seq, the three formats, the frozen CSV
 * header rows of the house, rapnet and idex templates, retail prices, and cells made safe
 * against spreadsheet formula injection.
 */
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FeedJsonSchema } from '../../api/link/schemas.ts';
import { csvCell } from '../../api/services/link/feed-templates.ts';
import { diamonds } from '../../db/tables.ts';
import { errorOf } from './auth-helpers.ts';
import { body, createLinkTestApp, linkKeyFor } from './link-fixtures.ts';

const GZIP = { 'accept-encoding': 'gzip, br' };
const unzip = async (res: Response) => gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');

/** FROZEN: these header rows are published; changing one breaks customers' importers. */
const HEADERS = {
  house:
    'stock_code,category,origin,shape,carat,colour_from,colour_to,clarity_from,clarity_to,cut_from,cut_to,polish_from,polish_to,symmetry_from,symmetry_to,fluorescence_from,fluorescence_to,size_from,size_to,lab,certificate_number,certificate_url,length_mm,width_mm,depth_mm,depth_pct,table_pct,price,currency,price_unit,rap_pct,availability,image_url,video_url,spin_360_url_template,spin_360_frames,updated_at',
  rapnet:
    'Stock #,Availability,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Measurements,Lab,Certificate #,Price/Carat,Rapnet Discount %,Depth %,Table %,Crown Height,Pavilion Depth,Diamond Image,Video Link,Certificate Filename,Lab Grown',
  idex: 'Supplier Stock Ref.,Cut,Carat,Color,Clarity,Cut Grade,Grading Lab,Certificate Number,Certificate Path,Image Path,Video URL,Price Per Carat,Total Price,Polish,Symmetry,Measurements Length,Measurements Width,Measurements Height,Depth,Table,Crown Height,Pavilion Depth,Fluorescence Intensity',
};
/** IDEX's lab-grown feed names three of the columns otherwise (and both files are one origin). */
const IDEX_LAB_GROWN =
  'Supplier Stock Ref,Cut,Carat,Color,Clarity,Cut Grade,Grading Lab,Certificate Number,Certificate URL,Image URL,Video URL,Price Per Carat,Total Price,Polish,Symmetry,Measurements Length,Measurements Width,Measurements Height,Depth,Table,Crown Height,Pavilion Depth,Fluorescence Intensity';

describe('API Link feed', () => {
  it('sends the whole stock gzip-compressed with a strong ETag, X-Change-Seq and 304 on If-None-Match', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const res = await t.call('/feed?format=json', key, { headers: GZIP });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/
    expect(res.headers.get('x-change-seq')).toBe('0');
    const doc = v.parse(FeedJsonSchema, JSON.parse(await unzip(res)));
    const inStock = await t.db.select({ c: diamonds.stockCode }).from(diamonds).where(eq(diamonds.inStock, true));
    expect(doc.count).toBe(inStock.length);
    expect(doc.stones.map((s) => s.stock_code).sort()).toEqual(inStock.map((r) => r.c).sort());

    const again = await t.call('/feed?format=json', key, { headers: { ...GZIP, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('x-change-seq')).toBe('0');

    // a change: new ETag, the sequence moves, the old tag no longer matches
    await t.importCsv(`StkCodeCalcNS,Comments\n${inStock[0]!.c},changed for the feed\n`);
    const changed = await t.call('/feed?format=json', key, { headers: { ...GZIP, 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(Number(changed.headers.get('x-change-seq'))).toBeGreaterThan(0);

    // without Accept-Encoding gzip the same file comes uncompressed
    const plain = await t.call('/feed?format=ndjson', key);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const lines = (await plain.text()).trim().split('\n');
    expect(lines).toHaveLength(inStock.length);
    expect(JSON.parse(lines[0]!)).toHaveProperty('stock_code');
  });

  it("pins the CSV templates: house (stones and parcels), rapnet and idex (single stones; IDEX's lab-grown names in the lab-grown file)", async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    for (const [template, header] of Object.entries(HEADERS)) {
      const origin = template === 'house' ? '' : '&origin=natural';
      const res = await t.call(`/feed?format=csv&template=${template}${origin}`, key, { headers: GZIP });
      expect(res.status, template).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="facet-stock\.(\w+\.)?\w+\.csv"/);
      const rows = (await unzip(res)).split('\r\n');
      expect(rows[0], template).toBe(header);
      const cols = header.split(',').length;
      expect(rows[1]!.split(',').length).toBeGreaterThanOrEqual(cols);
      if (template !== 'house') expect(rows.some((r) => r.includes(',parcel,'))).toBe(false);
    }
    const lab = await unzip(await t.call('/feed?format=csv&template=idex&origin=lab_grown', key, { headers: GZIP }));
    expect(lab.split('\r\n')[0]).toBe(IDEX_LAB_GROWN);
    const house = await unzip(await t.call('/feed?format=csv&template=house', key, { headers: GZIP }));
    expect(house).toMatch(/,parcel,/);
    expect((await t.call('/feed?format=csv&template=nivoda', key)).status).toBe(400);
    expect((await errorOf(await t.call('/feed?format=xml', key))).msg).toEqual([
      { param: 'format', msg: 'Must be csv, json or ndjson' },
    ]);
  });

  it('makes cells safe against formula injection', async () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const bad of ['+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(bad).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('Round')).toBe('Round');
    expect(csvCell(1.5)).toBe('1.5');
    expect(csvCell('a,b')).toBe('"a,b"');

    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const [first] = await t.db.select().from(diamonds).where(eq(diamonds.inStock, true)).limit(1);
    await t.db
      .update(diamonds)
      .set({ certNumber: '=cmd|"/c calc"!A1', certLab: '@evil', shape: '+Round' })
      .where(eq(diamonds.id, first!.id));
    const rows = (await unzip(await t.call('/feed?format=csv&template=house', key, { headers: GZIP }))).split('\r\n');
    const row = rows.find((r) => r.startsWith(`${first!.stockCode},`))!;
    expect(row).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(row).toContain(",'@evil,");
    expect(row).toContain(",'+Round,");
    expect(row).not.toMatch(/,[=+@]/);
  });

  it('a retail feed carries retail prices and no RAP (the rap_pct column stays empty)', async () => {
    const t = await createLinkTestApp();
    const trade = await linkKeyFor(t, 'trade@example.com', 'trade');
    const retail = await linkKeyFor(t, 'shop@example.com', 'retail', 25);
    const tradeDoc = (
      await body<{ stones: { stock_code: string; price: { amount: string } | null }[] }>(
        await t.call('/feed?format=json&currency=USD', trade),
      )
    ).stones;
    const retailText = await (await t.call('/feed?format=json&currency=USD', retail)).text();
    expect(retailText).not.toMatch(/"rap_pct"/);
    const retailDoc = JSON.parse(retailText) as typeof tradeDoc & { stones: typeof tradeDoc };
    const priced = tradeDoc.find((s) => s.price)!;
    const same = (retailDoc as unknown as { stones: typeof tradeDoc }).stones.find(
      (s) => s.stock_code === priced.stock_code,
    )!;
    expect(Number(same.price!.amount)).toBeCloseTo(Number(priced.price!.amount) * 1.25, 0);
    const csv = (await (await t.call('/feed?format=csv&template=house&currency=USD', retail)).text()).split('\r\n');
    const rapAt = HEADERS.house.split(',').indexOf('rap_pct');
    expect(
      csv
        .slice(1)
        .filter(Boolean)
        .every((r) => r.split(',')[rapAt] === ''),
    ).toBe(true);
    expect((await t.call('/feed', trade)).status).toBe(200);
    expect((await t.call('/feed')).status).toBe(401);
  });
});
