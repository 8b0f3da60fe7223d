/**
 * Client pages through the site API: a trader makes a page from a selection, lists, changes and
 * revokes it; a client reads it without signing in; limits, validation, another trader's page,
 * expiry, revoking, the view count, sold stones and the logo.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clientPages, diamondMedia, diamonds, uploads } from '../../db/tables.ts';
import { CLIENT_PAGE_MAX_STONES, CLIENT_PAGES_MAX_LIVE } from '../../src/domain/client-pages/schema.ts';
import { gradeRows, type ClientPageView, type PublicClientPage } from '../../src/domain/client-pages/view.ts';
import { errorOf } from './auth-helpers.ts';
import {
  clientPageSetup,
  clientView,
  makePage,
  pageInput,
  readAsClient,
  stoneOf,
  tokenOf,
} from './client-page-fixtures.ts';

const HOUR = 3600_000;

describe('making a client page', () => {
  it('makes a page at an unguessable address that a client reads without signing in', async () => {
    const { t, agent, single, parcel } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id, parcel.id], { title: 'Engagement shortlist' }));
    expect(page.url).toMatch(/^\/client\/[A-Za-z0-9_-]{43}$/);
    expect(page).toMatchObject({ title: 'Engagement shortlist', markupPct: 25, currency: 'GBP', stoneCount: 2 });
    expect(page.companyName).toBe('Hartley & Vane Fine Jewellery Ltd');
    expect(page.state).toBe('live');
    expect(page.hideStockCode).toBe(true);

    const again = await makePage(agent, pageInput([single.id]));
    expect(tokenOf(again)).not.toBe(tokenOf(page));

    const res = await readAsClient(t, page);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await clientView(t, page);
    expect(body.title).toBe('Engagement shortlist');
    expect(body.stones.map((s) => s.kind)).toEqual(['stone', 'parcel']);
    expect(body.stones[0]).toMatchObject({ available: true, shape: single.shape, carat: single.weight });
    expect(body.stones[0]!.price).toMatchObject({ currency: 'GBP', unit: 'stone' });
    expect(body.stones[1]!.price).toMatchObject({ currency: 'GBP', unit: 'carat' });
    expect(body.stones.every((s) => s.stockCode === undefined)).toBe(true);
  });

  it('shows stock codes only when the trader chooses to', async () => {
    const { t, agent, single } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id], { hideStockCode: false }));
    expect((await clientView(t, page)).stones[0]!.stockCode).toBe(single.stockCode);
  });

  it('with stock codes hidden, leaves out all that leads back to the stone: certificate number, photos named after it', async () => {
    const { t, agent, single } = await clientPageSetup();
    await t.db.update(diamonds).set({ certNumber: '7421093385' }).where(eq(diamonds.id, single.id));
    await t.db.delete(diamondMedia).where(eq(diamondMedia.diamondId, single.id));
    const code = single.stockCode;
    const photos = [
      `/media/stock/${code.toLowerCase()}-1.jpg`, // the stock code, in another case
      `/media/stock/${code.replace(/[^A-Za-z0-9]/g, '')}_face.png`, // without its separators
      '/media/certs/GIA-7421093385.jpg', // the certificate number
      `/media/stones/${single.id}/front.jpg`, // the stone's id
      '/media/gallery/round-2.svg', // nothing of the stone
    ];
    await t.db
      .insert(diamondMedia)
      .values(photos.map((src, position) => ({ diamondId: single.id, type: 'image' as const, src, position })));

    const hidden = await makePage(agent, pageInput([single.id]));
    const res = await readAsClient(t, hidden);
    const text = await res.text();
    for (const mark of [code, code.replace(/[^A-Za-z0-9]/g, ''), '7421093385', `/${single.id}/`])
      expect(text.toLowerCase(), mark).not.toContain(mark.toLowerCase());
    const stone = (JSON.parse(text) as PublicClientPage).stones[0]!;
    expect(stone.certificateNumber).toBeUndefined();
    expect(stone.images).toEqual(['/media/gallery/round-2.svg']);
    expect(stone.certificateUrl).toBe(`/api/v1/client-pages/public/${tokenOf(hidden)}/certificates/1`);
    expect(gradeRows(stone).map(([label]) => label)).not.toContain('Certificate');

    const shown = (await clientView(t, await makePage(agent, pageInput([single.id], { hideStockCode: false }))))
      .stones[0]!;
    expect(shown).toMatchObject({ stockCode: code, certificateNumber: '7421093385', images: photos });
  });

  it('refuses bad input with field errors, and visitors with 401', async () => {
    const { t, agent, single } = await clientPageSetup();
    const cases: [Record<string, unknown>, string][] = [
      [pageInput([single.id], { title: '  ' }), 'title'],
      [pageInput([single.id], { markupPct: -1 }), 'markupPct'],
      [pageInput([single.id], { markupPct: 300.1 }), 'markupPct'],
      [pageInput([single.id], { markupPct: 12.55 }), 'markupPct'],
      [pageInput([single.id], { markupPct: '10' }), 'markupPct'],
      [pageInput([single.id], { currency: 'CHF' }), 'currency'],
      [pageInput([]), 'diamondIds'],
      [pageInput(Array.from({ length: CLIENT_PAGE_MAX_STONES + 1 }, (_, i) => i + 1)), 'diamondIds'],
      [pageInput([single.id], { expiresAt: 'tomorrow' }), 'expiresAt'],
      [pageInput([single.id], { expiresAt: new Date(t.clock.now() - HOUR).toISOString() }), 'expiresAt'],
    ];
    for (const [body, param] of cases) {
      const res = await agent.json('/client-pages', 'POST', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { msg } = await errorOf(res);
      expect(Array.isArray(msg) && msg.map((m) => m.param)).toContain(param);
    }
    expect((await t.json('/client-pages', 'POST', pageInput([single.id]))).status).toBe(401);
    expect((await t.request('/client-pages')).status).toBe(401);
    expect(await t.db.select().from(clientPages)).toHaveLength(0);
  });

  it('takes a markup of 0 to 300 % with one decimal, and stones in stock only', async () => {
    const { t, agent, single } = await clientPageSetup();
    expect((await makePage(agent, pageInput([single.id], { markupPct: 0 }))).markupPct).toBe(0);
    expect((await makePage(agent, pageInput([single.id], { markupPct: 300 }))).markupPct).toBe(300);
    expect((await makePage(agent, pageInput([single.id], { markupPct: 12.5 }))).markupPct).toBe(12.5);
    const sold = await stoneOf(t, 'Single Item', 3);
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, sold.id));
    const res = await agent.json('/client-pages', 'POST', pageInput([single.id, sold.id, 99_999_999]));
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err.msg).toBe('stone_unavailable');
    expect(err.options).toEqual({ ids: [sold.id, 99_999_999] });
  });

  it(`keeps at most ${CLIENT_PAGES_MAX_LIVE} live pages per trader; revoked pages do not count`, async () => {
    const { t, agent, second, single } = await clientPageSetup();
    const me = (await agent.request('/me').then((r) => r.json())) as { user: { _id: number } };
    await t.db.insert(clientPages).values(
      Array.from({ length: CLIENT_PAGES_MAX_LIVE }, (_, i) => ({
        userId: me.user._id,
        token: `t${String(i).padStart(42, '0')}`,
        title: `Page ${i}`,
        companyName: 'Facet Demo Jewellers',
        markupTenths: 100,
        currency: 'GBP' as const,
        diamondIds: [single.id],
      })),
    );
    const res = await agent.json('/client-pages', 'POST', pageInput([single.id]));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).msg).toBe('client_page_limit');
    expect((await second.json('/client-pages', 'POST', pageInput([single.id]))).status).toBe(201);
    const first = ((await agent.request('/client-pages').then((r) => r.json())) as { docs: ClientPageView[] }).docs[0]!;
    expect((await agent.request(`/client-pages/${first.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await agent.json('/client-pages', 'POST', pageInput([single.id]))).status).toBe(201);
  });
});

describe('the trader manages their pages', () => {
  it("lists only the trader's own pages; another trader's page is a 404", async () => {
    const { agent, second, single } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id]));
    await makePage(second, pageInput([single.id], { title: 'Theirs' }));
    const mine = (await (await agent.request('/client-pages')).json()) as { docs: ClientPageView[] };
    expect(mine.docs.map((d) => d.title)).toEqual(['For Mrs Patel']);
    expect((await second.json(`/client-pages/${page.id}`, 'PATCH', { title: 'Mine now' })).status).toBe(404);
    expect((await second.request(`/client-pages/${page.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await agent.request('/client-pages/abc', { method: 'DELETE' })).status).toBe(404);
  });

  it('changes title, markup, currency and expiry; the client sees the change at once', async () => {
    const { t, agent, single } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id], { markupPct: 10, currency: 'USD' }));
    const before = (await clientView(t, page)).stones[0]!.price!.amount;
    const at = new Date(t.clock.now() + 24 * HOUR).toISOString();
    const res = await agent.json(`/client-pages/${page.id}`, 'PATCH', {
      title: 'Revised',
      markupPct: 20,
      currency: 'EUR',
      expiresAt: at,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: 'Revised', markupPct: 20, currency: 'EUR', expiresAt: at });
    const after = await clientView(t, page);
    expect(after.title).toBe('Revised');
    expect(after.stones[0]!.price).toMatchObject({ currency: 'EUR' });
    expect(after.stones[0]!.price!.amount).not.toBe(before);
    const bad = await agent.json(`/client-pages/${page.id}`, 'PATCH', { markupPct: 301 });
    expect(bad.status).toBe(400);
  });

  it('a revoked page answers 410 to the client and cannot be changed', async () => {
    const { t, agent, single } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id]));
    const res = await agent.request(`/client-pages/${page.id}`, { method: 'DELETE' });
    expect(await res.json()).toMatchObject({ state: 'revoked' });
    const gone = await readAsClient(t, page);
    expect(gone.status).toBe(410);
    expect((await errorOf(gone)).msg).toBe('client_page_revoked');
    expect((await agent.json(`/client-pages/${page.id}`, 'PATCH', { title: 'Again' })).status).toBe(410);
  });

  it('an expired page answers 410; an unknown token 404', async () => {
    const { t, agent, single } = await clientPageSetup();
    const page = await makePage(
      agent,
      pageInput([single.id], { expiresAt: new Date(t.clock.now() + HOUR).toISOString() }),
    );
    expect((await readAsClient(t, page)).status).toBe(200);
    t.clock.advance(HOUR + 1);
    const res = await readAsClient(t, page);
    expect(res.status).toBe(410);
    expect((await errorOf(res)).msg).toBe('client_page_expired');
    const list = (await (await agent.request('/client-pages')).json()) as { docs: ClientPageView[] };
    expect(list.docs[0]!.state).toBe('expired');
    const unknown = await t.request(`/client-pages/public/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).msg).toBe('client_page_not_found');
    expect((await t.request('/client-pages/public/short')).status).toBe(404);
  });

  it("counts each client's read, not the trader's own", async () => {
    const { t, agent, single } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id]));
    await Promise.all([readAsClient(t, page), readAsClient(t, page), readAsClient(t, page)]);
    await agent.request(`/client-pages/public/${tokenOf(page)}`);
    const list = (await (await agent.request('/client-pages')).json()) as { docs: ClientPageView[] };
    expect(list.docs[0]!.views).toBe(3);
  });

  it('shows a stone sold since as no longer available, without a price or certificate', async () => {
    const { t, agent, single } = await clientPageSetup();
    const other = await stoneOf(t, 'Single Item', 1);
    const page = await makePage(agent, pageInput([single.id, other.id]));
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, single.id));
    const body = await clientView(t, page);
    expect(body.stones[0]).toMatchObject({ available: false, price: null, certificateUrl: null });
    expect(body.stones[1]!.available).toBe(true);
  });
});

describe('the certificate link', () => {
  it("opens the stone's certificate through the page while it is live, and no other file", async () => {
    const { t, agent, single } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id]));
    const url = (await clientView(t, page)).stones[0]!.certificateUrl;
    expect(url).toBe(`/api/v1/client-pages/public/${tokenOf(page)}/certificates/1`);
    const res = await t.request(url!.replace('/api/v1', ''));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    for (const n of ['2', '0', 'x'])
      expect((await t.request(`/client-pages/public/${tokenOf(page)}/certificates/${n}`)).status).toBe(404);
    await agent.request(`/client-pages/${page.id}`, { method: 'DELETE' });
    expect((await t.request(url!.replace('/api/v1', ''))).status).toBe(410);
  });
});

describe('the logo', () => {
  const png = () =>
    sharp({ create: { width: 60, height: 20, channels: 3, background: '#111111' } })
      .png()
      .toBuffer();
  const form = (file: File) => {
    const f = new FormData();
    f.append('src', file);
    return f;
  };

  it('is re-encoded, stored in the database and shown to the client; a non-image or one over 4,000 px is a 400', async () => {
    const { t, agent, second, single } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id]));
    const path = `/client-pages/${page.id}/logo`;
    const bad = await agent.request(path, { method: 'PUT', body: form(new File(['<svg/>'], 'logo.png')) });
    expect(bad.status).toBe(400);
    const wide = await sharp({ create: { width: 4001, height: 1, channels: 3, background: '#111111' } })
      .png()
      .toBuffer();
    const tooWide = await agent.request(path, { method: 'PUT', body: form(new File([wide], 'logo.png')) });
    expect(tooWide.status).toBe(400);
    expect(JSON.stringify(await errorOf(tooWide))).toContain('4,000 × 4,000 pixels');
    expect((await second.request(path, { method: 'PUT', body: form(new File([await png()], 'l.png')) })).status).toBe(
      404,
    );
    const res = await agent.request(path, { method: 'PUT', body: form(new File([await png()], 'logo.png')) });
    expect(res.status).toBe(200);
    const view = (await res.json()) as ClientPageView;
    expect(view.logoUrl).toMatch(/^\/uploads\/[a-f0-9]{24}\.png$/);
    expect((await clientView(t, page)).logoUrl).toBe(view.logoUrl);
    expect(await t.db.select({ name: uploads.name }).from(uploads)).toHaveLength(1);
    // a new logo replaces the old one, removing it
    await agent.request(path, { method: 'PUT', body: form(new File([await png()], 'logo2.png')) });
    expect(await t.db.select({ name: uploads.name }).from(uploads)).toHaveLength(1);
    expect((await agent.request(path, { method: 'DELETE' })).status).toBe(200);
    expect(await t.db.select({ name: uploads.name }).from(uploads)).toHaveLength(0);
    expect((await clientView(t, page)).logoUrl).toBeNull();
  });

  it("takes a trader's logo past the 64 KiB of other trader bodies, up to the 5 MB image limit", async () => {
    const { agent, single } = await clientPageSetup();
    const page = await makePage(agent, pageInput([single.id]));
    const path = `/client-pages/${page.id}/logo`;
    const noisy = await sharp({
      create: {
        width: 500,
        height: 300,
        channels: 3,
        background: '#222222',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(64 * 1024);
    expect((await agent.request(path, { method: 'PUT', body: form(new File([noisy], 'logo.png')) })).status).toBe(200);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(noisy.subarray(0, 1024));
    const res = await agent.request(path, { method: 'PUT', body: form(new File([big], 'big.png')) });
    expect(res.status).toBe(413);
  });
});
