/**
 * The catalogue set in its wire format (decision 004): a lossless columnar form of the list
 * docs, no price column of any kind for visitors, stored gzip and brotli bodies with a strong
 * ETag, a first page cut with the browser's rules, a build that yields to other requests, and
 * an unchanged stock import that keeps updated_at and the set's ETag.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamondMedia, diamonds } from '../../db/tables.ts';
import { cataloguePayload, slimDoc } from '../../api/services/catalogue/payload.ts';
import { toDiamondDoc } from '../../api/services/catalogue/diamond-docs.ts';
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { displayPrice, type FxRate } from '../../src/domain/money.ts';
import { type CatalogueWire } from '../../src/domain/catalogue/wire.ts';
import { columnsOf, decodeCatalogue } from '../../src/domain/catalogue/wire-decode.ts';
import { allDocs, prepareCatalogue, prepareColumns, type CatalogueIndex } from '../../src/domain/catalogue/prepare.ts';
import { createTestApp, errorOf, insertAdmin, insertUser, signIn, type TestApp } from './auth-helpers.ts';

const PRICE_FIELDS = ['price', 'priceOrig', 'ppc', 'ExWebTotal', 'RAP', 'StkWebAvailable'];

/** The list docs as the JSON form had them, straight from the database. */
async function referenceDocs(t: TestApp, authorised: boolean) {
  const with360 = new Set(
    (await t.db.select().from(diamondMedia).where(eq(diamondMedia.type, '360'))).map((m) => m.diamondId),
  );
  const rows = await t.db
    .select()
    .from(diamonds)
    .where(eq(diamonds.inStock, true))
    .orderBy(asc(diamonds.createdAt), asc(diamonds.id));
  return rows.map((r) => slimDoc(toDiamondDoc(r, authorised), with360.has(r.id)));
}

describe('catalogue wire format', () => {
  it('decodes to exactly the list docs, for a visitor and for a trader', async () => {
    const t = await createTestApp();
    const visitor = (await (await t.request('/diamonds/catalogue')).json()) as CatalogueWire;
    expect(visitor.audience).toBe('visitor');
    expect(decodeCatalogue(visitor)).toEqual(await referenceDocs(t, false));
    const agent = await signIn(t, (await insertUser(t.db)).email);
    const trade = (await (await agent.request('/diamonds/catalogue')).json()) as CatalogueWire;
    expect(trade.audience).toBe('trade');
    expect(decodeCatalogue(trade)).toEqual(await referenceDocs(t, true));
  });

  it('indexes the columns exactly as it indexes the docs (every filter and sort column, every stone)', async () => {
    const t = await createTestApp();
    const agent = await signIn(t, (await insertUser(t.db)).email);
    const trade = (await (await agent.request('/diamonds/catalogue')).json()) as CatalogueWire;
    const rates = ((await (await t.request('/site')).json()) as { fxrates: FxRate[] }).fxrates;
    const pricing = { ccy: 'USD', rates };
    const answers = (ix: CatalogueIndex) => ({ ...ix, cols: undefined, made: undefined, docs: allDocs(ix) });
    const fromColumns = prepareColumns(columnsOf(trade), pricing);
    expect(fromColumns.made).toHaveLength(0); // no stone is made until it is asked for
    expect(answers(fromColumns)).toEqual(answers(prepareCatalogue(await referenceDocs(t, true), pricing)));
    expect(fromColumns.labs.length).toBeGreaterThan(1);
    expect(new Set(fromColumns.tab).size).toBeGreaterThan(2); // singles, lab-grown and parcels
  });

  it('gives a visitor no price column of any kind, only special offers their WebSpecial', async () => {
    const t = await createTestApp();
    const text = await (await t.request('/diamonds/catalogue')).text();
    for (const k of PRICE_FIELDS) expect(text).not.toContain(`"${k}"`);
    const wire = JSON.parse(text) as CatalogueWire;
    expect(Object.keys(wire.cols)).not.toEqual(expect.arrayContaining(['price']));
    const special = decodeCatalogue(wire).map((d) => d.WebSpecial ?? null);
    expect(special.filter((v) => v != null).length).toBeGreaterThan(0);
    for (const v of special) if (v != null) expect(v).toBeGreaterThan(0);
    const specials = await t.db
      .select()
      .from(diamonds)
      .where(eq(diamonds.inStock, true))
      .then((rows) => rows.filter((d) => d.webSpecialCents > 0));
    expect(special.filter((v) => v != null)).toHaveLength(specials.length);
  });

  it('sends the stored brotli or gzip body by Accept-Encoding under one strong ETag, 304 on any matching tag', async () => {
    const t = await createTestApp();
    const plain = await t.request('/diamonds/catalogue');
    const raw = Buffer.from(await plain.arrayBuffer());
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"cat-visitor-[\w-]+"$/);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Cookie, Accept-Encoding');

    const br = await t.request('/diamonds/catalogue', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(etag);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('content-length')).toBe(String(brBytes.length));
    expect(brotliDecompressSync(brBytes).equals(raw)).toBe(true);
    expect(brBytes.length).toBeLessThan(raw.length / 2);

    const gz = await t.request('/diamonds/catalogue', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(raw)).toBe(true);

    const again = await t.request('/diamonds/catalogue', { headers: { 'if-none-match': `"cat-trade-x", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // the same bytes are served from memory: nothing is rebuilt while the stock stays
    const first = await cataloguePayload(t.db, 'visitor');
    expect(await cataloguePayload(t.db, 'visitor')).toBe(first);
  });

  it('replaces the quick brotli with the densest when it is ready, and sends that one', async () => {
    const t = await createTestApp();
    const quick = await t.request('/diamonds/catalogue', { headers: { 'accept-encoding': 'br' } });
    const quickBytes = Buffer.from(await quick.arrayBuffer());
    const body = await cataloguePayload(t.db, 'visitor');
    await expect.poll(() => body.br.length, { timeout: 30_000 }).toBeLessThan(quickBytes.length);
    const dense = await t.request('/diamonds/catalogue', { headers: { 'accept-encoding': 'br' } });
    const denseBytes = Buffer.from(await dense.arrayBuffer());
    expect(denseBytes.length).toBe(body.br.length);
    expect(dense.headers.get('content-length')).toBe(String(denseBytes.length));
    expect(dense.headers.get('etag')).toBe(quick.headers.get('etag'));
    expect(brotliDecompressSync(denseBytes).equals(brotliDecompressSync(quickBytes))).toBe(true);
  });

  it('builds a large set in slices, letting other work run in between', { timeout: 90_000 }, async () => {
    const t = await createTestApp({ stones: 6_000 }); // two slices of SLICE (5,000) rows
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const health = Promise.resolve(t.request('/health')).then((r) => ({ status: r.status, before: !done }));
    const body = await cataloguePayload(t.db, 'trade');
    done = true;
    expect(body.stones).toBe((await t.db.select().from(diamonds).where(eq(diamonds.inStock, true))).length);
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(await health).toEqual({ status: 200, before: true });
  });
});

describe('GET /diamonds/catalogue/first', () => {
  it('answers the first page of the default list with the browser rules, without prices for a visitor', async () => {
    const t = await createTestApp();
    const res = await t.request('/diamonds/catalogue/first?path=/diamonds/all&search=&width=1440');
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const k of PRICE_FIELDS) expect(text).not.toContain(`"${k}"`);
    const first = JSON.parse(text) as {
      docs: { _id: number; StkCatType: string }[];
      total: number;
      address: string;
      tab: number;
    };
    const singles = (await referenceDocs(t, false)).filter(
      (d) => d.StkCatType === 'Single Item' && d.Source !== 'Lab Grown',
    );
    expect(first).toMatchObject({ tab: 0, address: '/diamonds/all', total: singles.length });
    expect(first.docs.map((d) => d._id)).toEqual(singles.slice(0, 100).map((d) => d._id));
  });

  it("follows the address: a shape route, a sort and a phone's page size", async () => {
    const t = await createTestApp();
    const agent = await signIn(t, (await insertUser(t.db)).email);
    const res = await agent.request(
      '/diamonds/catalogue/first?path=/diamonds/all/oval&search=' + encodeURIComponent('?sort=-price') + '&width=390',
    );
    const first = (await res.json()) as {
      docs: { StkShape: string; price: number }[];
      address: string;
      ccy: string;
      total: number;
    };
    expect(first.address).toBe('/diamonds/all?sort=-price&shape=oval');
    expect(first.total).toBeGreaterThan(1);
    expect(first.docs).toHaveLength(Math.min(25, first.total));
    for (const d of first.docs) expect(d.StkShape).toBe('Oval');
    expect(first.ccy).toBeTruthy();
    const site = (await (await agent.request('/site')).json()) as { fxrates: FxRate[] };
    const shown = first.docs.map((d) => displayPrice(d as unknown as DiamondDoc, first.ccy, site.fxrates)?.amount ?? 0);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
  });

  it('refuses a malformed width or path with 400', async () => {
    const t = await createTestApp();
    for (const q of ['width=wide', 'path=diamonds']) {
      const res = await t.request(`/diamonds/catalogue/first?${q}`);
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).msg).toBeTruthy();
    }
  });
});

describe('an unchanged stock import', () => {
  it('keeps every updated_at and the ETag of the set; a changed price moves both', async () => {
    const t = await createTestApp();
    const staff = await signIn(t, (await insertAdmin(t.db)).email);
    const feed =
      'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price\nUNCH-1,Round,1.01,G,VS1,7450\nUNCH-2,Oval,0.72,E,VVS2,980\n';
    const upload = (csv: string) => {
      const form = new FormData();
      form.set('file', new File([csv], 'feed.csv'));
      form.set('mode', 'apply');
      return staff.request('/admin/stock-import', { method: 'POST', body: form });
    };
    const rowsOf = () => t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'UNCH-1'));
    expect((await upload(feed)).status).toBe(200);
    const before = await rowsOf();
    const etag = (await t.request('/diamonds/catalogue')).headers.get('etag')!;
    t.clock.advance(60_000);

    const again = await upload(feed);
    expect(await again.json()).toMatchObject({ applied: true, updated: 0, unchanged: 2, written: 0 });
    expect(await rowsOf()).toEqual(before);
    const same = await t.request('/diamonds/catalogue', { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);

    t.clock.advance(60_000);
    expect(await (await upload(feed.replace('7450', '7500'))).json()).toMatchObject({ written: 1 });
    expect((await rowsOf())[0]!.updatedAt.getTime()).toBeGreaterThan(before[0]!.updatedAt.getTime());
    expect((await t.request('/diamonds/catalogue', { headers: { 'if-none-match': etag } })).status).toBe(200);
  });
});
