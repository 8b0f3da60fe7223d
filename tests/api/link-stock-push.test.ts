/**
 * API Link's stock push (api/link/stock.ts): `stock` keys made by staff only, the scope rules,
 * pushes of rows and files through the one import core, the single-stone calls, limits and
 * concurrency. Every answer is held against the OpenAPI document by the test app.
 */
import { and, count, eq, gte, lte } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../api/services/platform/after-response.ts';
import { tableFile } from '../../api/services/stock-import/parse.ts';
import { tableOfStone } from '../../api/services/stock-import/push.ts';
import { runImport } from '../../api/services/stock-import/runs.ts';
import { pullMediaLinks, writeMediaLinks } from '../../api/services/stock-media/links.ts';
import {
  diamondCertificates,
  diamondMedia,
  diamonds,
  holds,
  stockChanges,
  stockImports,
  uploads,
} from '../../db/tables.ts';
import { errorOf, insertAdmin, insertUser, signIn } from './auth-helpers.ts';
import { createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';
import { startFileServer } from '../support/file-server.ts';

type Run = {
  id: number | null;
  status: string;
  mode: string;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  out_of_stock: number;
  skipped: number;
  skipped_rows: { row: number; column: string; value: string; reason: string }[];
  changes: { from: number; to: number } | null;
};

async function setup(env: Record<string, string> = {}) {
  const t = await createLinkTestApp({ env });
  const admin = await insertAdmin(t.db, { firstName: 'Sam', lastName: 'Stock' });
  const staff = await signIn(t, admin.email);
  const made = await staff.json('/admin/stock-import/api-keys', 'POST', { name: 'ERP push' });
  expect(made.status).toBe(201);
  const { key } = (await made.json()) as { key: string };
  const json = (method: string, path: string, body: unknown, k = key) =>
    t.call(path, k, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { t, admin, staff, key, json };
}

const stockState = async (t: LinkTestApp) => JSON.stringify(await t.db.select().from(diamonds).orderBy(diamonds.id));
const changesOf = async (t: LinkTestApp, code?: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(stockChanges)
      .where(code ? eq(stockChanges.stockCode, code) : undefined)
  )[0]?.n ?? 0;
const aStone = async (t: LinkTestApp) =>
  (
    await t.db
      .select()
      .from(diamonds)
      .where(and(eq(diamonds.inStock, true), eq(diamonds.catType, 'Single Item')))
      .limit(1)
  )[0]!;
const row = (code: string, colour = 'G') => ({
  StkCodeCalcNS: code,
  StkShape: 'Round',
  STWeight: 1.01,
  Colour: colour,
  Clarity: 'VS1',
  price: 7450,
});

describe('stock keys', () => {
  it('are made by staff only; a stock key pushes and reads /me, nothing else; no other key pushes', async () => {
    const { t, staff, key, json } = await setup();
    expect(key).toMatch(/^ftk_s_/);
    const listed = (await (await staff.request('/admin/stock-import/api-keys')).json()) as {
      docs: { scope: string; holder: string }[];
    };
    expect(listed.docs).toEqual([expect.objectContaining({ scope: 'stock', holder: 'Sam Stock' })]);

    // a customer cannot make one
    const buyer = await insertUser(t.db, { email: 'erp@jeweller.example', apiAllow: true });
    const customer = await signIn(t, buyer.email);
    const refused = await customer.json('/profile/api-keys', 'POST', { name: 'x', scope: 'stock' });
    expect(refused.status).toBe(400);

    const code = (await aStone(t)).stockCode;
    for (const scope of ['trade', 'retail', 'test'] as const) {
      const other = await linkKeyFor(t, `${scope}@jeweller.example`, scope);
      for (const [method, path, body] of [
        ['POST', '/stock/imports', { rows: [row('X-1')] }],
        ['PUT', `/stock/${code}`, { price: 1 }],
        ['PATCH', `/stock/${code}`, { price: 1 }],
        ['DELETE', `/stock/${code}`, undefined],
        ['GET', '/stock/imports/1', undefined],
      ] as const) {
        const res = body ? await json(method, path, body, other) : await t.call(path, other, { method });
        expect(res.status, `${scope} ${method} ${path}`).toBe(403);
        expect((await errorOf(res)).msg).toBe('scope_not_allowed');
      }
    }
    for (const path of ['/stones', `/stones/${code}`, '/requests', '/holds', '/changes', '/feed', '/webhooks']) {
      const res = await t.call(path, key);
      expect(res.status, path).toBe(403);
      expect((await errorOf(res)).msg).toBe('scope_not_allowed');
    }
    expect((await t.call('/me', key)).status).toBe(200);

    // a revoked stock key stops at once
    const id = ((await (await staff.request('/admin/stock-import/api-keys')).json()) as { docs: { id: number }[] })
      .docs[0]!.id;
    expect((await staff.request(`/admin/stock-import/api-keys/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await t.call('/me', key)).status).toBe(401);
  });
});

describe('POST /stock/imports', () => {
  it('applies JSON rows, skipping and reporting the bad ones; the run reads back; dry_run changes nothing', async () => {
    const { t, key, json } = await setup();
    const rows = Array.from({ length: 60 }, (_, i) => row(`PUSH-${i}`));
    rows[4] = row('PUSH-BAD', 'Z');
    const before = await stockState(t);
    const dry = await json('POST', '/stock/imports', { rows, dry_run: true });
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({ id: null, status: 'dry_run', created: 59, skipped: 1 });
    expect(await stockState(t)).toBe(before);
    expect(await t.db.select().from(stockImports)).toEqual([]);

    const res = await json('POST', '/stock/imports', { rows });
    expect(res.status).toBe(200);
    const run = (await res.json()) as Run;
    expect(run).toMatchObject({ status: 'applied', mode: 'update', rows: 60, created: 59, skipped: 1 });
    expect(run.skipped_rows).toEqual([
      { row: 6, column: 'Colour', value: 'Z', reason: 'Colour must be D to M, not "Z"' },
    ]);
    expect(run.changes).toEqual({ from: 1, to: 59 });
    expect(await (await t.call(`/stock/imports/${run.id}`, key)).json()).toEqual(run);
    expect((await t.call('/stock/imports/999999', key)).status).toBe(404);
    // the history names the key
    expect((await t.db.select().from(stockImports).where(eq(stockImports.id, run.id!)))[0]).toMatchObject({
      origin: 'api_key',
      originLabel: 'ERP push',
    });
  });

  // a large push of stock: 11 s on a loaded 2-core machine
  it(
    'takes a CSV body; a replace that drops 30 % waits for staff; a large push answers 202 and runs once',
    { timeout: 60_000 },
    async () => {
      const { t, key, json } = await setup();
      const csv = 'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price\nCSV-1,Oval,0.9,F,VS2,3100\n';
      const res = await t.call('/stock/imports', key, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: csv,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'applied', created: 1 });

      const inStock = await t.db.select({ code: diamonds.stockCode }).from(diamonds).where(eq(diamonds.inStock, true));
      const keep = inStock.slice(0, Math.floor(inStock.length * 0.7)).map((r) => ({ StkCodeCalcNS: r.code }));
      const before = await stockState(t);
      const waiting = await json('POST', '/stock/imports?mode=replace', {
        rows: keep.map((r) => ({ ...r, Comments: '' })),
      });
      expect(waiting.status).toBe(200);
      expect(await waiting.json()).toMatchObject({
        status: 'needs_confirmation',
        out_of_stock: inStock.length - keep.length,
      });
      expect(await stockState(t)).toBe(before);

      const big = Array.from({ length: 2500 }, (_, i) => row(`BIG-${i}`));
      const accepted = await json('POST', '/stock/imports', { rows: big });
      expect(accepted.status).toBe(202);
      const started = (await accepted.json()) as Run;
      expect(started.status).toBe('running');
      await settled(t.db); // the work after the answer
      const done = (await (await t.call(`/stock/imports/${started.id}`, key)).json()) as Run;
      expect(done).toMatchObject({ status: 'applied', created: 2500 });
      const bigRuns = await t.db.select().from(stockImports).where(eq(stockImports.created, 2500));
      expect(bigRuns).toHaveLength(1);
    },
  );

  it('refuses a body over 25 MB (413) and another media type (415)', async () => {
    const { t, key } = await setup();
    const huge = new Uint8Array(26 * 1024 * 1024).fill(65);
    const res = await t.call('/stock/imports', key, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: huge,
    });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).msg).toBe('payload_too_large');
    const text = await t.call('/stock/imports', key, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(text.status).toBe(415);
  });
});

describe('one stone', () => {
  it('PUT creates, then changes nothing when sent again (no change-log row); a bad field is 422', async () => {
    const { t, json } = await setup();
    const first = await json('PUT', '/stock/ONE-1', {
      StkShape: 'Pear',
      STWeight: 1.5,
      Colour: 'E',
      Clarity: 'VVS2',
      price: 9900,
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'applied', created: 1 });
    const logged = await changesOf(t, 'ONE-1');
    expect(logged).toBe(1);
    const second = await json('PUT', '/stock/ONE-1', {
      StkShape: 'Pear',
      STWeight: 1.5,
      Colour: 'E',
      Clarity: 'VVS2',
      price: 9900,
    });
    expect(await second.json()).toMatchObject({
      status: 'applied',
      created: 0,
      updated: 0,
      unchanged: 1,
      changes: null,
    });
    expect(await changesOf(t, 'ONE-1')).toBe(logged);

    const bad = await json('PUT', '/stock/ONE-1', { Colour: 'Z' });
    expect(bad.status).toBe(422);
    const err = await errorOf(bad);
    expect(err.msg).toBe('stone_invalid');
    expect(err.options).toMatchObject({
      import: { status: 'refused', skipped_rows: [{ column: 'Colour', value: 'Z' }] },
    });
    const other = await json('PUT', '/stock/ONE-1', { StkCodeCalcNS: 'ONE-2', price: 1 });
    expect(other.status).toBe(400);
  });

  it('DELETE takes a stone out of stock and ends its hold (left_stock); an unknown code is 404', async () => {
    const { t, key } = await setup();
    const stone = await aStone(t);
    const buyer = await insertUser(t.db, { email: 'holder@jeweller.example' });
    await t.db
      .insert(holds)
      .values({ diamondId: stone.id, userId: buyer.id, expiresAt: new Date(t.clock.now() + 3_600_000) });
    const res = await t.call(`/stock/${stone.stockCode}`, key, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'applied', out_of_stock: 1 });
    expect((await t.db.select().from(diamonds).where(eq(diamonds.id, stone.id)))[0]?.inStock).toBe(false);
    expect((await t.db.select().from(holds).where(eq(holds.diamondId, stone.id)))[0]?.endReason).toBe('left_stock');
    const again = await t.call(`/stock/${stone.stockCode}`, key, { method: 'DELETE' });
    expect(await again.json()).toMatchObject({ out_of_stock: 0, changes: null });
    const unknown = await t.call('/stock/NO-SUCH-STONE', key, { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).msg).toBe('stone_not_found');
  });

  it('10 concurrent PATCHes of one stone: each writes its one change-log row, the last write wins', async () => {
    const { t, json } = await setup();
    const stone = await aStone(t);
    const before = await changesOf(t, stone.stockCode);
    const prices = Array.from({ length: 10 }, (_, i) => 5001 + i);
    const answers = await Promise.all(prices.map((price) => json('PATCH', `/stock/${stone.stockCode}`, { price })));
    const runs = (await Promise.all(answers.map((r) => r.json()))) as Run[];
    expect(answers.map((r) => r.status)).toEqual(prices.map(() => 200));
    expect(runs.every((r) => r.updated === 1 && r.changes && r.changes.to === r.changes.from)).toBe(true);
    expect((await changesOf(t, stone.stockCode)) - before).toBe(10);
    // the stone holds the price of the run committed last (the highest change-log sequence)
    const last = runs.reduce((a, b) => (a.changes!.to > b.changes!.to ? a : b));
    const order = runs.map((r) => r.id);
    const lastPrice = prices[order.indexOf(last.id)]!;
    expect((await t.db.select().from(diamonds).where(eq(diamonds.id, stone.id)))[0]?.priceCents).toBe(lastPrice * 100);
    expect((await json('PATCH', '/stock/NO-SUCH-STONE', { price: 1 })).status).toBe(404);
  });
});

describe('PATCH media links', () => {
  /** The wholesaler's file server (loopback only): each path answers as set; every path asked is kept. */
  const files = new Map<string, { type: string; body: Uint8Array | string }>();
  const asked: string[] = [];
  let base = '';
  let close = async () => {};
  beforeAll(async () => {
    ({ base, close } = await startFileServer((req, res) => {
      asked.push(req.url ?? '');
      const f = files.get(req.url ?? '');
      if (f) res.writeHead(200, { 'content-type': f.type }).end(f.body);
      else res.writeHead(404).end();
    }));
  });
  afterAll(() => close());
  const pngOf = (background: string) =>
    sharp({ create: { width: 12, height: 8, channels: 3, background } })
      .png()
      .toBuffer();
  const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const LOOPBACK = { STOCK_FEEDS_ALLOW_LOOPBACK: 'true', STOCK_FEED_TIMEOUT_MS: '2000' };
  const mediaState = async (t: LinkTestApp) =>
    JSON.stringify([
      await t.db.select().from(diamondMedia).orderBy(diamondMedia.id),
      await t.db.select().from(diamondCertificates).orderBy(diamondCertificates.id),
      (await t.db.select({ n: count() }).from(uploads))[0]?.n,
    ]);

  it('fetches, checks and stores the files; the stone shows them from the shop; the same links again store nothing', async () => {
    const { t, json } = await setup(LOOPBACK);
    const stone = await aStone(t);
    files.set('/a.png', { type: 'image/png', body: await pngOf('#b08d57') });
    files.set('/cert.pdf', { type: 'application/pdf', body: PDF });
    const body = { price: 6100, image_urls: [`${base}/a.png`], certificate_url: `${base}/cert.pdf` };
    const res = await json('PATCH', `/stock/${stone.stockCode}`, body);
    expect(res.status, await res.clone().text()).toBe(200);
    const run = (await res.json()) as Run & { media: { stored: string[]; unchanged: string[] } };
    expect(run).toMatchObject({
      status: 'applied',
      updated: 1,
      media: { stored: ['image_urls.0', 'certificate_url'] },
    });
    // the fields and the files committed in one transaction: the run's events are both
    const events = await t.db
      .select({ kind: stockChanges.kind, fields: stockChanges.fields })
      .from(stockChanges)
      .where(and(gte(stockChanges.seq, run.changes!.from), lte(stockChanges.seq, run.changes!.to)))
      .orderBy(stockChanges.seq);
    expect(events).toEqual([
      { kind: 'price_changed', fields: ['price'] },
      { kind: 'updated', fields: ['certificate_url', 'media'] },
    ]);
    const images = await t.db.select().from(diamondMedia).where(eq(diamondMedia.diamondId, stone.id));
    expect(images.filter((m) => m.type === 'image').map((m) => m.src)).toEqual([
      expect.stringMatching(/^\/uploads\/[a-f0-9]{24}\.png$/),
    ]);
    const cert = await t.db.select().from(diamondCertificates).where(eq(diamondCertificates.diamondId, stone.id));
    expect(cert).toHaveLength(1);
    expect((await t.db.select().from(diamonds).where(eq(diamonds.id, stone.id)))[0]?.priceCents).toBe(610000);
    // the stone read by its code shows the shop's own address
    const read = await t.call(`/stones/${stone.stockCode}`, await linkKeyFor(t, 'reader@jeweller.example', 'trade'));
    expect(JSON.stringify(await read.json())).toContain(images.find((m) => m.type === 'image')!.src);

    const before = await changesOf(t, stone.stockCode);
    const again = await json('PATCH', `/stock/${stone.stockCode}`, { image_urls: [`${base}/a.png`] });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      updated: 0,
      unchanged: 1,
      media: { stored: [], unchanged: ['image_urls.0'] },
    });
    expect(await changesOf(t, stone.stockCode)).toBe(before);
  });

  it('a link that fails refuses the call naming its field, and nothing is stored', async () => {
    const { t, json } = await setup(LOOPBACK);
    const stone = await aStone(t);
    files.set('/login', { type: 'text/html', body: '<!doctype html><title>Sign in</title>' });
    files.set('/cert.pdf', { type: 'application/pdf', body: PDF });
    files.set('/fake.png', { type: 'image/png', body: PDF });
    const stock = await stockState(t);
    const media = await mediaState(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: 1, certificate_url: `${base}/login` }, 'certificate_url', 'login_page'],
      [{ image_urls: [`${base}/cert.pdf`] }, 'image_urls.0', 'wrong_type'],
      [{ image_urls: [`${base}/fake.png`] }, 'image_urls.0', 'wrong_content'],
      [{ video_url: `${base}/missing.mp4` }, 'video_url', 'http_error'],
      [
        { certificate_url: `${base}/cert.pdf`, image_urls: ['http://10.1.2.3/a.png'] },
        'image_urls.0',
        'address_refused',
      ],
    ];
    for (const [body, field, failure] of cases) {
      const res = await json('PATCH', `/stock/${stone.stockCode}`, body);
      expect(res.status, field).toBe(422);
      expect(await errorOf(res)).toMatchObject({ msg: 'media_link_refused', options: { field, failure } });
    }
    expect(await stockState(t)).toBe(stock);
    expect(await mediaState(t)).toBe(media);
  });

  it('a failure after the files were written leaves nothing: the stone, its files and events roll back', async () => {
    const { t, admin } = await setup(LOOPBACK);
    const stone = await aStone(t);
    files.set('/b.png', { type: 'image/png', body: await pngOf('#1b1b1b') });
    const [stock, media, events] = [await stockState(t), await mediaState(t), await changesOf(t)];
    const pulled = await pullMediaLinks(t.deps, { image_urls: [`${base}/b.png`] });
    const run = runImport(t.deps, {
      by: { origin: 'staff', staffId: admin.id, label: 'Sam Stock' },
      fileName: `PATCH ${stone.stockCode}`,
      mode: 'update',
      strict: true,
      file: tableFile(tableOfStone(stone.stockCode, { price: 6200 })),
      alsoInTx: async (tx) => {
        const m = await writeMediaLinks(tx, admin.id, stone.stockCode, pulled, t.clock.now());
        expect(m.stored).toEqual(['image_urls.0']);
        throw new Error('the connection was lost');
      },
    });
    await expect(run).rejects.toThrow('the connection was lost');
    expect(await stockState(t)).toBe(stock);
    expect(await mediaState(t)).toBe(media);
    expect(await changesOf(t)).toBe(events);
  });

  it('without the loopback setting a local link is refused before any connection', async () => {
    const { t, json } = await setup();
    const stone = await aStone(t);
    asked.length = 0;
    const res = await json('PATCH', `/stock/${stone.stockCode}`, { image_urls: [`${base}/a.png`] });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ options: { field: 'image_urls.0', failure: 'address_refused' } });
    expect(asked).toEqual([]);
    const bad = await json('PATCH', `/stock/${stone.stockCode}`, { video_url: 'not a link' });
    expect(bad.status).toBe(400);
  });
});
