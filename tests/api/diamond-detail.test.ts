/**
 * GET /api/v1/diamonds/:id and its extras (images, certificates, certificate, related):
 * the visitor price rule, 404 for unknown ids, inStock false for stones that left the stock,
 * the sign-in gate on certificates, and that /diamonds/catalogue is not taken for an id.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamondCertificates, diamondMedia, diamonds } from '../../db/tables.ts';
import type { DetailDoc } from '../../api/routes/diamond-detail.ts';
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { createTestApp, errorOf, signIn, type TestApp } from './auth-helpers.ts';

const PRICE_FIELDS = ['price', 'priceOrig', 'ppc', 'ExWebTotal', 'RAP', 'StkWebAvailable'] as const;
const TRADER = 'trader@facet.trade';
const TRADER_PASSWORD = 'Trader#2026';

async function stoneWith(t: TestApp, type: '360' | 'image'): Promise<number> {
  const row = (
    await t.db.select({ id: diamondMedia.diamondId }).from(diamondMedia).where(eq(diamondMedia.type, type))
  )[0];
  if (!row) throw new Error(`the seed has no stone with ${type} media`);
  return row.id;
}

async function certifiedStone(t: TestApp): Promise<number> {
  const row = (await t.db.select({ id: diamondCertificates.diamondId }).from(diamondCertificates))[0];
  if (!row) throw new Error('the seed has no certificate');
  return row.id;
}

async function uncertifiedStone(t: TestApp): Promise<number> {
  const all = (await t.db.select({ id: diamonds.id }).from(diamonds)).map((r) => r.id);
  const certified = new Set(
    (await t.db.select({ id: diamondCertificates.diamondId }).from(diamondCertificates)).map((r) => r.id),
  );
  const id = all.find((x) => !certified.has(x));
  if (id == null) throw new Error('every stone is certified');
  return id;
}

describe('GET /diamonds/:id', () => {
  it('answers one stone without prices for a visitor and with them when signed in', async () => {
    const t = await createTestApp();
    const id = 1;
    const res = await t.request(`/diamonds/${id}`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as DetailDoc;
    expect(doc._id).toBe(id);
    expect(doc.inStock).toBe(true);
    for (const f of PRICE_FIELDS) expect(doc).not.toHaveProperty(f);

    const agent = await signIn(t, TRADER, TRADER_PASSWORD);
    const priced = (await (await agent.request(`/diamonds/${id}`)).json()) as DetailDoc;
    expect(priced.StkWebAvailable).toBeDefined();
    expect(priced.price !== undefined || priced.ppc !== undefined).toBe(true);
  });

  it('answers 404 diamond_not_found for an unknown id', async () => {
    const t = await createTestApp();
    const res = await t.request('/diamonds/999999');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).msg).toBe('diamond_not_found');
    expect((await t.request('/diamonds/999999/images')).status).toBe(404);
  });

  it('answers a stone that left the stock with inStock false', async () => {
    const t = await createTestApp();
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, 2));
    const doc = (await (await t.request('/diamonds/2')).json()) as DetailDoc;
    expect(doc.inStock).toBe(false);
    expect(doc._id).toBe(2);
  });

  it('leaves /diamonds/catalogue to its own route', async () => {
    const t = await createTestApp();
    const res = await t.request('/diamonds/catalogue');
    expect(res.status).not.toBe(404);
  });
});

describe('GET /diamonds/:id/images', () => {
  it('answers the 360 set with framesCount and format', async () => {
    const t = await createTestApp();
    const items = (await (await t.request(`/diamonds/${await stoneWith(t, '360')}/images`)).json()) as {
      type: string;
      src: string;
      framesCount?: number;
      format?: string;
    }[];
    expect(items.find((i) => i.type === '360')).toEqual({
      type: '360',
      src: '/media/360/round/',
      framesCount: 36,
      format: 'svg',
    });
  });

  it('answers gallery images and an empty array for a stone without media', async () => {
    const t = await createTestApp();
    const items = (await (await t.request(`/diamonds/${await stoneWith(t, 'image')}/images`)).json()) as {
      type: string;
    }[];
    expect(items.filter((i) => i.type === 'image').length).toBeGreaterThanOrEqual(2);
    await t.db.delete(diamondMedia).where(eq(diamondMedia.diamondId, 1));
    expect(await (await t.request('/diamonds/1/images')).json()).toEqual([]);
  });
});

describe('certificates', () => {
  it('asks a visitor to sign in (401) for the certificate and the list', async () => {
    const t = await createTestApp();
    const id = await certifiedStone(t);
    for (const path of [`/diamonds/${id}/certificate`, `/diamonds/${id}/certificates`]) {
      const res = await t.request(path);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).msg).toBe('not_signed_in');
    }
  });

  it('gives a signed-in user the PDF link at report1.links.pdf', async () => {
    const t = await createTestApp();
    const id = await certifiedStone(t);
    const agent = await signIn(t, TRADER, TRADER_PASSWORD);
    const body = (await (await agent.request(`/diamonds/${id}/certificate`)).json()) as {
      report1: { links: { pdf: string } };
    };
    expect(body.report1.links.pdf).toBe(`/api/v1/diamonds/${id}/certificates/1`);
    expect(await (await agent.request(`/diamonds/${id}/certificates`)).json()).toEqual([
      { src: body.report1.links.pdf },
    ]);
  });

  it('keeps the sign-in rule on the PDF file itself', async () => {
    const t = await createTestApp();
    const id = await certifiedStone(t);
    const visitor = await t.request(`/diamonds/${id}/certificates/1`);
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).msg).toBe('not_signed_in');

    const agent = await signIn(t, TRADER, TRADER_PASSWORD);
    const res = await agent.request(`/diamonds/${id}/certificates/1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    for (const n of ['2', '0']) expect((await agent.request(`/diamonds/${id}/certificates/${n}`)).status).toBe(404);
  });

  it('never serves a file outside the certificates folder, whatever the stored src says', async () => {
    const t = await createTestApp();
    const id = await certifiedStone(t);
    await t.db
      .update(diamondCertificates)
      .set({ src: '../../package.json' })
      .where(eq(diamondCertificates.diamondId, id));
    const agent = await signIn(t, TRADER, TRADER_PASSWORD);
    const res = await agent.request(`/diamonds/${id}/certificates/1`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).msg).toBe('certificate_not_found');
  });

  it('answers 404 certificate_not_found for a stone without one', async () => {
    const t = await createTestApp();
    const agent = await signIn(t, TRADER, TRADER_PASSWORD);
    const res = await agent.request(`/diamonds/${await uncertifiedStone(t)}/certificate`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).msg).toBe('certificate_not_found');
  });
});

describe('GET /diamonds/:id/related', () => {
  it('answers up to 9 in-stock stones of the same shape and category, never the stone itself', async () => {
    const t = await createTestApp();
    const stone = (await (await t.request('/diamonds/1')).json()) as DetailDoc;
    const related = (await (await t.request('/diamonds/1/related')).json()) as DiamondDoc[];
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(9);
    for (const r of related) {
      expect(r._id).not.toBe(1);
      expect(r.StkShape.toLowerCase()).toBe(stone.StkShape.toLowerCase());
      expect(r.StkCatType).toBe(stone.StkCatType);
      expect(r.Source).toBe(stone.Source);
      for (const f of PRICE_FIELDS) expect(r).not.toHaveProperty(f);
    }
  });
});
