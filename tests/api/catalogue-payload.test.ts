/**
 * GET /api/v1/diamonds/catalogue: the full in-stock list for the browser-side catalogue
 * (decision 003). Visitors get no prices, ppc, RAP or availability (special offers keep
 * WebSpecial); signed-in users get them; repeat loads are 304 by ETag.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTx } from '../../db/client.ts';
import { diamondMedia, diamonds } from '../../db/tables.ts';
import { bumpVersion } from '../../api/services/site/versions.ts';
import { latestSeq, lockStock, recordStockChanges } from '../../api/services/link/change-log.ts';
import { decodeCatalogue } from '../../src/domain/catalogue/wire-decode.ts';
import { createTestApp, insertUser, signIn } from './auth-helpers.ts';

type Doc = Record<string, unknown> & { _id: number; WebSpecial?: number; has360?: boolean };
type Payload = { docs: Doc[]; totalDocs: number };

/** The list body decoded from its wire format into docs. */
const payloadOf = async (res: Response): Promise<Payload> => {
  const docs = decodeCatalogue(await res.json()) as Doc[];
  return { docs, totalDocs: docs.length };
};

const PRICE_KEYS = ['price', 'priceOrig', 'ppc', 'ExWebTotal', 'RAP', 'StkWebAvailable'];

describe('GET /diamonds/catalogue', () => {
  it('answers every in-stock stone to a visitor without price, ppc, RAP or availability', async () => {
    const t = await createTestApp();
    const res = await t.request('/diamonds/catalogue');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const body = await payloadOf(res);
    const inStock = await t.db.select().from(diamonds).where(eq(diamonds.inStock, true));
    expect(body.totalDocs).toBe(inStock.length);
    expect(body.docs).toHaveLength(inStock.length);
    for (const d of body.docs) for (const k of PRICE_KEYS) expect(d, `${k} of ${d._id}`).not.toHaveProperty(k);
    const specials = body.docs.filter((d) => d.WebSpecial != null);
    expect(specials.length).toBeGreaterThan(0);
    for (const d of specials) expect(d.WebSpecial).toBeGreaterThan(0);
  });

  it('gives a signed-in user prices, RAP and availability', async () => {
    const t = await createTestApp();
    const user = await insertUser(t.db);
    const agent = await signIn(t, user.email);
    const body = await payloadOf(await agent.request('/diamonds/catalogue'));
    const singles = body.docs.filter((d) => d.StkCatType === 'Single Item');
    const parcels = body.docs.filter((d) => d.StkCatType === 'Multiple Items');
    expect(singles.some((d) => typeof d.price === 'number')).toBe(true);
    expect(singles.some((d) => typeof d.RAP === 'number')).toBe(true);
    expect(parcels.some((d) => typeof d.ppc === 'number')).toBe(true);
    expect(body.docs.every((d) => [1, 2, 3].includes(d.StkWebAvailable as number))).toBe(true);
  });

  it('carries only the list fields (no comments, descriptions or proportions)', async () => {
    const t = await createTestApp();
    const body = await payloadOf(await t.request('/diamonds/catalogue'));
    for (const k of ['Comments', 'StkDesc', 'StkCulet', 'StkDepth_Crown', 'img', 'imgSide']) {
      expect(body.docs.some((d) => k in d)).toBe(false);
    }
    expect(body.docs[0]).toMatchObject({
      _id: expect.any(Number),
      StkCodeCalcNS: expect.any(String),
      STWeight: expect.any(Number),
    });
  });

  it('flags the stones that have a 360 frame set', async () => {
    const t = await createTestApp();
    const body = await payloadOf(await t.request('/diamonds/catalogue'));
    const with360 = new Set(
      (await t.db.select().from(diamondMedia).where(eq(diamondMedia.type, '360'))).map((m) => m.diamondId),
    );
    for (const d of body.docs) expect(Boolean(d.has360), `stone ${d._id}`).toBe(with360.has(d._id));
  });

  it('answers 304 to a repeat load with the ETag, and a new body after the stock changes', async () => {
    const t = await createTestApp();
    const first = await t.request('/diamonds/catalogue');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.request('/diamonds/catalogue', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const sold = (await payloadOf(first)).docs[0]!._id;
    // a stock writer bumps the stock version in its transaction (api/services/site/versions.ts)
    await writeTx(t.db, async (tx) => {
      await tx.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, sold));
      await bumpVersion(tx, 'stock');
    });
    const after = await t.request('/diamonds/catalogue', { headers: { 'if-none-match': etag! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const body = await payloadOf(after);
    expect(body.docs.some((d) => d._id === sold)).toBe(false);
  });

  it("names the live stream's sequence each body is current from, on the 200 and the 304", async () => {
    const t = await createTestApp();
    const first = await t.request('/diamonds/catalogue');
    const before = await latestSeq(t.db);
    expect(first.headers.get('facet-live-seq')).toBe(String(before));
    const sold = (await payloadOf(first)).docs[0]!;
    await writeTx(t.db, async (tx) => {
      await lockStock(tx);
      await tx.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, sold._id));
      const change = { stockCode: String(sold.StkCodeCalcNS), kind: 'removed' as const, fields: [] };
      await recordStockChanges(tx, [change], { now: Date.now(), retentionDays: 30 });
    });
    const after = await t.request('/diamonds/catalogue', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(Number(after.headers.get('facet-live-seq'))).toBe(await latestSeq(t.db));
    expect(Number(after.headers.get('facet-live-seq'))).toBeGreaterThan(before);
    const again = await t.request('/diamonds/catalogue', { headers: { 'if-none-match': after.headers.get('etag')! } });
    expect([again.status, again.headers.get('facet-live-seq')]).toEqual([304, after.headers.get('facet-live-seq')]);
  });

  it("never answers a visitor's ETag with 304 once signed in", async () => {
    const t = await createTestApp();
    const visitorTag = (await t.request('/diamonds/catalogue')).headers.get('etag')!;
    const user = await insertUser(t.db);
    const agent = await signIn(t, user.email);
    const res = await agent.request('/diamonds/catalogue', { headers: { 'if-none-match': visitorTag } });
    expect(res.status).toBe(200);
    const body = await payloadOf(res);
    expect(body.docs.some((d) => 'price' in d)).toBe(true);
  });
});
